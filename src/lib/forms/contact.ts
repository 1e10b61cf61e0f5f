// The contact form of /contact and /contact1 (specification sections 3, 5 and 8; docs/product-decisions.md's
// failure message). Limits are those of public.contact_messages (20261122000400_public_forms.sql).
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, NAME_LENGTH, PHONE_LENGTH, email, honeypot, phone, text } from './fields.ts';

export const CONTACT_LIMITS = {
  name: NAME_LENGTH,
  subject: { min: 1, max: 200 },
  phone: PHONE_LENGTH,
  message: { min: 1, max: 5000 },
  email: EMAIL_MAX_LENGTH,
} as const;

export const CONTACT_SUCCESS_TITLE = 'Success';
export const CONTACT_SUCCESS = 'Message sent successfully';
export const CONTACT_FAILURE = 'Failed to send your message. Please try again.';

export const contactSchema = z.object({
  name: text('your name', CONTACT_LIMITS.name),
  email: email(),
  subject: text('a subject', CONTACT_LIMITS.subject),
  phone: phone(),
  message: text('your message', CONTACT_LIMITS.message),
  website: honeypot,
});

export type ContactMessage = z.infer<typeof contactSchema>;

export const CONTACT_INITIAL = {
  name: '',
  email: '',
  subject: '',
  phone: '',
  message: '',
  website: '',
};

/** The page a message is sent from, as the `page` column accepts it (a plain path). */
export function contactPage(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  return /^\/[A-Za-z0-9/_-]*$/.test(path) && path.length <= 200 ? path : '/contact';
}
