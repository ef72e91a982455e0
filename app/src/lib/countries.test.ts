import { describe, expect, it } from 'vitest';
import { countryCode, countryName, countryOptions } from './countries';

describe('countries', () => {
  it('reads the names an address used to carry as ISO codes', () => {
    for (const text of ['US', 'us', 'USA', 'United States', 'США', '美国']) expect(countryCode(text), text).toBe('US');
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('Атлантида')).toBe('');
  });

  it("names and sorts the countries in the reader's language", () => {
    expect(countryName('US', 'ru')).toBe('Соединенные Штаты');
    expect(countryName('US', 'zh')).toBe('美国');
    const ru = countryOptions('ru').map((o) => o.name);
    expect(ru).toContain('Германия');
    expect([...ru].sort(new Intl.Collator('ru').compare)).toEqual(ru);
    expect(countryOptions('en').find((o) => o.code === 'DE')?.name).toBe('Germany');
    // The abbreviation a reader looks for is in the list too: a Russian finds США.
    expect(countryOptions('ru').find((o) => o.code === 'US')?.name).toBe('Соединенные Штаты (США)');
    expect(countryOptions('zh').find((o) => o.code === 'US')?.name).toBe('美国');
  });
});
