import { useEffect, useState } from 'react';
import type { PlaceProblem, ReviewSnapshot } from './PlaceOrderNotice';

/** How long a notice of new figures is on screen before Place order can confirm them. */
const READ_TIME_MS = 500;

/**
 * What Place order sends as `expectedTotal`: the figure the shopper last saw and confirmed, never
 * the cache's latest. New figures count as confirmed only once their notice has been on screen
 * long enough to be read; a click in the same instant as a price change sends the confirmed total,
 * which the server refuses with the notice (409 total_changed) instead of charging the new one.
 */
export function totalToSend(confirmed: ReviewSnapshot | null, current: ReviewSnapshot, noticeRead: boolean): { total: number; acceptsCurrent: boolean } {
  if (!confirmed || confirmed.total === current.total || noticeRead) return { total: current.total, acceptsCurrent: true };
  return { total: confirmed.total, acceptsCurrent: false };
}

/**
 * The figures the shopper reviewed. A live price, stock, shipping or tax change while the review
 * step is open must not change what Place order charges silently: it becomes the same "total
 * changed" notice as the server's 409, and Place order asks again. `settled`: no refetch is
 * running, so `current` is what the server says; while one runs, the last settled verdict stays
 * (the notice does not blink while the cart and its figures arrive one after the other).
 * `serverNotice`: the server's own 409 notice is on screen.
 */
export function useReviewedFigures(reviewing: boolean, settled: boolean, current: ReviewSnapshot, serverNotice: boolean) {
  const [confirmed, setConfirmed] = useState<ReviewSnapshot | null>(null);
  const [last, setLast] = useState<PlaceProblem | null>(null);
  // Adjusted while rendering (React's pattern for state that follows props), not in an effect.
  if (!reviewing && confirmed) setConfirmed(null);
  if (reviewing && settled && !confirmed) setConfirmed(current);
  const verdict: PlaceProblem | null =
    reviewing && settled && confirmed && confirmed.total !== current.total
      ? { kind: 'totalChanged', before: confirmed, newTotal: current.total }
      : null;
  const change = settled || !reviewing ? verdict : last;
  if (settled && newTotalOf(verdict) !== newTotalOf(last)) setLast(verdict);
  const noticeOpen = change !== null || serverNotice;
  const noticeKey = noticeOpen ? `${confirmed?.total}->${newTotalOf(change) ?? current.total}` : '';
  const [readKey, setReadKey] = useState('');
  // Counted from the commit that put the notice on screen.
  useEffect(() => {
    if (!noticeKey) return;
    const timer = window.setTimeout(() => setReadKey(noticeKey), READ_TIME_MS);
    return () => window.clearTimeout(timer);
  }, [noticeKey]);
  const noticeRead = noticeKey !== '' && readKey === noticeKey;
  /** The total to send now, and whether the shopper thereby confirms the figures on screen. */
  const decide = () => {
    const d = totalToSend(confirmed, current, noticeRead);
    if (d.acceptsCurrent) {
      setConfirmed(current);
      setLast(null);
    }
    return { total: d.total, before: d.acceptsCurrent ? current : (confirmed ?? current) };
  };
  return { change, decide, reading: noticeOpen && !noticeRead };
}

/** The new total a "total changed" verdict names (null for none). */
function newTotalOf(p: PlaceProblem | null): number | null {
  return p?.kind === 'totalChanged' ? p.newTotal : null;
}
