// A form's submit button: disabled while sending, with its own busy label (the visa form's
// 'Submitting...'), so a second click cannot send again. The later clicks of a double (or triple)
// click never submit either, even once the first one's answer has come: a quick answer resets the
// form between the two clicks, and the second would send the blank form, trading the success
// message for an error on every field. Only a multi-click whose earlier click already went through
// this button is cut short: one that began on the button while it was still disabled (before the
// island hydrated) has sent nothing yet, so its next click submits.
import { useRef, type MouseEvent } from 'react';

interface Props {
  label: string;
  busyLabel?: string;
  busy: boolean;
  /** Disabled without being busy (e.g. until the island has hydrated). */
  disabled?: boolean;
  /** 'danger' for a submit that deletes (red, as the button that opened its dialog). */
  tone?: 'danger';
}

/** Submit button that reads `busyLabel` and is disabled while `busy`. */
export default function SubmitButton({ label, busyLabel = 'Sending...', busy, disabled = false, tone }: Props) {
  // Whether a click of the current multi-click has submitted. The browser counts a multi-click's
  // clicks in `detail` (1 starts one); a key or an implicit submission (Enter in a field) gives 0.
  const multiClickSent = useRef(false);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail <= 1) multiClickSent.current = event.detail === 1;
    else if (multiClickSent.current) event.preventDefault();
    else multiClickSent.current = true;
  };
  return (
    <button type="submit" className={tone ? `form-submit form-submit--${tone}` : 'form-submit'} disabled={busy || disabled} aria-disabled={busy || disabled} onClick={onClick}>
      {busy ? busyLabel : label}
    </button>
  );
}
