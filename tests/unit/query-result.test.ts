// The dashboard's one boundary between Result and react-query: a success hands over its data, a
// failure rejects with its Failure intact (kind and words), which failureOf reads back.
import { describe, expect, it } from 'vitest';
import { failureOf, unwrap } from '../../src/islands/admin/query-result.ts';
import { failed, succeeded } from '../../src/lib/result.ts';

describe('unwrap', () => {
  it('resolves with the data of a success', async () => {
    await expect(unwrap(Promise.resolve(succeeded([1, 2])))).resolves.toEqual([1, 2]);
  });

  it('rejects a failure with its Failure, which failureOf reads back', async () => {
    const rejection = await unwrap(Promise.resolve(failed('refused', 'This file is no longer there.'))).catch((error: unknown) => error);
    expect(rejection).toBeInstanceOf(Error);
    expect(failureOf(rejection)).toEqual({ kind: 'refused', message: 'This file is no longer there.' });
  });
});

describe('failureOf', () => {
  it('reads anything else thrown as unexpected, without its words', () => {
    expect(failureOf(new TypeError('x is not a function'))).toEqual({ kind: 'unexpected', message: '' });
  });
});
