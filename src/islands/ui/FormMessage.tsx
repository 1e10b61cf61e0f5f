// The outcome of a submission, announced: a failure as an alert (read at once), a success as a
// status (read politely). Rendered empty first, so the live region exists before its text changes.
import type { FormStatus } from '../hooks/use-form.ts';

interface Props {
  status: FormStatus;
  message: string;
  /** Announce a success as an alert too (the login's 'Login successful!', read before the page changes). */
  alertOnSuccess?: boolean;
}

/** Shows the form's success or failure message in a live region. */
export default function FormMessage({ status, message, alertOnSuccess = false }: Props) {
  const failed = status === 'error';
  return (
    <div role={failed || alertOnSuccess ? 'alert' : 'status'} className={`form-message${message ? ` form-message--${failed ? 'error' : 'success'}` : ''}`}>
      {message}
    </div>
  );
}
