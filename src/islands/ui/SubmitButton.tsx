// A form's submit button: disabled while sending, with its own busy label (the visa form's
// 'Submitting...'), so a second click cannot send again. The second click of a double click never
// submits either, even once the first one's answer has come: a quick answer resets the form between
// the two clicks, and the second would send the blank form, trading the success message for an
// error on every field.
import type { MouseEvent } from 'react';

interface Props {
  label: string;
  busyLabel?: string;
  busy: boolean;
  /** Disabled without being busy (e.g. until the island has hydrated). */
  disabled?: boolean;
}

/** Cancels the later clicks of a multi-click (the browser counts them in `detail`; keys give 0). */
const ignoreRepeatedClick = (event: MouseEvent<HTMLButtonElement>) => {
  if (event.detail > 1) event.preventDefault();
};

/** Submit button that reads `busyLabel` and is disabled while `busy`. */
export default function SubmitButton({ label, busyLabel = 'Sending...', busy, disabled = false }: Props) {
  return (
    <button type="submit" className="form-submit" disabled={busy || disabled} aria-disabled={busy || disabled} onClick={ignoreRepeatedClick}>
      {busy ? busyLabel : label}
    </button>
  );
}
