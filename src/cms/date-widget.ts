// The CMS widget of a calendar date (a news item's publication date): the browser's own date input,
// typed or picked, written as the files hold it (2026-12-06). A day in Lagos, not an instant: no
// time, no zone, nothing converted, so the day typed is the day saved. "Today" is today in Lagos,
// whatever the editor's computer's zone. A year outside the field's range (its `min` and `max`,
// which come from the schema: src/lib/content/cms/config.ts) is refused before saving.
import { Component, createElement as h, type ChangeEvent } from 'react';
import { consultancyToday } from '../../common/domain.ts';
import { formatConsultancyDate } from '../../common/consultancy-time.ts';

interface ControlProps {
  forID: string;
  value: unknown;
  onChange: (value: unknown) => void;
  classNameWrapper: string;
  field: { get: (key: string) => unknown };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class CalendarDateControl extends Component<ControlProps> {
  /** Decap asks before saving: a date outside the range, or half typed, is refused in words. */
  isValid = () => {
    const { value, field } = this.props;
    if (value === undefined || value === null || value === '') return true;
    const min = String(field.get('min'));
    const max = String(field.get('max'));
    const label = String(field.get('label'));
    if (typeof value !== 'string' || !DATE.test(value)) return { error: { type: 'CUSTOM', message: `${label}: type a whole date (day, month and year) or pick one.` } };
    if (value < min || value > max) {
      return { error: { type: 'CUSTOM', message: `${label}: ${formatConsultancyDate(value)} is outside the years this site publishes (${min.slice(0, 4)} to ${max.slice(0, 4)}); check the year.` } };
    }
    return true;
  };

  override render() {
    const { forID, value, onChange, classNameWrapper, field } = this.props;
    return h(
      'div',
      { style: { display: 'flex', gap: '12px', alignItems: 'center' } },
      h('input', {
        id: forID,
        className: classNameWrapper,
        type: 'date',
        min: String(field.get('min')),
        max: String(field.get('max')),
        value: typeof value === 'string' ? value : '',
        // The input reports '' while a part (the year) is still being typed: kept as nothing, so a
        // half-typed date is never saved as another one.
        onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? '' : event.target.value),
        style: { maxWidth: '14em' },
      }),
      h('button', { type: 'button', onClick: () => onChange(consultancyToday()) }, 'Today (Lagos)'),
    );
  }
}

export function CalendarDatePreview({ value }: { value: unknown }) {
  return h('span', null, typeof value === 'string' ? formatConsultancyDate(value) : '');
}
