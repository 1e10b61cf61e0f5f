// Drafts and scheduled news (src/lib/content/publication.ts): one rule, decided on the day in
// Lagos; dates are calendar days written YYYY-MM-DD (src/lib/content/schemas.ts, calendarDate).
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { consultancyToday } from '../../common/domain.ts';
import { calendarDate, newsSchema } from '../../src/lib/content/schemas.ts';
import { publicationState, showsUnpublished, unpublishedNote } from '../../src/lib/content/publication.ts';

describe('publicationState', () => {
  const today = '2026-11-28';

  it('publishes an item dated today or earlier, and schedules one dated later', () => {
    expect(publicationState({ draft: false, published: '2026-11-27' }, today)).toBe('published');
    expect(publicationState({ draft: false, published: today }, today)).toBe('published');
    expect(publicationState({ draft: false, published: '2026-11-29' }, today)).toBe('scheduled');
  });

  it('keeps a draft a draft whatever its date', () => {
    expect(publicationState({ draft: true, published: '2020-01-01' }, today)).toBe('draft');
    expect(publicationState({ draft: true, published: '2099-01-01' }, today)).toBe('draft');
  });

  it('counts the day in Lagos (UTC+1): an item for the 29th appears at midnight there, 23:00 UTC on the 28th', () => {
    const item = { draft: false, published: '2026-11-29' };
    expect(publicationState(item, consultancyToday(new Date('2026-11-28T22:59:59Z')))).toBe('scheduled');
    expect(publicationState(item, consultancyToday(new Date('2026-11-28T23:00:00Z')))).toBe('published');
  });
});

describe('which builds show drafts and scheduled items', () => {
  it('development always; a build only with SHOW_UNPUBLISHED=true', () => {
    expect(showsUnpublished(true, undefined)).toBe(true);
    expect(showsUnpublished(false, undefined)).toBe(false);
    expect(showsUnpublished(false, 'false')).toBe(false);
    expect(showsUnpublished(false, 'true')).toBe(true);
  });

  it('marks each for what it is', () => {
    expect(unpublishedNote('draft', '5 March 2027')).toBe('Draft: not on the published site');
    expect(unpublishedNote('scheduled', '5 March 2027')).toBe('Scheduled: published on 5 March 2027, Lagos time');
  });
});

describe('calendarDate: a day written YYYY-MM-DD', () => {
  it('takes the text, and the midnight-UTC Date a YAML reader makes of an unquoted date, as the same day', () => {
    expect(calendarDate.parse('2025-01-31')).toBe('2025-01-31');
    expect(calendarDate.parse(new Date('2025-01-31T00:00:00Z'))).toBe('2025-01-31');
  });

  it.each([
    ['a timestamp', new Date('2025-01-31T09:30:00Z')],
    ['a timestamp as text', '2025-01-31T09:30:00Z'],
    ['a day that does not exist', '2025-02-30'],
    ['a day without leading zeros', '2025-1-31'],
    ['a number', 20250131],
  ])('refuses %s, saying how to write it', (_what, value) => {
    const result = calendarDate.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be a date written YYYY-MM-DD, like 2025-01-31, with no time');
  });
});

describe('the news schema', () => {
  const schema = newsSchema(() => z.string());
  const item = { id: 1, title: 'A news title', content: 'A teaser of at least twenty characters.', image: { src: 'x.webp', alt: 'A picture' }, published: '2025-01-31' };

  it('makes `draft` a plain boolean, false unless written', () => {
    expect(schema.parse(item).draft).toBe(false);
    expect(schema.parse({ ...item, draft: true }).draft).toBe(true);
    expect(schema.safeParse({ ...item, draft: 'yes' }).success).toBe(false);
    expect(schema.shape.draft.def.innerType).toBeInstanceOf(z.ZodBoolean);
  });
});
