// The backend's CSV writer (`.csv()` answers); the whole request is in rest.test.ts.
import { describe, expect, test } from 'vitest';
import { toCsv } from '../../supabase/local/rest/csv.ts';

describe('toCsv', () => {
  test.each([
    ['plain values, one line per row', [{ a: 'x', b: 1 }, { a: 'y', b: 2 }], 'a,b\nx,1\ny,2'],
    ['null as an empty field, booleans as words', [{ a: null, b: true }], 'a,b\n,true'],
    ['quotes doubled; commas, quotes and line breaks quoted', [{ a: 'say "hi", then\ngo', b: 'ok' }], 'a,b\n"say ""hi"", then\ngo",ok'],
    ['an outer space quoted, an inner one not', [{ a: ' lead', b: 'in side' }], 'a,b\n" lead",in side'],
    ['JSON and array columns as JSON text', [{ a: { k: 'v' }, b: [1, 2] }], 'a,b\n"{""k"":""v""}","[1,2]"'],
    ['formula cells as they are, as PostgREST writes them', [{ a: '=1+1', b: '@x' }], 'a,b\n=1+1,@x'],
  ])('%s', (_label, rows, csv) => {
    expect(toCsv(rows, ['ignored'])).toBe(csv);
  });

  test('no rows: the header alone, from the selected columns', () => {
    expect(toCsv([], ['name', 'visa_type'])).toBe('name,visa_type');
  });
});
