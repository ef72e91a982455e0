/** The usual path of an order; statuses may be skipped forward (the server keeps the same rule: shop/fulfilment.go). */
const PATH = ['Created', 'Processing', 'Processed', 'Shipped', 'Delivered'];

/**
 * Whether moving an order from one status to another follows the usual path: forward, or a cancel
 * before it shipped. Anything else (back, out of Cancelled, cancelling what shipped) is a jump the
 * admin confirms; the history marks it.
 */
export function usualNext(from: string, to: string): boolean {
  const i = PATH.indexOf(from);
  if (from === to) return true;
  if (to === 'Cancelled') return i >= 0 && i < PATH.indexOf('Shipped');
  return i >= 0 && PATH.indexOf(to) > i;
}

/** The carriers the server knows (their tracking pages are the server's: shop/fulfilment.go). */
export const CARRIERS = ['ups', 'fedex', 'usps', 'dhl', 'china_post', 'russian_post', 'other'] as const;
