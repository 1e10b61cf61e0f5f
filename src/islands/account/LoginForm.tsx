// /login: email and password. A verified login announces 'Login successful!' (an alert on the page)
// and goes to `?next=` (same-origin paths only) or `/`. For anyone with an authenticator app set up,
// the code step (CodeStep) comes between the password and 'Login successful!'; it is loaded only
// then, so a login without one downloads none of it. An unverified address is refused with the
// specification's message, the visitor stays signed out, and the Resend Verification Email button
// appears; it reuses the typed credentials (src/lib/auth/actions.ts says why).
import './account.css';
import { lazy, Suspense, useState } from 'react';
import { logIn, resendVerification, type Credentials } from '../../lib/auth/actions.ts';
import { assurance } from '../../lib/auth/second-factor.ts';
import { safeNextPath } from '../../lib/auth/next.ts';
import { startAuth } from '../../lib/auth/store.ts';
import { LOGIN_TEXTS, loginSchema, type LoginData } from '../../lib/forms/login.ts';
import type { Result } from '../../lib/result.ts';
import { useForm, type FormStatus } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { TextField } from '../ui/Field.tsx';
import { useServerForm } from '../hooks/use-server-form.ts';
import CaptchaWidget from './CaptchaWidget.tsx';

/** How long 'Login successful!' stays up before the next page opens, so it is seen and read. */
const LOGIN_REDIRECT_DELAY_MS = 1000;

const CodeStep = lazy(() => import('./CodeStep.tsx'));

/** Opens `?next=` (or `/`) once 'Login successful!' has been up for a moment. */
function goNext(): void {
  // The store picks up the new session, so the nav shows the account while the alert is up.
  void startAuth();
  const next = safeNextPath(new URLSearchParams(window.location.search).get('next'), window.location.origin);
  setTimeout(() => window.location.assign(next), LOGIN_REDIRECT_DELAY_MS);
}

export default function LoginForm() {
  // The credentials the service last found right but not verified; with them the Resend
  // button needs no second check (resendVerification says why that matters with a CAPTCHA).
  const [unverified, setUnverified] = useState<Credentials | null>(null);
  const [resend, setResend] = useState<{ status: FormStatus; message: string }>({ status: 'idle', message: '' });
  // The password was right and the account has an authenticator app: its code comes next.
  const [codeStep, setCodeStep] = useState(false);

  const submit = async ({ email, password }: LoginData): Promise<Result> => {
    setResend({ status: 'idle', message: '' });
    const result = await logIn(email, password);
    setUnverified(!result.ok && result.error.kind === 'unverified' ? { email, password } : null);
    if (!result.ok) return result;
    // A session that cannot be read here goes on as without an app: /admin asks for the code itself.
    const level = await assurance();
    if (level.ok && level.data.hasFactor && !level.data.verified) setCodeStep(true);
    else goNext();
    return result;
  };

  const form = useForm({
    schema: loginSchema,
    initial: { email: '', password: '' },
    submit,
    success: LOGIN_TEXTS.success,
    resetOnSuccess: false,
  });
  // What was typed while React loaded is kept, and a submit held before then is sent (the page
  // hydrates on first use).
  useServerForm(form.formRef, form.values, form.setValue);

  const resendEmail = async () => {
    if (resend.status === 'submitting') return;
    setResend({ status: 'submitting', message: '' });
    const typed = { email: form.values.email.trim(), password: form.values.password };
    const result = await resendVerification(typed.email, typed.password, unverified ?? undefined);
    if (!result.ok) setResend({ status: 'error', message: result.error.message });
    else if (result.data === 'solve-again') {
      setUnverified(typed);
      setResend({ status: 'error', message: LOGIN_TEXTS.resendSolveAgain });
    } else setResend({ status: 'success', message: result.data === 'sent' ? LOGIN_TEXTS.resendSent : LOGIN_TEXTS.resendAlreadyVerified });
  };

  const succeeded = form.status === 'success';
  if (codeStep) {
    return (
      <Suspense fallback={<p role="status">Loading...</p>}>
        <CodeStep success={LOGIN_TEXTS.success} onVerified={goNext} />
      </Suspense>
    );
  }
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-label="Log in">
      <TextField label="Email" field={form.fieldProps('email')} error={form.errors.email} type="email" autoComplete="email" />
      <TextField
        label="Password"
        field={form.fieldProps('password')}
        error={form.errors.password}
        type="password"
        autoComplete="current-password"
      />
      <CaptchaWidget />
      <SubmitButton label="Login" busyLabel="Logging in..." busy={form.submitting || succeeded} />
      <FormMessage status={form.status} message={form.message} alertOnSuccess />
      {unverified && (
        <div className="account-resend">
          <button
            type="button"
            className="form-submit form-submit--secondary"
            onClick={() => void resendEmail()}
            disabled={resend.status === 'submitting'}
          >
            {resend.status === 'submitting' ? 'Sending...' : 'Resend Verification Email'}
          </button>
          <FormMessage status={resend.status} message={resend.message} />
        </div>
      )}
    </form>
  );
}
