// The home page's booking form (#booking). Rendered on the server with the page, so its space is
// reserved from the first paint; hydrates when the booking section nears the viewport. With a
// CAPTCHA in the build it shows the challenge too (src/lib/forms/store-booking.ts says why).
import { useCallback, useEffect, useState } from 'react';
import { BOOKING_COUNTRIES, consultancyToday } from '../../../common/domain.ts';
import { BOOKING_INITIAL, BOOKING_SUCCESS, bookingSchema } from '../../lib/forms/booking.ts';
import { storeBooking } from '../../lib/forms/store-booking.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import PrivacyNote from '../ui/PrivacyNote.tsx';
import { Honeypot, SelectField, TextField } from '../ui/Field.tsx';
import { useStoredForm } from './use-stored-form.ts';
import SlotPicker from '../appointments/SlotPicker.tsx';
import CaptchaWidget from '../account/CaptchaWidget.tsx';

export default function BookingForm() {
  const form = useStoredForm({ schema: bookingSchema, initial: BOOKING_INITIAL, storeRow: storeBooking, success: BOOKING_SUCCESS });
  const { formRef, values, errors, fieldProps, setValue } = form;
  // Today in Lagos, where the consultation happens, known only at run time (the server would render the build day).
  const [today, setToday] = useState<string>();
  useEffect(() => setToday(consultancyToday()), []);
  const clearTime = useCallback(() => setValue('time', ''), [setValue]);

  return (
    <form ref={formRef} className="form" noValidate onSubmit={form.onSubmit} aria-label="Book a consultation">
      <div className="form__row">
        <TextField label="Full name" field={fieldProps('full_name')} error={errors.full_name} autoComplete="name" />
        <TextField label="Phone" field={fieldProps('phone')} error={errors.phone} type="tel" autoComplete="tel" />
      </div>
      <div className="form__row">
        <TextField label="Email" field={fieldProps('email')} error={errors.email} type="email" autoComplete="email" />
        <SelectField
          label="Country"
          field={fieldProps('country')}
          error={errors.country}
          options={BOOKING_COUNTRIES}
          placeholder="Choose a country"
        />
      </div>
      <div className="form__row">
        <TextField label="Date" field={fieldProps('date')} error={errors.date} type="date" min={today} />
      </div>
      <SlotPicker date={values.date} field={fieldProps('time')} error={errors.time} clear={clearTime} refresh={errors.time} />
      <Honeypot field={fieldProps('website')} />
      {/* Nothing at all unless the build configures a CAPTCHA (src/lib/forms/store-booking.ts). */}
      <CaptchaWidget />
      <SubmitButton label="Book appointment" busyLabel="Booking..." busy={form.submitting} />
      <PrivacyNote form="booking" />
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
