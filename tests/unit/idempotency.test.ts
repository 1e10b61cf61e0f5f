// One idempotency key per submission: reused while the same values are retried, new for changed
// values and after a stored submission.
import { describe, expect, it } from 'vitest';
import { randomKey, submissionKeys } from '../../src/lib/forms/idempotency.ts';
import { isDuplicateSubmission } from '../../src/lib/forms/submit.ts';

describe('submissionKeys', () => {
  it('reuses the key for a retry of the same values', () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ email: 'a@b.co', name: 'A' });
    expect(keys.keyFor({ email: 'a@b.co', name: 'A' })).toBe(first);
  });

  it('makes a new key when the values change, and after a stored submission', () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ name: 'A' });
    const changed = keys.keyFor({ name: 'B' });
    expect(changed).not.toBe(first);
    keys.settled();
    expect(keys.keyFor({ name: 'B' })).not.toBe(changed);
  });

  it('makes UUID v4 keys, as the uuid column takes them', () => {
    expect(randomKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('isDuplicateSubmission', () => {
  it('is true only for a unique violation on client_key', () => {
    expect(
      isDuplicateSubmission({ code: '23505', message: 'duplicate key value violates unique constraint "bookings_client_key_key"' }),
    ).toBe(true);
    expect(
      isDuplicateSubmission({
        code: '23505',
        message: 'duplicate key value violates unique constraint "newsletter_subscribers_email_key"',
      }),
    ).toBe(false);
    expect(isDuplicateSubmission({ code: '23514', message: 'client_key' })).toBe(false);
  });
});
