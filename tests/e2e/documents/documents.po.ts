// Page objects and files of the document journeys (issue 18): small real files of each kind, the
// chosen-files list of a page by its accessible name, and the Storage request to hold or cut.
import { expect, type Locator, type Page } from '@playwright/test';
import { DOCUMENTS_BUCKET, MAX_DOCUMENT_BYTES } from '../../../src/lib/documents/rules.ts';
import { serviceClient } from '../support/backend.ts';
import { E2E_API_URL } from '../support/e2e-env.ts';

/** A file as Playwright's setInputFiles takes it. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 1×1 PNG: real, so the browser draws its preview. */
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const FILES = {
  photo: (name = 'passport-photo.png'): TestFile => ({ name, mimeType: 'image/png', buffer: PNG_BYTES }),
  pdf: (name = 'bank-statement.pdf'): TestFile => ({ name, mimeType: 'application/pdf', buffer: PDF_BYTES }),
  /** One byte over the limit, a real PDF otherwise. */
  tooLarge: (name = 'scan-600dpi.pdf'): TestFile => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - PDF_BYTES.length)]),
  }),
  /** A PNG renamed to .pdf: the browser calls it a PDF, its first bytes say otherwise. */
  renamedPng: (name = 'passport.pdf'): TestFile => ({ name, mimeType: 'application/pdf', buffer: PNG_BYTES }),
};

/** Every upload of the documents bucket, for page.route. */
export const UPLOAD_URL = `${E2E_API_URL}/storage/v1/object/${DOCUMENTS_BUCKET}/**`;

/** The picker and chosen-files list inside `scope` (the visa form, or one application on /profile). */
export class DocumentsArea {
  constructor(
    readonly page: Page,
    readonly scope: Locator,
    /** The accessible name of the list of chosen files. */
    readonly listName: string,
  ) {}

  input(): Locator {
    return this.scope.getByLabel('Choose files');
  }

  async choose(...files: TestFile[]): Promise<void> {
    await this.input().setInputFiles(files);
  }

  list(): Locator {
    return this.scope.getByRole('list', { name: this.listName });
  }

  item(name: string): Locator {
    return this.list().getByRole('listitem').filter({ hasText: name });
  }

  removeButton(name: string): Locator {
    return this.list().getByRole('button', { name: `Remove ${name}` });
  }

  retryButton(name: string): Locator {
    return this.list().getByRole('button', { name: `Try again to send ${name}` });
  }

  progress(name: string): Locator {
    return this.list().getByRole('progressbar', { name: `Uploading ${name}` });
  }

  /** Drops files on the drop area, as a drag from the desktop would. */
  async drop(...files: TestFile[]): Promise<void> {
    const transfer = await this.page.evaluateHandle(
      (list) => {
        const data = new DataTransfer();
        for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.mimeType }));
        return data;
      },
      files.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] })),
    );
    const area = this.scope.locator('.document-picker');
    await area.dispatchEvent('dragenter', { dataTransfer: transfer });
    await area.dispatchEvent('drop', { dataTransfer: transfer });
  }
}

/**
 * The objects stored in one application's folder and its item folders, read as an operator: each
 * as its path under the application's folder (`passport/passport.pdf`; a file stored before items
 * had keys as its name alone), sorted.
 */
export async function storedNames(userId: string, applicationId: string): Promise<string[]> {
  const storage = (await serviceClient()).storage.from(DOCUMENTS_BUCKET);
  // Storage lists a folder as an entry without an id.
  const tree = async (under: string): Promise<string[]> => {
    const { data, error } = await storage.list(`${userId}/${applicationId}${under ? `/${under}` : ''}`);
    if (error) throw error;
    const paths = await Promise.all(data.map((entry) => (entry.id === null ? tree(`${under}${entry.name}`) : [`${under ? `${under}/` : ''}${entry.name}`])));
    return paths.flat();
  };
  return (await tree('')).sort();
}

/** The id of the one application of `userId`. */
export async function onlyApplicationId(userId: string): Promise<string> {
  const { data, error } = await (await serviceClient()).from('visa_applications').select('id').eq('user_id', userId);
  if (error) throw error;
  expect(data).toHaveLength(1);
  return (data[0] as { id: string }).id;
}
