import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { setupTestI18n } from '../../test/i18n';
import { freeShippingText } from './freeShippingText';

const at = (subtotal: number, country = '', lng = 'en', threshold = 500) =>
  freeShippingText(i18n.t, { threshold, homeCountry: 'US', subtotal, country, lng });

describe('freeShippingText', () => {
  beforeAll(setupTestI18n);

  it('says what is missing under the threshold and that it is free at or above it', () => {
    expect(at(446.6)).toBe('Add $53.40 for free US shipping');
    expect(at(499.99, 'US')).toBe('Add $0.01 for free US shipping');
    expect(at(500)).toBe('Free US shipping');
    expect(at(1299, 'US')).toBe('Free US shipping');
  });

  it('promises nothing for an address abroad or without a threshold', () => {
    expect(at(100, 'DE')).toBeNull();
    expect(at(900, 'GB')).toBeNull();
    expect(at(100, '', 'en', 0)).toBeNull();
  });
});
