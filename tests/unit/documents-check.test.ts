// The browser's check of a chosen document (src/lib/documents/check.ts): what a visitor is told
// before anything is sent.
import { describe, expect, it } from 'vitest';
import { documentProblem, documentType, hasPreview } from '../../src/lib/documents/check.ts';
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_NAME_LENGTH, MAX_DOCUMENTS_PER_APPLICATION, MAX_DOCUMENTS_PER_ITEM } from '../../src/lib/document-rules.ts';
import { safeFileName, uniqueFileName } from '../../src/lib/documents/paths.ts';

const bytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));
const PDF = bytes('%PDF-1.7\n');
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0);
const HEIC = Uint8Array.of(0, 0, 0, 24, ...bytes('ftypheic'));
const file = (name: string, type = '', size = 2048) => ({ name, type, size });
const NONE = { inItem: [], total: 0 };
const names = (count: number) => Array.from({ length: count }, (_, index) => `doc-${index}.pdf`);

describe('documentType', () => {
  it.each([
    ['the type the browser gave', file('scan.pdf', 'application/pdf'), 'application/pdf'],
    ['a type with parameters and capitals', file('photo', 'Image/JPEG; q=1'), 'image/jpeg'],
    ['the extension when the type is missing (HEIC photos)', file('IMG_0001.HEIC'), 'image/heic'],
    ['HEIF as HEIC', file('photo.heif', 'image/heif'), 'image/heic'],
    ['the extension when the type is not one we take', file('statement.pdf', 'application/x-pdf'), 'application/pdf'],
    ['nothing for a GIF', file('anim.gif', 'image/gif'), undefined],
    ['nothing for a file with neither', file('README'), undefined],
  ])('reads %s', (_case, chosen, expected) => {
    expect(documentType(chosen)).toBe(expected);
  });
});

describe('documentProblem', () => {
  it('accepts a file named like one its item has (it is stored under a name of its own)', () => {
    expect(documentProblem(file('image.jpg', 'image/jpeg'), JPEG, { inItem: ['image.jpg'], total: 1 })).toBeUndefined();
  });

  it('accepts a PDF, a PNG, a JPEG and a HEIC that are what they say', () => {
    expect(documentProblem(file('a.pdf', 'application/pdf'), PDF, NONE)).toBeUndefined();
    expect(documentProblem(file('b.png', 'image/png'), PNG, NONE)).toBeUndefined();
    expect(documentProblem(file('c.jpg', 'image/jpeg'), JPEG, NONE)).toBeUndefined();
    expect(documentProblem(file('d.heic'), HEIC, NONE)).toBeUndefined();
  });

  it.each([
    ['an empty file', file('blank.pdf', 'application/pdf', 0), PDF, NONE, DOCUMENT_MESSAGES.empty('blank.pdf')],
    ['a file over 10 MB', file('big.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1), PDF, NONE, DOCUMENT_MESSAGES.tooLarge('big.pdf')],
    ['a type we do not take', file('notes.txt', 'text/plain'), bytes('hello'), NONE, DOCUMENT_MESSAGES.wrongType('notes.txt')],
    ['an SVG', file('logo.svg', 'image/svg+xml'), bytes('<svg'), NONE, DOCUMENT_MESSAGES.wrongType('logo.svg')],
    ['a PNG renamed to .pdf', file('passport.pdf', 'application/pdf'), PNG, NONE, DOCUMENT_MESSAGES.contentMismatch('passport.pdf', 'PDF')],
    [
      'a file past the limit of its item',
      file('late.pdf', 'application/pdf'),
      PDF,
      { inItem: names(MAX_DOCUMENTS_PER_ITEM), total: MAX_DOCUMENTS_PER_ITEM },
      DOCUMENT_MESSAGES.itemFull,
    ],
    [
      'a file past the limit of its application',
      file('late.pdf', 'application/pdf'),
      PDF,
      { inItem: [], total: MAX_DOCUMENTS_PER_APPLICATION },
      DOCUMENT_MESSAGES.tooMany,
    ],
  ])('refuses %s', (_case, chosen, head, attached, message) => {
    expect(documentProblem(chosen, head, attached)).toBe(message);
  });

  it('takes a name another item already has, and the last file of an item', () => {
    expect(documentProblem(file('scan.pdf', 'application/pdf'), PDF, { inItem: [], total: 3 })).toBeUndefined();
    expect(documentProblem(file('scan.pdf', 'application/pdf'), PDF, { inItem: names(MAX_DOCUMENTS_PER_ITEM - 1), total: MAX_DOCUMENTS_PER_APPLICATION - 1 })).toBeUndefined();
  });

  it('accepts exactly 10 MB', () => {
    expect(documentProblem(file('edge.pdf', 'application/pdf', MAX_DOCUMENT_BYTES), PDF, NONE)).toBeUndefined();
  });
});

describe('hasPreview', () => {
  it('previews the images a browser draws, not PDF or HEIC', () => {
    expect(['image/jpeg', 'image/png', 'image/webp'].every((type) => hasPreview(type as never))).toBe(true);
    expect(hasPreview('application/pdf')).toBe(false);
    expect(hasPreview('image/heic')).toBe(false);
    expect(hasPreview(undefined)).toBe(false);
  });
});

describe('uniqueFileName', () => {
  it('keeps a name its item does not hold, made safe', () => {
    expect(uniqueFileName('bank statement é.pdf', ['other.pdf'])).toBe('bank statement e.pdf');
  });

  it('numbers a name the item holds, before its extension, past every number taken', () => {
    expect(uniqueFileName('image.jpg', ['image.jpg'])).toBe('image (2).jpg');
    expect(uniqueFileName('image.jpg', ['image.jpg', 'image (2).jpg', 'image (3).jpg'])).toBe('image (4).jpg');
    expect(uniqueFileName('scan', ['scan'])).toBe('scan (2)');
  });

  it('stays within the name rule: safe characters and at most MAX_DOCUMENT_NAME_LENGTH', () => {
    const long = `${'x'.repeat(MAX_DOCUMENT_NAME_LENGTH + 20)}.pdf`;
    const first = uniqueFileName(long, []);
    const second = uniqueFileName(long, [first]);
    expect(second).toMatch(/^x+ \(2\)\.pdf$/);
    expect(second).toHaveLength(MAX_DOCUMENT_NAME_LENGTH);
    expect(safeFileName(second)).toBe(second);
  });
});
