import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { setupTestI18n } from '../test/i18n';
import { freeShippingText } from './freeShippingText';

const at = (missing: number | undefined, country = '', lng = 'en') => freeShippingText(i18n.t, { missing, homeCountry: 'US', country, lng });

describe('freeShippingText', () => {
  beforeAll(setupTestI18n);

  it("says what the server counts as missing, and that it is free once nothing is", () => {
    expect(at(53.4)).toBe('Add $53.40 for free US shipping');
    expect(at(0.01, 'US')).toBe('Add $0.01 for free US shipping');
    expect(at(0)).toBe('Free US shipping');
    expect(at(0, 'US')).toBe('Free US shipping');
  });

  it('promises nothing for an address abroad or without free shipping', () => {
    expect(at(100, 'DE')).toBeNull();
    expect(at(0, 'GB')).toBeNull();
    expect(at(undefined)).toBeNull();
  });
});
