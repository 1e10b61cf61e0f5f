// The code step: the 6-digit code of the person's authenticator app, asked after the password (at
// /login for anyone with an app set up, and by /admin for a staff session signed in with the
// password only). Focus moves to the code field when the step appears, so a keyboard or screen
// reader user is where the page now asks something of them.
import { useEffect, useRef } from 'react';
import { verifySignInCode } from '../../lib/auth/second-factor.ts';
import { codeSchema, type CodeData } from '../../lib/forms/second-factor.ts';
import type { Result } from '../../lib/result.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { TextField } from '../ui/Field.tsx';

interface Props {
  /** Called once the code is right (the session is at aal2). */
  onVerified: () => void;
  /** What the step says once the code is right (the login's 'Login successful!'); none by default. */
  success?: string;
}

export default function CodeStep({ onVerified, success = '' }: Props) {
  const submit = async ({ code }: CodeData): Promise<Result> => {
    const result = await verifySignInCode(code);
    if (result.ok) onVerified();
    return result;
  };
  const form = useForm({ schema: codeSchema, initial: { code: '' }, submit, success, resetOnSuccess: false });
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current) return;
    focused.current = true;
    form.formRef.current?.querySelector('input')?.focus();
  }, [form.formRef]);

  const done = form.status === 'success';
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-labelledby="code-step-title">
      <h2 id="code-step-title">Enter your authentication code</h2>
      <p>Open the authenticator app on your phone and type the 6-digit code it shows for Bridgeway Visa &amp; Immigration.</p>
      <TextField
        label="Authentication code"
        field={form.fieldProps('code')}
        error={form.errors.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        spellCheck={false}
      />
      <SubmitButton label="Verify" busyLabel="Verifying..." busy={form.submitting || done} />
      <FormMessage status={form.status} message={form.message} alertOnSuccess={success !== ''} />
    </form>
  );
}
