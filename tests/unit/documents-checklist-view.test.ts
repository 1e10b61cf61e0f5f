// An application's documents read against its checklist (src/lib/documents/checklist-view.ts): each
// item provided, missing or needing replacement; files that fit no item under Other documents;
// "n of m required" counting required items only.
import { describe, expect, it } from 'vitest';
import { checklistView, itemState, requiredProgress, type ChecklistFile } from '../../src/lib/documents/checklist-view.ts';

const CHECKLIST = [
  { key: 'passport', name: 'Passport bio page', optional: false },
  { key: 'photo', name: 'Passport photograph', optional: false },
  { key: 'bank-statements', name: 'Bank statements, last 6 months', optional: false },
  { key: 'travel-insurance', name: 'Travel insurance', optional: true },
];

const file = (item: string | undefined, name: string, verdict?: ChecklistFile['verdict'], reason?: string) => ({ item, name, verdict, reason });

describe('checklistView', () => {
  it('puts each file under its item, says where each item stands and counts the required ones', () => {
    const files = [
      file('passport', 'passport.pdf', 'accepted'),
      file('photo', 'dark.jpg', 'needs_replacing', 'The photo is too dark.'),
      file('bank-statements', 'january.pdf'),
      file('bank-statements', 'february.pdf', 'needs_replacing', 'Not stamped.'),
    ];
    const view = checklistView(CHECKLIST, files);
    expect(view.items.map(({ key, state, files: own, reasons }) => ({ key, state, files: own.map((f) => f.name), reasons }))).toEqual([
      { key: 'passport', state: 'provided', files: ['passport.pdf'], reasons: [] },
      { key: 'photo', state: 'needs_replacing', files: ['dark.jpg'], reasons: ['The photo is too dark.'] },
      // One good statement provides the item, whatever its other file.
      { key: 'bank-statements', state: 'provided', files: ['january.pdf', 'february.pdf'], reasons: [] },
      { key: 'travel-insurance', state: 'missing', files: [], reasons: [] },
    ]);
    expect(view.other).toEqual([]);
    expect({ provided: view.provided, required: view.required }).toEqual({ provided: 2, required: 3 });
  });

  it('puts under Other documents the files of no item, of the other item and of items the checklist no longer has', () => {
    const files = [file(undefined, 'old-scan.pdf'), file('other', 'letter.pdf'), file('employment-letter', 'letter-of-employment.pdf'), file('passport', 'p.pdf')];
    const view = checklistView(CHECKLIST, files);
    expect(view.other.map((f) => f.name)).toEqual(['old-scan.pdf', 'letter.pdf', 'letter-of-employment.pdf']);
    expect(view.items[0]!.files.map((f) => f.name)).toEqual(['p.pdf']);
  });

  it('without a checklist (a list that did not arrive), shows every file under Other documents', () => {
    const view = checklistView(undefined, [file('passport', 'p.pdf')]);
    expect(view).toMatchObject({ items: [], provided: 0, required: 0 });
    expect(view.other).toHaveLength(1);
  });

  it('does not count an optional item provided as a required one', () => {
    const view = checklistView(CHECKLIST, [file('travel-insurance', 'policy.pdf')]);
    expect({ provided: view.provided, required: view.required }).toEqual({ provided: 0, required: 3 });
  });
});

describe('itemState', () => {
  it('is missing with no file, needs replacing with only files to replace, provided otherwise', () => {
    expect(itemState([])).toBe('missing');
    expect(itemState([{ verdict: 'needs_replacing' }])).toBe('needs_replacing');
    expect(itemState([{ verdict: 'needs_replacing' }, { verdict: undefined }])).toBe('provided');
    expect(itemState([{ verdict: 'accepted' }])).toBe('provided');
  });
});

describe('requiredProgress', () => {
  it('counts the required items the database says are provided', () => {
    const counts = [
      { application_id: 'a', item: 'passport', provided: true },
      { application_id: 'a', item: 'photo', provided: false },
      { application_id: 'a', item: 'travel-insurance', provided: true },
      { application_id: 'a', item: null, provided: true },
      { application_id: 'a', item: 'gone-item', provided: true },
    ];
    expect(requiredProgress(CHECKLIST, counts)).toEqual({ provided: 1, required: 3 });
    expect(requiredProgress(CHECKLIST, [])).toEqual({ provided: 0, required: 3 });
  });
});
