// The visa application (/visa-form). Signed-in users only: a signed-out visitor goes to /login
// with this page (and its ?type=) as `next`. The type from the link is preselected and survives
// the reset after a success; name and email start from the profile, again after each success.
// Documents chosen with the application are sent once its row is stored; the success dialog opens
// only when every one of them is stored too. If one fails, the application stays submitted, its
// fields keep what was typed (read-only: the row is stored), and Try again (or Submit again)
// sends the remaining files to the same application.
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authState, startAuth } from '../../lib/auth/store.ts';
import { MARITAL_STATUSES, VISA_TYPES } from '../../lib/domain.ts';
import type { VisaChecklists } from '../../lib/content/visas.ts';
import { applicationIdFor } from '../../lib/forms/application-id.ts';
import { insertRow } from '../../lib/forms/submit.ts';
import { failed, succeeded, type Result } from '../../lib/result.ts';
import {
  VISA_APPLICATION_INITIAL,
  VISA_DOCUMENTS_UNSENT,
  VISA_FAILURE,
  VISA_SUCCESS,
  VISA_SUCCESS_TITLE,
  requestedVisaType,
  visaApplicationSchema,
  type VisaApplication,
} from '../../lib/forms/visa-application.ts';
import { useForm } from '../hooks/use-form.ts';
import Dialog from '../ui/Dialog.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { focusFirstField } from './focus.ts';
import { useServerForm } from '../hooks/use-server-form.ts';
import { loginHref } from '../../scripts/login-redirect.ts';
import { useStoredSubmission } from './use-stored-submission.ts';
import { useDocumentQueue } from '../documents/use-document-queue.ts';
import VisaDocumentsField from './VisaDocumentsField.tsx';

// user_id defaults to the caller (auth.uid()); row-level security refuses any other.
const insertApplication = (application: VisaApplication, clientKey: string) =>
  insertRow('visa_applications', { ...application, client_key: clientKey }, VISA_FAILURE, {
    'The date of birth cannot be in the future.': 'dob',
  });

/** Stores the application; with files to send, also reads back its id (without, nothing more is asked). */
const storeApplication =
  (withFiles: boolean) =>
  async (application: VisaApplication, clientKey: string): Promise<Result<string | undefined>> => {
    const stored = await insertApplication(application, clientKey);
    if (!stored.ok || !withFiles) return stored;
    return applicationIdFor(clientKey, VISA_FAILURE);
  };

/** The preselected visa type survives the reset after a success (specification section 4). */
const KEEP_ON_RESET: (keyof typeof VISA_APPLICATION_INITIAL)[] = ['visa_type'];

export default function VisaApplicationForm({ checklists }: { checklists: VisaChecklists }) {
  const auth = useStore(authState);
  const documents = useDocumentQueue();
  const withFiles = documents.hasUnsent;
  const storeRow = useStoredSubmission(useCallback(storeApplication(withFiles), [withFiles]));
  // The application stored by this submission while some of its files are still unsent: sending
  // again goes to it, and stores no second application.
  const stored = useRef<string | undefined>(undefined);
  const [awaitingFiles, setAwaitingFiles] = useState(false);
  const userId = auth.status === 'signed-in' ? auth.userId : '';
  const { send, clear } = documents;
  const submit = useCallback(
    async (data: VisaApplication): Promise<Result> => {
      let applicationId = stored.current;
      if (!applicationId) {
        const saved = await storeRow(data);
        if (!saved.ok) return saved;
        applicationId = saved.data;
      }
      // No file to send (none chosen, or only refused ones): the application alone is the success.
      if (!applicationId) {
        clear();
        return succeeded();
      }
      stored.current = applicationId;
      if (!(await send({ userId, applicationId }))) {
        setAwaitingFiles(true);
        return failed('refused', VISA_DOCUMENTS_UNSENT);
      }
      stored.current = undefined;
      setAwaitingFiles(false);
      clear();
      return succeeded();
    },
    [storeRow, send, clear, userId],
  );
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
          checklists={checklists}
          visaType={values.visa_type}
          queue={documents}
          onRetry={() => formRef.current?.requestSubmit()}
          busy={form.submitting}
        />
        <SubmitButton label="Submit application" busyLabel="Submitting..." busy={form.submitting} />
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
