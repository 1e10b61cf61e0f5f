// Values outside the closed lists, sent straight to the API (no browser form in the way): the
// lists are enums, so the database refuses them as values of no such type (22P02) with a 400.
import { test, expect } from '../support/fixtures.ts';
import { anonClient, backendKeys, createUser, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../../common/database.types.ts';
import { E2E_API_URL } from '../support/e2e-env.ts';
import { openSlot } from '../../support/open-slots.ts';

test('a booking for a country outside the list is refused with 400', async () => {
  const { error, status } = await (await anonClient()).from('bookings').insert({
    full_name: 'Amara Eze',
    phone: '+234 809 000 0000',
    email: uniqueEmail('country'),
    // Outside the enum on purpose: what the database answers a client that is not the site.
    country: 'France' as 'Nigeria',
    ...openSlot(),
  });
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: '22P02' });
});

test('a visa application of a type outside the list is refused with 400', async () => {
  const email = uniqueEmail('type');
  await createUser(email);
  const { anonKey } = await backendKeys();
  const client = createClient<Database>(E2E_API_URL, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  const { error, status } = await client.from('visa_applications').insert({
    // Outside the enum on purpose.
    visa_type: 'Student Visa' as 'Tourist Visa',
    name: 'Chidi Okeke',
    email,
    phone: '+234 802 000 0000',
    dob: '1992-03-14',
    nationality: 'Nigerian',
    passport_number: 'A09876543',
    marital_status: 'Single',
    address: 'Lagos',
  });
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: '22P02' });
});
