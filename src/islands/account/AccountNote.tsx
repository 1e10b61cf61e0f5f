// The short notes the account pages show instead of a form: checking a link, done, or what went
// wrong with the way forward. The first line is announced: politely for progress and success, at
// once (an alert) for a problem.
import type { ReactNode } from 'react';

type Tone = 'progress' | 'plain' | 'success' | 'error';

interface Props {
  tone: Tone;
  message: string;
  /** What the visitor can do next (links, a retry button). */
  children?: ReactNode;
}

const TONE_CLASS: Record<Tone, string> = {
  progress: 'account-note',
  plain: 'account-note',
  success: 'account-note account-note--success',
  error: 'account-note account-note--error',
};

export default function AccountNote({ tone, message, children }: Props) {
  const role = tone === 'error' ? 'alert' : tone === 'plain' ? undefined : 'status';
  if (tone === 'progress' && !children) {
    return (
      <p className={TONE_CLASS[tone]} role={role}>
        {message}
      </p>
    );
  }
  return (
    <div className={TONE_CLASS[tone]}>
      <p role={role}>{message}</p>
      {children}
    </div>
  );
}

/**
 * Where a visitor whose account is ready goes next. Its class hides the page's links to log in or
 * sign up (AccountShell.astro): the visitor is signed in, as the nav says.
 */
export function AccountNextSteps() {
  return (
    <p className="account-next-steps">
      <a href="/profile">Go to your profile</a> or <a href="/visa-form">apply for a visa</a>.
    </p>
  );
}
