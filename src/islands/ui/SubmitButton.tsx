// A form's submit button: disabled while sending, with its own busy label (the visa form's
// 'Submitting...'), so a second click cannot send again.
interface Props {
  label: string;
  busyLabel?: string;
  busy: boolean;
}

/** Submit button that reads `busyLabel` and is disabled while `busy`. */
export default function SubmitButton({ label, busyLabel = 'Sending...', busy }: Props) {
  return (
    <button type="submit" className="form-submit" disabled={busy} aria-disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
