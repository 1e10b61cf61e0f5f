// The open consultation times of a date, as a group of radio buttons: a visitor can pick only a
// slot the database offers (src/lib/appointments/open-slots.ts). Arrow keys move between the times
// (a native radio group), the legend names the zone, and a day with nothing open says so. Wired
// to a form like any field (`field` from use-form); the booking form uses it, and any page that
// asks for a consultation time (rescheduling) can.
import { useEffect, useState } from 'react';
import { CONSULTANCY_TIME_ZONE_NAME } from '../../../common/domain.ts';
import { fetchOpenDay, SLOTS_FAILED } from '../../lib/appointments/open-slots.ts';
import type { FieldProps } from '../hooks/use-form.ts';
import { useFetch } from '../hooks/use-fetch.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import { RadioChoice } from '../ui/Field.tsx';
import './slot-picker.css';
import optionsCss from './slot-options.css?inline';

interface Props {
  /** The chosen date (YYYY-MM-DD, Lagos), or '' before one is chosen. */
  date: string;
  field: FieldProps;
  error: string | undefined;
  /** Empties the time when the chosen one is not open on the date shown (another date, or taken since). */
  clear: () => void;
  /** Asks again when it changes (e.g. after the database refused a time as taken meanwhile). */
  refresh?: string | undefined;
  label?: string;
}

export default function SlotPicker({ date, field, error, clear, refresh = '', label = 'Time' }: Props) {
  // Asks again each time a refusal arrives, never when it clears: the visitor's next pick clears
  // it, and asking again then would replace the times under their keyboard focus.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (refresh) setAsked((count) => count + 1);
  }, [refresh]);
  const { result, retry } = useFetch(`${date}|${asked}`, (signal) =>
    date ? fetchOpenDay(date, signal) : Promise.resolve({ ok: true as const, data: { slots: [] } }),
  );
  const slots = result?.ok ? result.data.slots : undefined;

  // Not while the time shows the database's refusal: the visitor reads it, then picks another time.
  useEffect(() => {
    if (slots && field.value && !error && !slots.some((slot) => slot.start === field.value)) clear();
  }, [slots, field.value, error]);

  let content;
  if (!date) content = <p className="field__hint">Choose a date to see the open times.</p>;
  else if (!result) content = <p className="field__hint">Looking for open times…</p>;
  else if (!result.ok) content = <FailedLoad message={result.error.message || SLOTS_FAILED} retry={retry} />;
  else if (result.data.slots.length === 0) content = <p className="slot-picker__none">{result.data.none}</p>;
  else
    content = (
      <div className="slot-picker__options">
        {result.data.slots.map((slot, index) => (
          <label key={slot.start} className="slot-picker__option">
            <RadioChoice field={field} value={slot.start} first={index === 0} />
            <span>{slot.start}</span>
            {slot.placesLeft === 1 && <span className="slot-picker__last">last place</span>}
          </label>
        ))}
      </div>
    );

  return (
    // The group carries the error: a screen reader reads it with the group's name on entering it.
    <fieldset className="field slot-picker" aria-describedby={field['aria-describedby']}>
      <legend>
        {label} <span className="slot-picker__zone">(Lagos time, {CONSULTANCY_TIME_ZONE_NAME})</span>
      </legend>
      {/* The times' own rules, once there is a date: never in the server's HTML (slot-options.css). */}
      {date && <style>{optionsCss}</style>}
      {/* Announced when the times of a newly chosen date arrive or there are none. */}
      <div aria-live="polite">{content}</div>
      {error && (
        <p className="field__error" id={field['aria-describedby']}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
