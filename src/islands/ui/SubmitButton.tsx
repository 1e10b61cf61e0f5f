// A form's submit button: disabled while sending, with its own busy label (the visa form's
// 'Submitting...'), so a second click cannot send again.
interface Props {
  label: string;
  busyLabel?: string;
  busy: boolean;
  /** Disabled without being busy (e.g. until the island has hydrated). */
  disabled?: boolean;
}

/** Submit button that reads `busyLabel` and is disabled while `busy`. */
export default function SubmitButton({ label, busyLabel = 'Sending...', busy, disabled = false }: Props) {
  return (
    <button type="submit" className="form-submit" disabled={busy || disabled} aria-disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}
