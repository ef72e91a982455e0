import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('formatPrice', () => {
  it.each([
    [0, '$0.00'],
    [9.99, '$9.99'],
    [1299.9, '$1,299.90'],
    [5, '$5.00'],
    [1234567.891, '$1,234,567.89'],
    ['49.5', '$49.50'],
    [null, '$0.00'],
    [Number.NaN, '$0.00'],
    [-3.5, '-$3.50'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatPrice(input as number)).toBe(expected);
  });
});
