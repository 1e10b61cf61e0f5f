// The footer's newsletter form, on every page. Hydrated by `client:interaction` (first focus,
// press or keystroke), so no page downloads React for it at load. A blank address does nothing;
// any stored or already-stored address gets the same thanks. A sign-up records the consent it
// gives: the privacy notice's version shown beside the form (a prop, from the notice's content
// entry at build time) and the page it was given on; the database adds the time.
import { useCallback, type FormEvent } from 'react';
import {
  NEWSLETTER_FAILURE,
  NEWSLETTER_INITIAL,
  NEWSLETTER_SUCCESS,
  consentPage,
  isBlankSignup,
  newsletterSchema,
  type NewsletterSignup,
} from '../../lib/forms/newsletter.ts';
import { store } from '../../lib/forms/submit.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import PrivacyNote from '../ui/PrivacyNote.tsx';
import { Honeypot, TextField } from '../ui/Field.tsx';
import { useStoredForm } from './use-stored-form.ts';

// The address is unique in the table, so a repeat is already harmless: no idempotency key needed.
const subscribe = ({ email, website }: NewsletterSignup, noticeVersion: string) =>
  store(
    (supabase) =>
      supabase.rpc('subscribe_newsletter', { email, ...(website ? { website } : {}), notice_version: noticeVersion, page: consentPage(location.pathname) }),
    NEWSLETTER_FAILURE,
  );

interface Props {
  /** The privacy notice's version this page was built with, which the sign-up agrees to. */
  noticeVersion: string;
}

export default function NewsletterForm({ noticeVersion }: Props) {
  const storeRow = useCallback((signup: NewsletterSignup) => subscribe(signup, noticeVersion), [noticeVersion]);
  const form = useStoredForm({ schema: newsletterSchema, initial: NEWSLETTER_INITIAL, storeRow, success: NEWSLETTER_SUCCESS });
  const { formRef, values, errors, fieldProps } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Specification: a blank address is ignored (no request, no message).
    if (isBlankSignup(values)) event.preventDefault();
    else void form.onSubmit(event);
  };

  return (
    <form ref={formRef} className="form newsletter-form" noValidate onSubmit={onSubmit} aria-label="Newsletter">
      <div className="newsletter-form__row">
        <TextField label="Your email address" field={fieldProps('email')} error={errors.email} type="email" autoComplete="email" />
        <SubmitButton label="Subscribe" busyLabel="Subscribing..." busy={form.submitting} />
        <PrivacyNote form="newsletter" />
      </div>
      <Honeypot field={fieldProps('website')} />
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
