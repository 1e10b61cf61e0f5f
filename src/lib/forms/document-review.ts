// Staff's two forms on an application's documents: the reason a file needs replacing, and the
// line sent with a request for missing documents. Their limits are the database's
// (20261122000910_document_reviews_and_requests.sql: a reason of 1 to 300 characters, a note of at most 500).
import * as z from 'zod/mini';
import { optionalText, text } from './fields.ts';

export const DOCUMENT_REVIEW_LIMITS = { reason: { min: 1, max: 300 }, note: { max: 500 } } as const;

export const replacementSchema = z.object({ reason: text('what needs replacing', DOCUMENT_REVIEW_LIMITS.reason) });
export const REPLACEMENT_INITIAL = { reason: '' };

export const requestSchema = z.object({ note: optionalText('the line to the applicant', DOCUMENT_REVIEW_LIMITS.note.max) });
export const REQUEST_INITIAL = { note: '' };
