import { describe, expect, it } from 'vitest';
import { clampQuantity, lineLimits, remainingStock } from './rules';

describe('cart rules', () => {
  it('remaining stock is stock minus the amount in the cart, never negative', () => {
    expect(remainingStock(10, 3)).toBe(7);
    expect(remainingStock(3, 3)).toBe(0);
    expect(remainingStock(2, 5)).toBe(0);
  });
  it('clamps the stepper to 1..max', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });
  it('popover: decrease disabled at 1, increase disabled at availableStock', () => {
    expect(lineLimits(1, 5)).toEqual({ canDecrease: false, canIncrease: true });
    expect(lineLimits(5, 5)).toEqual({ canDecrease: true, canIncrease: false });
    expect(lineLimits(6, 5)).toEqual({ canDecrease: true, canIncrease: false });
  });
});
