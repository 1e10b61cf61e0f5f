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
import Dialog from '../ui/Dialog.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import PrivacyNote from '../ui/PrivacyNote.tsx';
import { Honeypot, TextArea, TextField } from '../ui/Field.tsx';
import { focusFirstField } from './focus.ts';
import { useStoredForm } from './use-stored-form.ts';

// The row records the page it was sent from (/contact or /contact1).
const storeMessage = ({ website, ...message }: ContactMessage, clientKey: string) =>
  store(
    (supabase) =>
      supabase.from('contact_messages').insert({ ...message, page: contactPage(location.pathname), website: website || null, client_key: clientKey }),
    CONTACT_FAILURE,
  );

export default function ContactForm() {
  const form = useStoredForm({ schema: contactSchema, initial: CONTACT_INITIAL, storeRow: storeMessage });
  const { formRef, errors, fieldProps } = form;
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
        <PrivacyNote form="contact" />
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
