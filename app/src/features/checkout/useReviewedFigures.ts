import { useState } from 'react';
import type { PlaceProblem, ReviewSnapshot } from './PlaceOrderNotice';

/**
 * The figures the shopper reviewed. A live price, stock or shipping change while the review step
 * is open must not change what Place order charges silently: it becomes the same "total changed"
 * notice as the server's 409, and Place order asks again. `settled`: no refetch is running, so
 * `current` is what the server says.
 */
export function useReviewedFigures(reviewing: boolean, settled: boolean, current: ReviewSnapshot) {
  const [reviewed, setReviewed] = useState<ReviewSnapshot | null>(null);
  // Adjusted while rendering (React's pattern for state that follows props), not in an effect.
  if (!reviewing && reviewed) setReviewed(null);
  if (reviewing && settled && !reviewed) setReviewed(current);
  const change: PlaceProblem | null =
    reviewing && settled && reviewed && reviewed.total !== current.total
      ? { kind: 'totalChanged', before: reviewed, newTotal: current.total }
      : null;
  /** The shopper accepts the figures on screen (by placing the order with them). */
  const accept = () => setReviewed(current);
  return { change, accept };
}
