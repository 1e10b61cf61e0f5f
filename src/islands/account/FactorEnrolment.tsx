// Setting up an authenticator app, in two steps: a name for the device, then its QR code with the
// secret written out beside it (for an app that cannot scan) and the first code, which confirms
// it. Staff go through it before the admin opens; anyone may from /profile. The QR code comes
// drawn from the auth service (an SVG data URI), so no QR library reaches the browser.
import './account.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { enrolFactor, verifyCode, type Enrolment } from '../../lib/auth/second-factor.ts';
import { codeSchema, deviceSchema, type CodeData, type DeviceData } from '../../lib/forms/second-factor.ts';
import type { Result } from '../../lib/result.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { TextField } from '../ui/Field.tsx';

interface Props {
  /** Said above the first step (why the app is needed here). */
  intro: ReactNode;
  /** Called once the first code is right: the app is set up and the session is at aal2. */
  onEnrolled: () => void;
  /** A way out of the set-up (the profile's), when there is one. */
  onCancel?: () => void;
}

/** The secret in groups of four, as authenticator apps print keys, easier to copy by eye. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export default function FactorEnrolment({ intro, onEnrolled, onCancel }: Props) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  return enrolment ? (
    <ConfirmApp enrolment={enrolment} onEnrolled={onEnrolled} onCancel={onCancel} />
  ) : (
    <NameDevice intro={intro} onEnrolment={setEnrolment} onCancel={onCancel} />
  );
}

function NameDevice({ intro, onEnrolment, onCancel }: { intro: ReactNode; onEnrolment: (e: Enrolment) => void; onCancel?: (() => void) | undefined }) {
  const submit = async ({ name }: DeviceData): Promise<Result<Enrolment>> => {
    const result = await enrolFactor(name);
    if (result.ok) onEnrolment(result.data);
    return result;
  };
  const form = useForm({ schema: deviceSchema, initial: { name: 'My phone' }, submit, resetOnSuccess: false });
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-labelledby="enrol-title">
      <h2 id="enrol-title" tabIndex={-1}>
        Set up an authenticator app
      </h2>
      {intro}
      <TextField
        label="Name for this device"
        hint="So you can tell your devices apart later, for example “Work phone”."
        field={form.fieldProps('name')}
        error={form.errors.name}
        autoComplete="off"
      />
      <SubmitButton label="Continue" busyLabel="Preparing..." busy={form.submitting || form.status === 'success'} />
      {onCancel && (
        <button type="button" className="form-submit form-submit--secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}

function ConfirmApp({ enrolment, onEnrolled, onCancel }: { enrolment: Enrolment; onEnrolled: () => void; onCancel?: (() => void) | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaced the one the person was on: focus goes to its heading, read first.
  useEffect(() => heading.current?.focus(), []);
  const submit = async ({ code }: CodeData): Promise<Result> => {
    const result = await verifyCode(enrolment.factorId, code);
    if (result.ok) onEnrolled();
    return result;
  };
  const form = useForm({ schema: codeSchema, initial: { code: '' }, submit, success: 'Your authenticator app is set up.', resetOnSuccess: false });
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-labelledby="confirm-app-title">
      <h2 id="confirm-app-title" ref={heading} tabIndex={-1}>
        Scan the QR code with your app
      </h2>
      <p>Open your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), add an account, and scan this code.</p>
      <img className="factor-qr" src={enrolment.qrCode} alt="QR code that adds Bridgeway Visa & Immigration to an authenticator app" width={200} height={200} />
      <p id="factor-secret-label">If your app cannot scan it, type this key instead:</p>
      <p>
        <code className="factor-secret" aria-labelledby="factor-secret-label" data-secret={enrolment.secret}>
          {grouped(enrolment.secret)}
        </code>
      </p>
      <TextField
        label="Code from the app"
        hint="Type the 6-digit code the app now shows, to confirm it is set up."
        field={form.fieldProps('code')}
        error={form.errors.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        spellCheck={false}
      />
      <SubmitButton label="Confirm" busyLabel="Confirming..." busy={form.submitting || form.status === 'success'} />
      {onCancel && (
        <button type="button" className="form-submit form-submit--secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
