import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../api/wire.gen';
import { addDays, calendarRows, dayLists, daysFrom } from './bookingsModel';

const booking = (b: Partial<Booking>): Booking => ({
  id: 'b', orderId: 'o', productId: 'pa', variantId: 'v', kitBookingId: '', quantity: 1, start: '2026-12-04', end: '2026-12-07', status: 'reserved', fees: [], productName: 'PA', productNameLocalized: {}, ...b,
});

describe('the bookings calendar', () => {
  it('counts the units taken per day, a booking including its end, cancelled and returned ones not', () => {
    const days = daysFrom('2026-12-06', 3);
    expect(days).toEqual(['2026-12-06', '2026-12-07', '2026-12-08']);
    const rows = calendarRows(
      [booking({ quantity: 2 }), booking({ id: 'c', start: '2026-12-07', end: '2026-12-08' }), booking({ id: 'x', status: 'cancelled' })],
      days,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].taken).toEqual([2, 3, 1]);
  });

  it('crosses months and a DST change by calendar days', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("lists the day's collections and returns, not a kit's components", () => {
    const lists = dayLists(
      [booking({ id: 'go', start: '2026-12-04' }), booking({ id: 'part', kitBookingId: 'go' }), booking({ id: 'back', status: 'out', end: '2026-12-04' })],
      '2026-12-04',
    );
    expect(lists.collections.map((b) => b.id)).toEqual(['go']);
    expect(lists.returns.map((b) => b.id)).toEqual(['back']);
  });
});
