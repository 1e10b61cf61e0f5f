// /profile: each application's history on its card, as its applicant sees it: when it was
// received and every change since, in order, with the status as a labelled badge; staff's
// internal notes never show.
import { createUser, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { axeViolations } from '../support/axe.ts';
import { AFTER_SUBMISSION_TEXTS } from '../../support/spec-texts.ts';
import { expect, JOURNEY_TIMEOUT_MS, logInThroughForm, test } from './account.po.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test('the profile lists every status change of an application, oldest first, and no note', async ({ page }) => {
  const email = uniqueEmail('history');
  const userId = await createUser(email);
  const service = await serviceClient();
  const { data, error } = await service
    .from('visa_applications')
    .insert({
      user_id: userId, visa_type: 'Tourist Visa', submitted_at: '2026-03-02T10:00:00Z', name: 'Ada Obi', email, phone: '+234 803 123 4567',
      dob: '1990-01-01', nationality: 'Nigerian', passport_number: 'A1234567', marital_status: 'Single', address: '12 Marina Road',
    })
    .select('id')
    .single();
  if (error) throw error;
  // Two changes as an operator makes them; each update is recorded by the database's trigger.
  for (const status of ['in_review', 'rejected'] as const) {
    const { error: changed } = await service.from('visa_applications').update({ status }).eq('id', data.id);
    if (changed) throw changed;
  }
  const note = 'Internal: documents look forged.';
  const { error: noted } = await service.from('application_notes').insert({ application_id: data.id, body: note });
  if (noted) throw noted;

  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const card = page.getByRole('region', { name: 'Tourist Visa, submitted 2 March 2026' });
  await expect(card.locator('.application-card__header .badge')).toHaveText('Rejected');
  await expect(card.getByRole('region', { name: AFTER_SUBMISSION_TEXTS.historyTitle }).getByRole('listitem')).toHaveText([
    new RegExp(AFTER_SUBMISSION_TEXTS.received('Submitted')),
    new RegExp(AFTER_SUBMISSION_TEXTS.statusChanged('Submitted', 'In review')),
    new RegExp(AFTER_SUBMISSION_TEXTS.statusChanged('In review', 'Rejected')),
  ]);
  await expect(page.getByText(note)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
