// Page objects and files of the document journeys: small real files of each kind, an application's
// checklist item by item (its Add inputs, chosen and stored files), the Storage request to hold
// or cut, and what an operator finds stored.
import { expect, type Locator, type Page } from '@playwright/test';
import { DOCUMENTS_BUCKET, MAX_DOCUMENT_BYTES } from '../../../src/lib/document-rules.ts';
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

/**
 * One application's checklist inside `scope` (the visa form's documents, or an application's card
 * on /profile): each item's "Add" input, labelled with the item's name, the files chosen for it on
 * their way, and its stored files.
 */
export class DocumentsArea {
  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {}

  /** The item of the checklist named `itemName` ("Passport bio page", or "Other documents"). */
  checklistItem(itemName: string): Locator {
    return this.scope.getByRole('listitem', { name: itemName, exact: true });
  }

  input(itemName: string): Locator {
    return this.scope.getByLabel(`Add ${itemName}`, { exact: true });
  }

  async choose(itemName: string, ...files: TestFile[]): Promise<void> {
    await this.input(itemName).setInputFiles(files);
  }

  /** The files chosen for `itemName`, on their way. */
  list(itemName: string): Locator {
    return this.scope.getByRole('list', { name: `Files to add to ${itemName}` });
  }

  /** The files `itemName` has stored. */
  stored(itemName: string): Locator {
    return this.scope.getByRole('list', { name: `Files of ${itemName}` }).getByRole('listitem');
  }

  /** A chosen file, whichever item it was chosen for. */
  item(name: string): Locator {
    return this.scope.locator('.document-list > li').filter({ hasText: name });
  }

  removeButton(name: string): Locator {
    return this.scope.locator('.document-list').getByRole('button', { name: `Remove ${name}` });
  }

  retryButton(name: string): Locator {
    return this.scope.getByRole('button', { name: `Try again to send ${name}` });
  }

  progress(name: string): Locator {
    return this.scope.getByRole('progressbar', { name: `Uploading ${name}` });
  }

  /** Drops files on an item's Add control, as a drag from the desktop would. */
  async drop(itemName: string, ...files: TestFile[]): Promise<void> {
    const transfer = await this.page.evaluateHandle(
      (list) => {
        const data = new DataTransfer();
        for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.mimeType }));
        return data;
      },
      files.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] })),
    );
    const area = this.checklistItem(itemName).locator('.document-picker__button');
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
