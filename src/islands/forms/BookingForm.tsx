// The home page's booking form (#booking). Rendered on the server with the page, so its space is
// reserved from the first paint; hydrates when the booking section nears the viewport.
import { useCallback, useEffect, useState } from 'react';
import { BOOKING_COUNTRIES, consultancyToday } from '../../../common/domain.ts';
import { BOOKING_FAILURE, BOOKING_INITIAL, BOOKING_SUCCESS, bookingSchema, type Booking } from '../../lib/forms/booking.ts';
import { store } from '../../lib/forms/submit.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { Honeypot, SelectField, TextField } from '../ui/Field.tsx';
import { useServerForm } from '../hooks/use-server-form.ts';
import { useStoredSubmission } from './use-stored-submission.ts';
import SlotPicker from '../appointments/SlotPicker.tsx';

const storeBooking = ({ website, ...booking }: Booking, clientKey: string) =>
  // The database judges the moment in Lagos and the slot too; its refusals (a clock that disagrees,
  // a slot taken meanwhile) go to their field, the date or the time (src/lib/forms/errors.ts knows
  // them by their SQLSTATE), and the times are read again.
  store((supabase) => supabase.from('bookings').insert({ ...booking, website: website || null, client_key: clientKey }), BOOKING_FAILURE);

export default function BookingForm() {
  const submit = useStoredSubmission(storeBooking);
  const form = useForm({
    schema: bookingSchema,
    initial: BOOKING_INITIAL,
    submit,
    success: BOOKING_SUCCESS,
  });
  const { formRef, values, errors, fieldProps, setValue } = form;
  useServerForm(formRef, values, setValue);
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
      <SubmitButton label="Book appointment" busyLabel="Booking..." busy={form.submitting} />
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
