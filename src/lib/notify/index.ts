// What each form tells the optional notification services once its row is stored. Each returns
// at once (fire and forget); nothing is sent while the services are not configured.
import { readNotifySettings } from './settings.ts';
import { sendEmail, sendForm } from './send.ts';

const settings = readNotifySettings(import.meta.env);

/** The booking's fields as the booking email template's parameters. */
export function notifyBooking(booking: {
  full_name: string;
  phone: string;
  email: string;
  country: string;
  date: string;
  time: string;
}): void {
  if (settings.email?.templates.booking)
    void sendEmail(settings.email, settings.email.templates.booking, {
      ...booking,
    });
}

/** The new subscriber's address. */
export function notifyNewsletter(email: string): void {
  if (settings.email?.templates.newsletter)
    void sendEmail(settings.email, settings.email.templates.newsletter, {
      email,
    });
}

/** The contact message's fields, and the page it came from. */
export function notifyContact(message: {
  name: string;
  email: string;
  subject: string;
  phone: string;
  message: string;
  page: string;
}): void {
  if (settings.form) void sendForm(settings.form, { ...message });
}
