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
    [0.29, '$0.29'],
  ])('writes %s as %s in English', (input, expected) => {
    expect(formatPrice(input as number, 'en')).toBe(expected);
  });

  it('writes the issue\'s figure as each language\'s readers do', () => {
    expect(formatPrice(1299, 'en')).toBe('$1,299.00');
    expect(formatPrice(1299, 'ru')).toBe('1\u00a0299,00\u00a0$');
    expect(formatPrice(1299, 'zh')).toBe('US$1,299.00');
    expect(formatPrice(-3.5, 'ru')).toBe('-3,50\u00a0$');
    expect(formatPrice(1299, 'de')).toBe('$1,299.00');
    expect(formatPrice(1299, 'ru-RU')).toBe('1\u00a0299,00\u00a0$');
  });

  // The shared table is CLDR's: the browser's own currency format gives the same text.
  it.each(['en', 'ru', 'zh'])('matches Intl.NumberFormat in %s', (lang) => {
    const intl = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' });
    for (const n of [0, 0.5, 9.99, 49.99, 1299, 53.4, 1234567.89]) expect(formatPrice(n, lang)).toBe(intl.format(n));
  });
});
