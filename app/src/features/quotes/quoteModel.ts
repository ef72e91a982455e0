import type { PaymentMethod, PaymentMethods, Quote, ShippingInfo, User } from '../../api/types';
import type { Problems } from '../../lib/form';
import type { SingleLine } from '../../lib/quotePath';

export type QuoteStatus = Quote['status'];

/** Every status of a quote, in the order a quote moves through them. */
export const QUOTE_STATUSES: readonly QuoteStatus[] = ['requested', 'sent', 'accepted', 'declined', 'expired', 'withdrawn'];

type BadgeColor = 'gray' | 'indigo' | 'green' | 'red' | 'amber';

export const QUOTE_STATUS_COLORS: Record<QuoteStatus, BadgeColor> = {
  requested: 'gray',
  sent: 'indigo',
  accepted: 'green',
  declined: 'red',
  expired: 'amber',
  withdrawn: 'gray',
};

/** The status as the customer should see it now: a sent quote past its validity is expired before the job marks it so. */
export function shownStatus(q: Pick<Quote, 'status' | 'validUntil'>, now = Date.now()): QuoteStatus {
  if (q.status === 'sent' && q.validUntil && Date.parse(q.validUntil) < now) return 'expired';
  return q.status;
}

/** Whether the customer may still accept or decline the quote. */
export const canRespond = (q: Pick<Quote, 'status' | 'validUntil'>, now = Date.now()) => shownStatus(q, now) === 'sent';

/**
 * The methods a quote may be accepted with: those the shop offers the customer, and invoice terms
 * whenever the customer is approved for them (api.md "Quotes"), card first as at checkout.
 */
export function acceptMethods(methods: PaymentMethods | undefined, user: Pick<User, 'invoiceAllowed'> | null | undefined): PaymentMethod[] {
  const out = (methods?.methods ?? []).filter((m) => m.enabled).map((m) => m.code);
  if (user?.invoiceAllowed && !out.includes('invoice')) out.push('invoice');
  return out;
}

/** The accept form's problems (checkout:validation.* keys): a method, and the PO number on invoice terms. */
export function acceptProblems(method: PaymentMethod | '', poNumber: string): Problems {
  const out: Problems = {};
  if (!method) out.paymentMethod = 'required';
  if (method === 'invoice' && !poNumber.trim()) out.poNumber = 'required';
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The product a request page's address asks for, or null for the cart's lines; dates not YYYY-MM-DD are left to pick. */
export function singleLineOf(params: URLSearchParams): SingleLine | null {
  const productId = params.get('product')?.trim();
  if (!productId) return null;
  const n = Math.floor(Number(params.get('quantity') ?? '1'));
  const variantId = params.get('variant')?.trim() || undefined;
  const line: SingleLine = { productId, ...(variantId ? { variantId } : {}), quantity: Number.isFinite(n) && n >= 1 ? n : 1 };
  if (params.get('hire') === '1') {
    const date = (k: string) => (DATE.test(params.get(k) ?? '') ? (params.get(k) as string) : '');
    line.hire = { start: date('start'), end: date('end') };
  }
  return line;
}

/** Whether a line is asked for on hire: its address says so, or its product is for hire only (no sale line to quote). */
export function hireWanted(line: SingleLine, product: { hire?: { enabled: boolean; saleEnabled: boolean } | null } | undefined): boolean {
  return !!line.hire || (!!product?.hire?.enabled && !product.hire.saleEnabled);
}

/** The event a request is for, and the customer's note. */
export interface QuoteEvent {
  eventName: string;
  eventDate: string;
  venue: string;
  message: string;
}

export const emptyEvent = (): QuoteEvent => ({ eventName: '', eventDate: '', venue: '', message: '' });

/** POST /api/quotes: the cart's lines or the one product, the event (trimmed) and the delivery address. */
export function requestBody(event: QuoteEvent, shippingInfo: ShippingInfo, line: SingleLine | null) {
  const trimmed = Object.fromEntries(Object.entries(event).map(([k, v]) => [k, v.trim()])) as unknown as QuoteEvent;
  return { ...(line ? { lines: [line] } : { fromCart: true }), ...trimmed, shippingInfo };
}

/** The request form's problem with a hire's dates: none picked, or the range not ended. */
export function hireProblem(line: SingleLine | null): 'hireDates' | undefined {
  return line?.hire && (!line.hire.start || !line.hire.end) ? 'hireDates' : undefined;
}
