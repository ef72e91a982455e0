/**
 * The quote request page's address for one product (issue 47): shared by the product page's and
 * the hire panel's "Request a quote" links and the request page, so catalog and quotes do not
 * import each other.
 */

/** One product asked for from its page: for sale, or (with `hire`) for hire on the dates picked ('' until they are). */
export interface SingleLine {
  productId: string;
  variantId?: string;
  quantity: number;
  hire?: { start: string; end: string };
}


/** The request page's address for one product from its page (`/quotes/new?product=…`, `&hire=1&start=…&end=…` for a hire). */
export function singleLinePath(line: SingleLine): string {
  const q = new URLSearchParams({ product: line.productId });
  if (line.variantId) q.set('variant', line.variantId);
  q.set('quantity', String(line.quantity));
  if (line.hire) {
    q.set('hire', '1');
    if (line.hire.start) q.set('start', line.hire.start);
    if (line.hire.end) q.set('end', line.hire.end);
  }
  return `/quotes/new?${q}`;
}
