/**
 * Calendar dates of a hire (YYYY-MM-DD, the shop's dates): handled as UTC days so that the
 * browser's own time zone never moves a day (issue 46).
 */

const DAY = 86_400_000;

const toDay = (s: string) => Date.parse(`${s}T00:00:00Z`);
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (s: string, n: number) => fromDay(toDay(s) + n * DAY);

/** Today's date where the shopper is: the calendar's start until the server answers the shop's date. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Monday-first weekday of a date: 0 Monday … 6 Sunday. */
export const weekday = (s: string) => (new Date(toDay(s)).getUTCDay() + 6) % 7;

/**
 * The next pick of a range: a first click starts it, a second on or after the start ends it,
 * a click before the start (or once the range is whole) starts again.
 */
export function pickDate(range: { start: string; end: string }, date: string): { start: string; end: string } {
  if (!range.start || range.end || date < range.start) return { start: date, end: '' };
  return { start: range.start, end: date };
}

/** Whether every day of [start, end] has at least `quantity` free in `free` (by date). */
export function rangeFree(free: Map<string, number>, start: string, end: string, quantity: number): boolean {
  for (let d = start; d <= end; d = addDays(d, 1)) if ((free.get(d) ?? 0) < quantity) return false;
  return true;
}
