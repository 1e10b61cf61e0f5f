// The consultancy's weekly hours, which staff change here and nowhere else: the booking form offers
// and the database accepts only these times, and the footer, /contact and the booking aside show
// them (read from the same rows), so a change reaches all of them at once, without a developer or
// a rebuild. A day without hours is closed; a lunch break is a day with two intervals. Shown in the
// bookings section of /admin, above the closed days.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { describeWeeklyHours, type OpeningInterval, type Weekday, WEEKDAYS } from '../../../common/office-hours.ts';
import { saveWeeklyHours } from '../../lib/appointments/save-weekly-hours.ts';
import { fetchWeeklyHours } from '../../lib/appointments/weekly-hours.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { siteSupabaseSettings } from '../../lib/supabase-settings.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import type { FormStatus } from '../hooks/use-form.ts';
import './weekly-hours.css';

const QUERY_KEY = ['weekly-hours'];

const capital = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** The intervals of each weekday, earliest first. */
type Week = Record<Weekday, { opens: string; closes: string }[]>;

function toWeek(rows: OpeningInterval[]): Week {
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, [] as { opens: string; closes: string }[]])) as Week;
  for (const row of [...rows].sort((a, b) => a.opens.localeCompare(b.opens))) week[row.weekday].push({ opens: row.opens, closes: row.closes });
  return week;
}

const toRows = (week: Week): OpeningInterval[] => WEEKDAYS.flatMap((weekday) => week[weekday].map((interval) => ({ weekday, ...interval })));

/** Why a day's hours cannot be saved, or undefined. */
function dayProblem(intervals: { opens: string; closes: string }[]): string | undefined {
  if (intervals.some(({ opens, closes }) => !opens || !closes)) return 'Enter both times, or remove the hours.';
  if (intervals.some(({ opens, closes }) => closes <= opens)) return 'Closing time must be after opening time.';
  const sorted = [...intervals].sort((a, b) => a.opens.localeCompare(b.opens));
  if (sorted.some((interval, index) => index > 0 && interval.opens < sorted[index - 1]!.closes)) return 'The hours of one day must not overlap.';
  return undefined;
}

export default function WeeklyHours() {
  const queryClient = useQueryClient();
  const id = useId();
  const hours = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => {
      const rows = await fetchWeeklyHours(siteSupabaseSettings());
      if (!rows) throw new Error('Failed to load the weekly hours.');
      return rows;
    },
  });
  const [week, setWeek] = useState<Week | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (hours.data && !week) setWeek(toWeek(hours.data));
  }, [hours.data, week]);

  const change = (day: Weekday, update: (intervals: { opens: string; closes: string }[]) => { opens: string; closes: string }[]) => {
    setWeek((current) => (current ? { ...current, [day]: update(current[day]) } : current));
    setStatus('idle');
    setMessage('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!week) return;
    setTried(true);
    const wrong = WEEKDAYS.find((day) => dayProblem(week[day]));
    if (wrong) {
      setStatus('error');
      setMessage(`Please correct the hours of ${capital(wrong)}.`);
      document.getElementById(`${id}-${wrong}-opens-0`)?.focus();
      return;
    }
    setStatus('submitting');
    const saved = await saveWeeklyHours(getSupabase(), toRows(week));
    if (saved.ok) {
      setStatus('success');
      setMessage('Weekly hours saved: the booking form and the pages show them now.');
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    } else {
      setStatus('error');
      setMessage(saved.error.message);
    }
  };

  return (
    <section className="weekly-hours" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Weekly hours</h3>
      <p className="field__hint">
        The times visitors can book, in Lagos time, and the hours the footer and the contact page show. Bookings already made stay where they are.
      </p>
      {hours.isError ? (
        <FailedLoad look="admin" message="Failed to load the weekly hours." retry={() => void hours.refetch()} />
      ) : !week ? (
        <p aria-busy="true">Loading the weekly hours…</p>
      ) : (
        <form noValidate aria-label="Weekly hours" onSubmit={(event) => void submit(event)}>
          <p className="weekly-hours__preview">
            Visitors read: <strong>{describeWeeklyHours(toRows(week))}</strong>
          </p>
          {WEEKDAYS.map((day) => {
            const problem = tried ? dayProblem(week[day]) : undefined;
            const errorId = `${id}-${day}-error`;
            return (
              <fieldset key={day} className="weekly-hours__day" aria-describedby={problem ? errorId : undefined}>
                <legend>{capital(day)}</legend>
                {week[day].length === 0 && <p className="weekly-hours__closed">Closed</p>}
                {week[day].map((interval, index) => (
                  <div key={index} className="weekly-hours__interval">
                    {(['opens', 'closes'] as const).map((edge) => (
                      <div key={edge} className="field">
                        <label htmlFor={`${id}-${day}-${edge}-${index}`}>{edge === 'opens' ? 'Opens' : 'Closes'}</label>
                        <input
                          id={`${id}-${day}-${edge}-${index}`}
                          type="time"
                          step={1800}
                          value={interval[edge]}
                          aria-invalid={problem ? true : undefined}
                          aria-describedby={problem ? errorId : undefined}
                          onChange={(event) => change(day, (list) => list.map((item, i) => (i === index ? { ...item, [edge]: event.target.value } : item)))}
                        />
                      </div>
                    ))}
                    <button type="button" className="admin-button" onClick={() => change(day, (list) => list.filter((_, i) => i !== index))}>
                      Remove<span className="visually-hidden"> these hours of {capital(day)}</span>
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  className="admin-button"
                  onClick={() => change(day, (list) => [...list, list.length ? { opens: list.at(-1)!.closes, closes: '' } : { opens: '09:00', closes: '17:00' }])}
                >
                  {week[day].length ? 'Add hours' : 'Open'}
                  <span className="visually-hidden"> on {capital(day)}</span>
                </button>
                {problem && (
                  <p className="field__error" id={errorId}>
                    {problem}
                  </p>
                )}
              </fieldset>
            );
          })}
          <button type="submit" className="admin-button admin-button--primary" disabled={status === 'submitting'}>
            {status === 'submitting' ? 'Saving...' : 'Save weekly hours'}
          </button>
          <FormMessage status={status} message={message} />
        </form>
      )}
    </section>
  );
}
