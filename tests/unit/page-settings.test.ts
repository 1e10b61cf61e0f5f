import { describe, expect, it } from 'vitest';
import { numberFrom } from '../../src/page-scripts/page-settings.ts';

const element = (value: string | null) => ({ getAttribute: () => value }) as unknown as HTMLElement;

describe('numberFrom', () => {
  it.each([
    { value: '1000', expected: 1000 },
    { value: '0', expected: 0 },
    { value: '200', expected: 200 },
    { value: null, expected: 42 },
    { value: '', expected: 42 },
    { value: 'soon', expected: 42 },
    { value: '-5', expected: 42 },
  ])('reads $value as $expected (fallback 42)', ({ value, expected }) => {
    expect(numberFrom(element(value), 'data-duration-ms', 42)).toBe(expected);
  });

  it('falls back when the element is missing', () => expect(numberFrom(null, 'data-threshold', 200)).toBe(200));
});
