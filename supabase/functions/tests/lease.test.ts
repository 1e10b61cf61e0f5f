// The claim's lease of send-notifications (`npm run test:functions`, Deno): long enough for the
// worst batch, a batch of staff rows each sending one message per staff address in turn.
import assert from 'node:assert/strict';
import { BRAND } from '../send-notifications/emails/brand.ts';
import { BATCH_SIZE, CONNECTIONS, leaseSecondsFor } from '../send-notifications/deliver.ts';

Deno.test('the lease is 105 s for one staff address and the default 5 s SMTP timeout', () => {
  assert.equal(leaseSecondsFor({ smtpTimeoutMs: 5000 }, 1), 105);
});

Deno.test('the lease grows with the staff addresses a staff row sends to one after another', () => {
  // ceil(25 / 5) rows a connection × 3 addresses × 3 SMTP steps × 5 s, and 30 s to spare.
  assert.equal(leaseSecondsFor({ smtpTimeoutMs: 5000 }, 3), Math.ceil(BATCH_SIZE / CONNECTIONS) * 3 * 3 * 5 + 30);
  assert.equal(leaseSecondsFor({ smtpTimeoutMs: 5000 }, 3), 255);
  assert.ok(leaseSecondsFor({ smtpTimeoutMs: 5000 }, 2) > leaseSecondsFor({ smtpTimeoutMs: 5000 }, 1));
});

Deno.test('the lease counts at least one send a row, and rounds the timeout up to whole seconds', () => {
  assert.equal(leaseSecondsFor({ smtpTimeoutMs: 5000 }, 0), 105);
  assert.equal(leaseSecondsFor({ smtpTimeoutMs: 1500 }, 1), 5 * 1 * 3 * 2 + 30);
});

Deno.test('by default the lease counts the staff addresses bundled with the function', () => {
  assert.equal(leaseSecondsFor({ smtpTimeoutMs: 5000 }), leaseSecondsFor({ smtpTimeoutMs: 5000 }, BRAND.staff.length));
});
