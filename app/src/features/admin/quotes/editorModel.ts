import type { Quote, QuoteDiff, User } from '../../../api/types';
import type { Problems } from '../../../lib/form';
import { resolveLocalized } from '../../../lib/localized';

/** The roles that may open the quotes (the returns-and-quotes permission of routes/permissions.go). */
const QUOTE_ROLES = ['Admin', 'Manager'];

/** Whether the user's roles reach the admin's quotes (the server checks again on every route). */
export const canQuote = (user: Pick<User, 'roles' | 'isAdmin'> | null | undefined) =>
  !!user && (user.isAdmin || user.roles.some((r) => QUOTE_ROLES.includes(r)));

export const TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
type TaxClass = (typeof TAX_CLASSES)[number];

/** The services a quote usually carries, with their names in every language of the shop (the customer's document shows theirs). */
export const SERVICE_PRESETS = {
  crew: { en: 'Crew', ru: 'Бригада', zh: '工作人员' },
  delivery: { en: 'Delivery and collection', ru: 'Доставка и вывоз', zh: '配送与回收' },
  installation: { en: 'Installation', ru: 'Монтаж', zh: '安装' },
} as const;
export type ServiceKind = keyof typeof SERVICE_PRESETS;

/** A product line as the admin edits it: the amounts as typed. */
export interface DraftLine {
  productId: string;
  variantId: string;
  hire?: { start: string; end: string };
  quantity: string;
  unitPrice: string;
}

/** A service line as the admin edits it: the English name as typed, the other languages kept while it is unchanged. */
export interface DraftService {
  name: string;
  names: Record<string, string>;
  amount: string;
  taxClass: TaxClass;
}

export interface QuoteDraft {
  lines: DraftLine[];
  serviceLines: DraftService[];
  shippingAmount: string;
  /** YYYY-MM-DD, the last day the quote holds ("" none yet). */
  validUntil: string;
}

const plain = (n: number) => n.toFixed(2);

/** The editor's draft of the quote's latest revision. */
export function draftOf(q: Quote): QuoteDraft {
  return {
    lines: q.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      ...(l.hire ? { hire: { start: l.hire.start, end: l.hire.end } } : {}),
      quantity: String(l.quantity),
      unitPrice: plain(l.unitPrice),
    })),
    serviceLines: q.serviceLines.map((s) => {
      const names = typeof s.name === 'object' && s.name ? { ...s.name } : { en: String(s.name ?? '') };
      return { name: names.en ?? '', names, amount: plain(s.amount), taxClass: (TAX_CLASSES as readonly string[]).includes(s.taxClass) ? (s.taxClass as TaxClass) : 'standard' };
    }),
    shippingAmount: plain(q.shippingAmount),
    validUntil: q.validUntil ? q.validUntil.slice(0, 10) : '',
  };
}

/** A new service line of a kind, at no amount yet. */
export const presetService = (kind: ServiceKind): DraftService => ({ name: SERVICE_PRESETS[kind].en, names: { ...SERVICE_PRESETS[kind] }, amount: '', taxClass: 'standard' });

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const isAmount = (v: string) => AMOUNT.test(v.trim());

/** The draft's problems, keyed as the server keys its errors (admin:quotes.validation.* keys). */
export function draftProblems(d: QuoteDraft): Problems {
  const out: Problems = {};
  if (!d.lines.length) out.lines = 'noLines';
  d.lines.forEach((l, i) => {
    const q = l.quantity.trim();
    if (!/^\d+$/.test(q) || Number(q) < 1) out[`lines.${i}.quantity`] = 'quantity';
    if (!isAmount(l.unitPrice)) out[`lines.${i}.unitPrice`] = 'amount';
  });
  d.serviceLines.forEach((s, i) => {
    if (!s.name.trim()) out[`serviceLines.${i}.name`] = 'name';
    if (!isAmount(s.amount)) out[`serviceLines.${i}.amount`] = 'amount';
  });
  if (d.shippingAmount.trim() && !isAmount(d.shippingAmount)) out.shippingAmount = 'amount';
  if (d.validUntil && !/^\d{4}-\d{2}-\d{2}$/.test(d.validUntil)) out.validUntil = 'date';
  return out;
}

/** PUT /api/admin/quotes/{id}: the draft as the server takes it; the quote holds to the end of its last day (UTC). */
export function updateBody(d: QuoteDraft) {
  return {
    lines: d.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, ...(l.hire ? { hire: l.hire } : {}), quantity: Number(l.quantity.trim()), unitPrice: l.unitPrice.trim() })),
    serviceLines: d.serviceLines.map((s) => ({
      // A renamed service keeps only its new (English) name: the old translations no longer fit it.
      name: s.name.trim() === s.names.en ? s.names : { en: s.name.trim() },
      amount: s.amount.trim(),
      taxClass: s.taxClass,
    })),
    shippingAmount: d.shippingAmount.trim() || '0',
    validUntil: d.validUntil ? `${d.validUntil}T23:59:59Z` : '',
  };
}

/** Whether the draft differs from the quote it was made from (Save makes a new revision only then). */
export const isDirty = (d: QuoteDraft, q: Quote) => JSON.stringify(updateBody(d)) !== JSON.stringify(updateBody(draftOf(q)));

/** A line's total as typed (the server's figures come back with the save). */
export function draftLineTotal(l: DraftLine): number | null {
  if (!isAmount(l.unitPrice) || !/^\d+$/.test(l.quantity.trim())) return null;
  return Math.round(Number(l.unitPrice) * 100 * Number(l.quantity)) / 100;
}

/** One change of a revision as a translation key of admin:quotes.changes and its values. */
export function changeText(c: QuoteDiff, lang: string, price: (n: number) => string, date: (iso: string) => string): { key: string; values: Record<string, string> } {
  const name = resolveLocalized(c.name ?? null, lang);
  const money = (v: string) => (v === '' ? '' : price(Number(v)));
  switch (c.field) {
    case 'quantity':
      return { key: 'quantity', values: { name, from: c.from, to: c.to } };
    case 'unitPrice':
      return { key: 'unitPrice', values: { name, from: money(c.from), to: money(c.to) } };
    case 'line':
      return c.from === '' ? { key: 'lineAdded', values: { name, to: c.to } } : { key: 'lineRemoved', values: { name, from: c.from } };
    case 'serviceLine':
      return c.from === '' ? { key: 'serviceAdded', values: { name, to: money(c.to) } } : { key: 'serviceRemoved', values: { name, from: money(c.from) } };
    case 'shipping':
      return { key: 'shipping', values: { from: money(c.from), to: money(c.to) } };
    default:
      return { key: 'validUntil', values: { from: c.from ? date(c.from) : '—', to: c.to ? date(c.to) : '—' } };
  }
}
