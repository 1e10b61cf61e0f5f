// /functions/v1/<name> on the embedded backend: only the project's own functions answer. A name
// that is a member every JavaScript object inherits (`constructor`, `toString`, `__proto__`) is an
// unknown function like any other, and a method the gateway does not pass on is refused: each a
// 4xx, and the backend keeps answering afterwards.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBackend, type TestBackend } from './support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

describe('hostile function requests', () => {
  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'missing', 'unsubscribe/../constructor'])(
    '%s is an unknown function: 404',
    async (name) => {
      const res = await fetch(`${backend.url}/functions/v1/${name}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Function not found' });
    },
  );

  test('a method the gateway does not pass on is refused with 405', async () => {
    const res = await fetch(`${backend.url}/functions/v1/unsubscribe`, { method: 'PROPFIND' });
    expect(res.status).toBe(405);
  });

  test('the backend still answers after them', async () => {
    const res = await fetch(`${backend.url}/health`);
    expect(res.status).toBe(200);
  });
});
