import { describe, expect, it } from 'vitest';
import type { Product } from '../../../api/types';
import { emptyHire, hireFieldPath, hireFromProduct, hirePayload, newKitRow, validateHire } from './hireModel';

const hireProduct = {
  hire: { enabled: true, saleEnabled: false, deposit: 200, bufferDays: 1, minDays: 2, leadDays: 3 },
  hireRates: { day: 50, weekend: 80, week: null },
  hireQuantity: 6,
  kit: [{ productId: 'top', variantId: '', quantity: 2 }],
  variants: [],
} as unknown as Product;

describe('the hire card', () => {
  it('reads a product and sends it back as the API takes it', () => {
    const h = hireFromProduct(hireProduct);
    expect(h.rates).toEqual({ day: '50.00', weekend: '80.00', week: '', quantity: '6' });
    expect(hirePayload(h, false)).toEqual({
      hire: { enabled: true, saleEnabled: false, deposit: 200, bufferDays: 1, minDays: 2, leadDays: 3 },
      kit: [{ productId: 'top', variantId: '', quantity: 2 }],
      hireRates: { day: 50, weekend: 80, week: null },
      hireQuantity: 6,
    });
  });

  it('sends only the flags when hire is off, and a product for sale stays for sale', () => {
    expect(hirePayload(emptyHire(), false)).toEqual({ hire: { enabled: false, saleEnabled: true } });
  });

  it('refuses what the server refuses', () => {
    const h = { ...emptyHire(), enabled: true, bufferDays: '31', kit: [{ ...newKitRow(), id: 'k1', quantity: '0' }] };
    const errors = validateHire(h, []);
    expect(errors['hire.rates.day']).toBe('hireDayRequired');
    expect(errors['hire.bufferDays']).toBe('hireDaysInvalid');
    expect(errors['hire.kit.k1.productId']).toBe('kitProductRequired');
    expect(errors['hire.kit.k1.quantity']).toBe('kitQuantityInvalid');
    expect(validateHire({ ...emptyHire(), saleEnabled: false }, [])['hire.saleEnabled']).toBe('notForSaleNorHire');
  });

  it('puts the server errors on their fields', () => {
    const h = { ...emptyHire(), kit: [{ ...newKitRow(), id: 'k1' }] };
    expect(hireFieldPath('hireRates.day', h)).toBe('hire.rates.day');
    expect(hireFieldPath('hireQuantity', h)).toBe('hire.rates.quantity');
    expect(hireFieldPath('kit.0.productId', h)).toBe('hire.kit.k1.productId');
    expect(hireFieldPath('kit', h)).toBe('hire.kit');
    expect(hireFieldPath('hire.deposit', h)).toBe('hire.deposit');
    expect(hireFieldPath('price', h)).toBeNull();
  });
});
