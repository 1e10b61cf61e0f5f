// A day the office is closed, as staff add it in /admin (public.closed_dates: a date, and a reason
// of 1 to 200 characters). Today in Lagos or later: a closed day in the past changes nothing.
import * as z from 'zod/mini';
import { consultancyToday } from '../../../common/domain.ts';
import { NAME_LENGTH, date, text } from './fields.ts';

export const CLOSED_DAY_TEXTS = {
  added: 'Closed day added: no consultation can be booked on it.',
  duplicate: 'That day is already closed.',
  failed: 'Failed to add the closed day. Please try again.',
} as const;

export const closedDaySchema = z.object({
  date: date('the closed day', { test: (value, today) => value >= today, message: 'Please choose today or a later date.' }, () => consultancyToday()),
  reason: text('the reason (e.g. Eid al-Fitr)', NAME_LENGTH),
});

export const CLOSED_DAY_INITIAL = { date: '', reason: '' };
