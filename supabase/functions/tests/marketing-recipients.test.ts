// Marketing email only ever goes to confirmed subscribers: whatever the outbox holds, the sender
// sends the newsletter's welcome only to an address that has confirmed and not unsubscribed (the
// database queues it on confirming alone: tests/db/newsletter-consent.test.ts). In Deno, where
// send-notifications decides (`npm run test:functions`).
import assert from 'node:assert/strict';
import { staleReason } from '../send-notifications/deliver.ts';
import { ROWS } from './email-samples.ts';

const subscriber = (confirmed_at: string | null, unsubscribed_at: string | null) => ({ ...ROWS.newsletter_subscribers, confirmed_at, unsubscribed_at });

Deno.test('the welcome goes to a confirmed, subscribed address', () => {
  assert.equal(staleReason('newsletter_welcome', subscriber('2026-11-29T10:00:00Z', null)), null);
});

Deno.test('the welcome is not sent to an address that has not confirmed', () => {
  assert.equal(staleReason('newsletter_welcome', subscriber(null, null)), 'Not sent: the address has not confirmed its subscription.');
});

Deno.test('the welcome is not sent to an address that unsubscribed, confirmed or not', () => {
  for (const confirmed of ['2026-11-29T10:00:00Z', null]) {
    assert.equal(staleReason('newsletter_welcome', subscriber(confirmed, '2026-11-29T11:00:00Z')), 'Not sent: the address unsubscribed first.');
  }
});

Deno.test('the confirmation itself goes to a pending address: it is how consent is asked', () => {
  assert.equal(staleReason('newsletter_confirmation', subscriber(null, null)), null);
});
