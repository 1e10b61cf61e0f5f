// The visa application form (specification sections 3, 4, 5 and 8). Limits are those of
// public.visa_applications (20261122000300_visa_applications.sql).
import * as z from 'zod/mini';
import { isOneOf, MARITAL_STATUSES, VISA_TYPES, type VisaType } from '../../../common/domain.ts';
import { ADDRESS_LENGTH, EMAIL_MAX_LENGTH, NAME_LENGTH, PHONE_LENGTH, choice, date, email, optionalText, phone, text } from './fields.ts';

export const VISA_APPLICATION_LIMITS = {
  name: NAME_LENGTH,
  phone: PHONE_LENGTH,
  nationality: { min: 1, max: 100 },
  passport_number: { min: 1, max: 50 },
  address: ADDRESS_LENGTH,
  message: 5000,
  email: EMAIL_MAX_LENGTH,
  /** The earliest date of birth the column accepts. */
  dobFrom: '1900-01-01',
} as const;

export const VISA_SUCCESS_TITLE = 'Application Submitted Successfully!';
export const VISA_SUCCESS = 'One of Our members will contact you via, Email, Phone Call or Whatsapp chat. Thanks!';
export const VISA_FAILURE = 'Failed to submit the application. Please try again.';
/** Said when the application is stored but some of its files are not; the dialog waits for them. */
export const VISA_DOCUMENTS_UNSENT =
  'Your application has been submitted, but the files marked below were not sent. Press Try again, or remove them and press Submit application to finish. You can also add documents later from your profile.';

export const visaApplicationSchema = z.object({
  visa_type: choice(VISA_TYPES, 'Please choose a visa type.'),
  name: text('your name', VISA_APPLICATION_LIMITS.name),
  email: email(),
  phone: phone(),
  dob: date('your date of birth', {
    test: (value, today) => value < today && value >= VISA_APPLICATION_LIMITS.dobFrom,
    message: 'Please enter a date of birth in the past (from 1900).',
  }),
  nationality: text('your nationality', VISA_APPLICATION_LIMITS.nationality),
  passport_number: text('your passport number', VISA_APPLICATION_LIMITS.passport_number),
  marital_status: choice(MARITAL_STATUSES, 'Please choose your marital status.'),
  address: text('your address', VISA_APPLICATION_LIMITS.address),
  message: optionalText('your message', VISA_APPLICATION_LIMITS.message),
});

export type VisaApplication = z.infer<typeof visaApplicationSchema>;

export const VISA_APPLICATION_INITIAL = {
  visa_type: '',
  name: '',
  email: '',
  phone: '',
  dob: '',
  nationality: '',
  passport_number: '',
  marital_status: '',
  address: '',
  message: '',
};

/** The visa type a link asked for (`?type=Business Visa`), or '' when it names none of the six. */
export function requestedVisaType(search: string): VisaType | '' {
  const type = new URLSearchParams(search).get('type') ?? '';
  return isOneOf(VISA_TYPES, type) ? type : '';
}
