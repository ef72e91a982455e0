import { describe, expect, it } from 'vitest';
import { totalToSend } from './useReviewedFigures';
import type { ReviewSnapshot } from './PlaceOrderNotice';

const snap = (total: number): ReviewSnapshot => ({ items: [], shipping: 0, tax: 0, total });

describe('the reviewed total', () => {
  it('sends the figure the shopper confirmed while a change has not been read', () => {
    // The case: $4,998 on screen, an admin's price change lands as Place order is clicked.
    expect(totalToSend(snap(4998), snap(5198), false)).toEqual({ total: 4998, acceptsCurrent: false });
  });

  it('sends the new figure once its notice was on screen long enough to be read', () => {
    expect(totalToSend(snap(4998), snap(5198), true)).toEqual({ total: 5198, acceptsCurrent: true });
  });

  it('sends the figure on screen when nothing changed, or before any was confirmed', () => {
    expect(totalToSend(snap(69.79), snap(69.79), false)).toEqual({ total: 69.79, acceptsCurrent: true });
    expect(totalToSend(null, snap(69.79), false)).toEqual({ total: 69.79, acceptsCurrent: true });
  });
});
