import type { Booking } from '../../../api/wire.gen';

/**
 * The bookings calendar's arithmetic (issue 46): dates are the shop's calendar dates
 * (YYYY-MM-DD), handled as UTC days so no time zone of the browser moves them.
 */

const DAY = 86_400_000;

const toDay = (s: string) => Date.parse(`${s}T00:00:00Z`);
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (s: string, n: number) => fromDay(toDay(s) + n * DAY);

/** The dates from `from`, `count` of them. */
export const daysFrom = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));

/** Whether a booking takes its units (reserved or out). */
const isLive = (b: Booking) => b.status === 'reserved' || b.status === 'out';

/** The calendar's rows: one per product and variant of the live bookings (kits' and components'). */
export interface CalendarRow {
  key: string;
  productId: string;
  variantId: string;
  /** The product's name, as `name` gives it. */
  name: string;
  /** Units taken per shown day. */
  taken: number[];
}

export function calendarRows(bookings: Booking[], days: string[], name: (b: Booking) => string = (b) => b.productName): CalendarRow[] {
  const rows = new Map<string, CalendarRow>();
  for (const b of bookings.filter(isLive)) {
    const key = `${b.productId}/${b.variantId}`;
    const row = rows.get(key) ?? { key, productId: b.productId, variantId: b.variantId, name: name(b), taken: days.map(() => 0) };
    days.forEach((d, i) => {
      if (d >= b.start && d <= b.end) row.taken[i] += b.quantity;
    });
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** The day's collections (reserved, starting today) and returns (out, due today or before). */
export function dayLists(bookings: Booking[], today: string) {
  const own = bookings.filter((b) => !b.kitBookingId);
  return {
    collections: own.filter((b) => b.status === 'reserved' && b.start <= today),
    returns: own.filter((b) => b.status === 'out' && b.end <= today),
  };
}
