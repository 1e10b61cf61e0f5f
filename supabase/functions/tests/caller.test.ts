// Who may call a queue function (`npm run test:functions`, Deno): a bearer token that is one of
// the project's secret keys, compared whole; nothing else. The same refusals through HTTP, with
// real anon and user tokens, are in tests/functions/refusals.test.ts.
import assert from 'node:assert/strict';
import { isQueueCaller } from '../_shared/caller.ts';

const KEYS = ['eyJ-the-service-role-key', 'sb_secret_the-new-secret-key'];
const call = (authorization?: string) => new Request('http://localhost/functions/v1/send-notifications', { method: 'POST', headers: authorization ? { authorization } : {} });

Deno.test('each of the project secret keys is a caller', () => {
  for (const key of KEYS) assert.equal(isQueueCaller(call(`Bearer ${key}`), KEYS), true);
  assert.equal(isQueueCaller(call(`bearer ${KEYS[0]}`), KEYS), true);
});

Deno.test('anything else is not: no header, another key, a prefix or an extension of a key, another scheme', () => {
  for (const header of [undefined, 'Bearer eyJ-the-anon-key', `Bearer ${KEYS[0]!.slice(0, -1)}`, `Bearer ${KEYS[0]}x`, `Basic ${KEYS[0]}`, KEYS[0], 'Bearer ', `Bearer ${KEYS[0]} ${KEYS[1]}`]) {
    assert.equal(isQueueCaller(call(header), KEYS), false, String(header));
  }
});
