// Content mistakes in an editor's words (src/lib/content/editor-errors.ts): the file, the field,
// what is expected, one plain line each, with the schemas' own messages kept.
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { checkForEditor, contentError, describeProblems, editorIssueMessage, fieldName } from '../../src/lib/content/editor-errors.ts';
import { countrySchema } from '../../src/lib/content/schemas.ts';

/** The one message a value gets under a schema. */
function messageFor(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value, { error: editorIssueMessage });
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.message).join(' | ');
}

describe('editorIssueMessage', () => {
  it.each([
    ['text given a number', z.string(), 42, 'must be text, not the number 42'],
    ['a number given text', z.number(), 'five', 'must be a number, not the text "five"'],
    ['a whole number given a fraction', z.number().int(), 1.5, 'must be a whole number, not the number 1.5'],
    ['true or false given text', z.boolean(), 'yes', 'must be true or false, not the text "yes"'],
    ['a list given text', z.array(z.string()), 'one', 'must be a list, not the text "one"'],
    ['short text', z.string().min(5), 'abc', 'needs at least 5 characters (it has 3)'],
    ['long text', z.string().max(3), 'abcd', 'may have at most 3 characters (it has 4)'],
    ['a short list', z.array(z.string()).min(2), ['a'], 'needs at least 2 items (it has 1)'],
    ['a list of the wrong length', z.array(z.string()).length(3), ['a', 'b'], 'needs exactly 3 items (it has 2)'],
    ['a number too small', z.number().min(1), 0, 'must be at least 1, not the number 0'],
    ['a number too big', z.number().max(10), 11, 'must be at most 10, not the number 11'],
    ['a choice not offered', z.enum(['plane', 'home']), 'car', 'must be one of "plane", "home" (it has the text "car")'],
    ['a fixed value', z.literal('site'), 'other', 'must be "site" (it has the text "other")'],
    ['a web address', z.url(), 'example', 'must be a web address starting with https://, not the text "example"'],
    ['a pattern', z.string().regex(/^[a-z]+$/), 'A1', 'does not have the expected form (/^[a-z]+$/), not the text "A1"'],
    ['an unknown field', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'has a field the site does not know: b (check the spelling, or remove it)'],
  ])('%s', (_what, schema, value, expected) => {
    expect(messageFor(schema, value)).toBe(expected);
  });

  it('says a missing field is missing', () => {
    expect(messageFor(z.object({ name: z.string() }), {})).toBe('is missing: add it (text)');
  });

  it('keeps a message the schema sets itself', () => {
    expect(messageFor(z.string().regex(/^[A-Z]{2}$/, 'must be two capital letters'), 'Ghana')).toBe('must be two capital letters');
  });
});

describe('describeProblems', () => {
  it('names the place of a nested field in words, items counted from 1', () => {
    expect(fieldName(['images', 1, 'alt'])).toBe('images › item 2 › alt');
  });

  it('writes one line per problem: where, the field, the message', async () => {
    const country = { id: 4, name: 42, flag: 'GH', images: [{ src: 'a.webp', alt: 'Accra', placeName: 'Accra' }, { src: 'b.webp', alt: 'x', placeName: 'Cape Coast' }], descriptions: ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)], visaTypes: ['Tourist Visa'], visaFree: 'ECOWAS citizens need no visa.' };
    const checked = await checkForEditor(countrySchema(() => z.string()), country, 'content/countries/ghana.mdx');
    expect(checked).toEqual({
      ok: false,
      message: ['content/countries/ghana.mdx, name: must be text, not the number 42', 'content/countries/ghana.mdx, images › item 2 › alt: needs at least 3 characters (it has 1)'].join('\n'),
    });
  });

  it('names the entry alone for a problem of the whole entry', () => {
    const result = z.object({}).safeParse('text', { error: editorIssueMessage });
    expect(describeProblems('content/site.json', result.error!.issues)).toBe('content/site.json: must be a group of fields, not the text "text"');
  });

  it('gives the build an error with no stack, so Astro prints the lines alone', () => {
    const error = contentError('content/site.json, name: is missing: add it (text)');
    expect(error.message).toBe('content/site.json, name: is missing: add it (text)');
    expect(error.stack).toBe('');
  });
});
