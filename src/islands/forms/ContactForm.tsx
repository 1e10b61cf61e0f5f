// The contact form of /contact and /contact1 (one island; the row records the page). Success opens
// the 'Success' dialog and resets the form; a failure keeps every word.
import {
  CONTACT_FAILURE,
  CONTACT_INITIAL,
  CONTACT_SUCCESS,
  CONTACT_SUCCESS_TITLE,
  contactPage,
  contactSchema,
  type ContactMessage,
} from '../../lib/forms/contact.ts';
import { store } from '../../lib/forms/submit.ts';
import { useForm } from '../hooks/use-form.ts';
import Dialog from '../ui/Dialog.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { Honeypot, TextArea, TextField } from '../ui/Field.tsx';
import { focusFirstField } from './focus.ts';
import { useServerForm } from '../hooks/use-server-form.ts';
import { useStoredSubmission } from './use-stored-submission.ts';

type Sent = ContactMessage & { page: string };

const storeMessage = ({ website, ...message }: Sent, clientKey: string) =>
  store((supabase) => supabase.from('contact_messages').insert({ ...message, website: website || null, client_key: clientKey }), CONTACT_FAILURE);

export default function ContactForm() {
  const store = useStoredSubmission(storeMessage);
  const form = useForm({
    schema: contactSchema,
    initial: CONTACT_INITIAL,
    submit: (message: ContactMessage) => store({ ...message, page: contactPage(location.pathname) }),
  });
  const { formRef, values, errors, fieldProps, setValue } = form;
  useServerForm(formRef, values, setValue);
  const sent = form.status === 'success';

  return (
    <>
      <form ref={formRef} className="form" noValidate onSubmit={form.onSubmit} aria-label="Send us a message">
        <div className="form__row">
          <TextField label="Your Name" field={fieldProps('name')} error={errors.name} autoComplete="name" />
          <TextField label="Email" field={fieldProps('email')} error={errors.email} type="email" autoComplete="email" />
        </div>
        <div className="form__row">
          <TextField label="Subject" field={fieldProps('subject')} error={errors.subject} />
          <TextField label="Phone number" field={fieldProps('phone')} error={errors.phone} type="tel" autoComplete="tel" />
        </div>
        <TextArea label="Message" field={fieldProps('message')} error={errors.message} rows={6} />
        <Honeypot field={fieldProps('website')} />
        <SubmitButton label="Send message" busyLabel="Sending..." busy={form.submitting} />
        <FormMessage status={sent ? 'idle' : form.status} message={sent ? '' : form.message} />
      </form>
      <Dialog
        open={sent}
        title={CONTACT_SUCCESS_TITLE}
        onClose={() => {
          form.clearMessage();
          focusFirstField(formRef.current);
        }}
      >
        <p>{CONTACT_SUCCESS}</p>
      </Dialog>
    </>
  );
}
