// An admin's internal note on a visa application. Its limit is that of public.application_notes.body
// (trimmed, 1 to 2,000 characters).
import * as z from 'zod/mini';
import { text } from './fields.ts';

export const NOTE_LIMITS = { body: { min: 1, max: 2000 } } as const;

export const NOTE_TEXTS = {
  added: 'Note added.',
  failed: 'Failed to add the note. Please try again.',
} as const;

export const noteSchema = z.object({ body: text('a note', NOTE_LIMITS.body) });

export const NOTE_INITIAL = { body: '' };
