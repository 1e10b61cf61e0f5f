// The visa application (/visa-form). Signed-in users only: a signed-out visitor goes to /login
// with this page (and its ?type=) as `next`. The type from the link is preselected and survives
// the reset after a success; name and email start from the profile, again after each success.
// Documents chosen with the application are sent once its row is stored, and the success dialog
// waits for them (use-application-submission.ts); while a stored application waits for a file,
// its fields keep what was typed, read-only, since the row is already stored.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { authState, startAuth } from '../../lib/auth/store.ts';
import { MARITAL_STATUSES, VISA_TYPES } from '../../../common/domain.ts';
import {
  VISA_APPLICATION_INITIAL,
  VISA_SUCCESS,
  VISA_SUCCESS_TITLE,
  requestedVisaType,
  visaApplicationSchema,
} from '../../lib/forms/visa-application.ts';
import { useForm } from '../hooks/use-form.ts';
import Dialog from '../ui/Dialog.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import PrivacyNote from '../ui/PrivacyNote.tsx';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { focusFirstField } from './focus.ts';
import { useServerForm } from '../hooks/use-server-form.ts';
import { loginHref } from '../../page-scripts/login-redirect.ts';
import VisaDocumentsField from './VisaDocumentsField.tsx';
import { useApplicationSubmission } from './use-application-submission.ts';

/** The preselected visa type survives the reset after a success (specification section 4). */
const KEEP_ON_RESET: (keyof typeof VISA_APPLICATION_INITIAL)[] = ['visa_type'];

export default function VisaApplicationForm() {
  const auth = useStore(authState);
  const { documents, awaitingFiles, submit } = useApplicationSubmission(auth.status === 'signed-in' ? auth.userId : '');
  const form = useForm({
    schema: visaApplicationSchema,
    initial: VISA_APPLICATION_INITIAL,
    submit,
    keepOnReset: KEEP_ON_RESET,
  });
  const { formRef, values, errors, fieldProps, setValue } = form;
  useServerForm(formRef, values, setValue);
  const prefilled = useRef(false);
  const sent = form.status === 'success';

  // A success resets the fields: the next application starts from the profile again. Declared
  // before the fill below so that, in the render of the reset, it runs first.
  useEffect(() => {
    if (sent) prefilled.current = false;
  }, [sent]);

  useEffect(() => {
    void startAuth();
    const type = requestedVisaType(location.search);
    if (type) setValue('visa_type', type);
  }, [setValue]);

  useEffect(() => {
    if (auth.status === 'signed-out') location.replace(loginHref(location));
    // Fill name and email once per application, from the profile when it has arrived; never over
    // what was typed.
    if (auth.status !== 'signed-in' || prefilled.current || (!auth.profile && !auth.profileError)) return;
    prefilled.current = true;
    const name = auth.profile?.full_name;
    if (name && !values.name) setValue('name', name);
    if (auth.email && !values.email) setValue('email', auth.email);
  }, [auth, setValue, values.name, values.email]);

  return (
    <>
      <form ref={formRef} className="form" noValidate onSubmit={form.onSubmit} aria-label="Visa application">
        <fieldset className="form__group" disabled={awaitingFiles}>
          <SelectField
            label="Visa type"
            field={fieldProps('visa_type')}
            error={errors.visa_type}
            options={VISA_TYPES}
            placeholder="Choose a visa type"
          />
          <div className="form__row">
            <TextField label="Full name" field={fieldProps('name')} error={errors.name} autoComplete="name" />
            <TextField label="Email" field={fieldProps('email')} error={errors.email} type="email" autoComplete="email" />
          </div>
          <div className="form__row">
            <TextField label="Phone" field={fieldProps('phone')} error={errors.phone} type="tel" autoComplete="tel" />
            <TextField label="Date of birth" field={fieldProps('dob')} error={errors.dob} type="date" autoComplete="bday" />
          </div>
          <div className="form__row">
            <TextField label="Nationality" field={fieldProps('nationality')} error={errors.nationality} />
            <TextField label="Passport number" field={fieldProps('passport_number')} error={errors.passport_number} />
          </div>
          <SelectField
            label="Marital status"
            field={fieldProps('marital_status')}
            error={errors.marital_status}
            options={MARITAL_STATUSES}
            placeholder="Choose your marital status"
          />
          <TextArea label="Address" field={fieldProps('address')} error={errors.address} rows={3} autoComplete="street-address" />
          <TextArea label="Message (optional)" field={fieldProps('message')} error={errors.message} rows={4} />
        </fieldset>
        <VisaDocumentsField
          visaType={values.visa_type}
          queue={documents}
          onRetry={() => formRef.current?.requestSubmit()}
          busy={form.submitting}
        />
        <SubmitButton label="Submit application" busyLabel="Submitting..." busy={form.submitting} />
        <PrivacyNote form="visa" />
        <FormMessage status={sent ? 'idle' : form.status} message={sent ? '' : form.message} />
      </form>
      <Dialog
        open={sent}
        title={VISA_SUCCESS_TITLE}
        onClose={() => {
          form.clearMessage();
          focusFirstField(formRef.current);
        }}
      >
        <p>{VISA_SUCCESS}</p>
      </Dialog>
    </>
  );
}
