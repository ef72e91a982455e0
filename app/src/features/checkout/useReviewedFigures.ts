import { useState } from 'react';
import type { PlaceProblem, ReviewSnapshot } from './PlaceOrderNotice';

/**
 * The figures the shopper reviewed. A live price, stock, shipping or tax change while the review
 * step is open must not change what Place order charges silently: it becomes the same "total
 * changed" notice as the server's 409, and Place order asks again. `settled`: no refetch is
 * running, so `current` is what the server says; while one runs, the last settled verdict stays
 * (the notice does not blink while the cart and its figures arrive one after the other).
 */
export function useReviewedFigures(reviewing: boolean, settled: boolean, current: ReviewSnapshot) {
  const [reviewed, setReviewed] = useState<ReviewSnapshot | null>(null);
  const [last, setLast] = useState<PlaceProblem | null>(null);
  // Adjusted while rendering (React's pattern for state that follows props), not in an effect.
  if (!reviewing && reviewed) setReviewed(null);
  if (reviewing && settled && !reviewed) setReviewed(current);
  const verdict: PlaceProblem | null =
    reviewing && settled && reviewed && reviewed.total !== current.total
      ? { kind: 'totalChanged', before: reviewed, newTotal: current.total }
      : null;
  const change = settled || !reviewing ? verdict : last;
  if (settled && (verdict?.kind !== last?.kind || (verdict && last && verdict.kind === 'totalChanged' && last.kind === 'totalChanged' && verdict.newTotal !== last.newTotal)))
    setLast(verdict);
  /** The shopper accepts the figures on screen (by placing the order with them). */
  const accept = () => {
    setReviewed(current);
    setLast(null);
  };
  return { change, accept };
}
