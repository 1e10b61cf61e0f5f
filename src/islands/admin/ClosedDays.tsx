// The days the office is closed (public holidays, Eid known a few days ahead): staff add one with
// its reason, and no consultation can be booked on it from then on; they open it again with one
// button. Shown in the bookings section of /admin. Bookings already on a day closed since stay:
// staff move or cancel them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addClosedDay, listClosedDays, removeClosedDay } from '../../lib/appointments/closed-days.ts';
import { CLOSED_DAY_INITIAL, CLOSED_DAY_TEXTS, closedDaySchema } from '../../lib/forms/closed-day.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { useForm } from '../hooks/use-form.ts';
import { TextField } from '../ui/Field.tsx';
import FailedLoad from '../ui/FailedLoad.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import { failureOf, unwrap } from './query-result.ts';
import './closed-days.css';

const QUERY_KEY = ['closed-days'];

const longDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/**
 * "Friday, 20 March 2026" for 2026-03-20 (a date, no time zone involved). A date a browser cannot
 * read (a row stored before the database refused it, such as the year 10000) is shown as stored,
 * so one bad row is one odd line, not a list that fails to draw.
 */
function written(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : longDate.format(day);
}

export default function ClosedDays() {
  const queryClient = useQueryClient();
  const days = useQuery({ queryKey: QUERY_KEY, queryFn: () => unwrap(listClosedDays(getSupabase())) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const form = useForm({
    schema: closedDaySchema,
    initial: CLOSED_DAY_INITIAL,
    success: CLOSED_DAY_TEXTS.added,
    submit: async (day) => {
      const added = await addClosedDay(getSupabase(), day);
      if (added.ok) await refresh();
      return added;
    },
  });
  const reopen = useMutation({
    mutationFn: (date: string) => unwrap(removeClosedDay(getSupabase(), date)),
    onSettled: refresh,
  });

  return (
    <section className="closed-days" aria-labelledby="closed-days-title">
      <h3 id="closed-days-title">Closed days</h3>
      <p className="field__hint">No consultation can be booked on these days. Bookings already on a day stay until you move or cancel them.</p>
      {days.isError ? (
        <FailedLoad look="admin" message={failureOf(days.error).message || 'Failed to load the closed days.'} retry={() => void days.refetch()} />
      ) : days.data && days.data.length === 0 ? (
        <p>No closed days ahead.</p>
      ) : (
        <ul className="closed-days__list" aria-busy={days.isPending}>
          {days.data?.map((day) => (
            <li key={day.date}>
              <time dateTime={day.date}>{written(day.date)}</time>: {day.reason}{' '}
              <button type="button" className="admin-button" disabled={reopen.isPending} onClick={() => reopen.mutate(day.date)}>
                Open again<span className="visually-hidden"> {written(day.date)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {reopen.isError && (
        <p role="alert" className="admin-dialog-error">
          Failed to open the day again. Please try again.
        </p>
      )}
      <form ref={form.formRef} className="closed-days__form" noValidate aria-label="Add a closed day" onSubmit={(event) => void form.onSubmit(event)}>
        <TextField label="Closed day" type="date" field={form.fieldProps('date')} error={form.errors.date} />
        <TextField label="Reason" field={form.fieldProps('reason')} error={form.errors.reason} placeholder="Eid al-Fitr" maxLength={200} />
        <button type="submit" className="admin-button admin-button--primary" disabled={form.submitting}>
          {form.submitting ? 'Adding...' : 'Add closed day'}
        </button>
        <FormMessage status={form.status} message={form.message} />
      </form>
    </section>
  );
}
