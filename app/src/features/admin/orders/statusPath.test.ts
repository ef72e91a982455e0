import { describe, expect, it } from 'vitest';
import { usualNext } from './statusPath';

describe('the usual path of an order', () => {
  it('goes forward, skipping steps, and may cancel before shipping', () => {
    expect(usualNext('Created', 'Processing')).toBe(true);
    expect(usualNext('Created', 'Shipped')).toBe(true);
    expect(usualNext('Processed', 'Cancelled')).toBe(true);
  });
  it('calls back, out of Cancelled and cancelling what shipped a jump', () => {
    expect(usualNext('Cancelled', 'Shipped')).toBe(false);
    expect(usualNext('Delivered', 'Created')).toBe(false);
    expect(usualNext('Shipped', 'Cancelled')).toBe(false);
    expect(usualNext('Processing', 'Created')).toBe(false);
  });
});
