// Documents made for one admin test: an applicant (a new user) with an application of their own,
// files uploaded by that applicant through storage-js with their token, each under its checklist
// item (as /visa-form and /profile do through their own request, under the same policies), and the
// application's folders read back with the service key, as an operator would.
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../common/database.types.ts';
import { documentPath, fileNameOf } from '../../../src/lib/documents/paths.ts';
import { DOCUMENTS_BUCKET } from '../../../src/lib/document-rules.ts';
import { sample } from '../../api/storage-support.ts';
import { storedNames as storedPaths } from '../documents/documents.po.ts';
import { TEST_PASSWORD, createUser, uniqueEmail } from '../support/backend.ts';
import { apiSession } from './admin.po.ts';

/** One file to upload: the checklist item it is for (Tourist Visa's), its name, type and bytes. */
export interface TestDocument {
  item: string;
  name: string;
  type: string;
  body: Buffer;
}

/** A real WebP photo (browsers decode it), a PDF and a HEIC photo that pass the content check. */
export const PHOTO: TestDocument = {
  item: 'photo',
  name: 'passport-photo.webp',
  type: 'image/webp',
  body: readFileSync(new URL('../../../content/images/team/emeka-nwosu.webp', import.meta.url)),
};
export const STATEMENT: TestDocument = { item: 'bank-statements', name: 'bank-statement.pdf', type: 'application/pdf', body: sample('pdf', 2048) };
export const HEIC_PHOTO: TestDocument = { item: 'other', name: 'family.heic', type: 'image/heic', body: sample('heic', 3072) };
export const PASSPORT: TestDocument = { item: 'passport', name: 'passport-bio-page.pdf', type: 'application/pdf', body: sample('pdf', 1024) };

/** The applicant of one test's application. */
export interface Applicant {
  userId: string;
  applicationId: string;
  client: SupabaseClient<Database>;
}

/** A new user who has applied (status submitted), their application named `name`. */
export async function applicantWithApplication(name: string): Promise<Applicant> {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const { client } = await apiSession(email, TEST_PASSWORD);
  const { data, error } = await client
    .from('visa_applications')
    .insert({
      visa_type: 'Tourist Visa', name, email, phone: '+234 801 111 2222', dob: '1995-03-04',
      nationality: 'Nigerian', passport_number: 'B1234567', marital_status: 'Single', address: '2 Allen Avenue, Ikeja',
    })
    .select('id')
    .single();
  if (error) throw error;
  return { userId, applicationId: data.id as string, client };
}

/** Uploads `documents` to the application's folder as its applicant. */
export async function uploadDocuments({ client, userId, applicationId }: Applicant, documents: TestDocument[]): Promise<void> {
  for (const document of documents) {
    const { error } = await client.storage
      .from(DOCUMENTS_BUCKET)
      .upload(documentPath(userId, applicationId, document.item, document.name), new Blob([new Uint8Array(document.body)], { type: document.type }), { contentType: document.type });
    if (error) throw error;
  }
}

/** The file names in the application's folder and its item folders, read with the service key. */
export async function storedNames({ userId, applicationId }: Applicant): Promise<string[]> {
  return (await storedPaths(userId, applicationId)).map(fileNameOf).sort();
}
