import type { Localized, Product } from '../../../api/types';
import type { Problems } from '../../../lib/form';

/**
 * The product form's hire card (issue 46, api.md "Hire"): for hire and for sale, the deposit,
 * buffer, minimum and lead days, the rates and fleet (the product's for one without options, per
 * variant key with options) and a kit's components. Texts are as typed; the payload converts.
 */

/** One variant's rates and fleet as typed ('' weekend or week: none). */
export interface RatesText {
  day: string;
  weekend: string;
  week: string;
  quantity: string;
}

export interface KitRow {
  id: string;
  productId: string;
  variantId: string;
  quantity: string;
  /** The component's name as the kit's answer gave it (shown without looking the product up). */
  name?: string;
  nameLocalized?: Localized;
}

export interface HireValues {
  enabled: boolean;
  saleEnabled: boolean;
  deposit: string;
  bufferDays: string;
  minDays: string;
  leadDays: string;
  /** The rates of a product without options. */
  rates: RatesText;
  /** With options: by variant key (variantsModel's VariantRow.key). */
  variantRates: Record<string, RatesText>;
  kit: KitRow[];
}

let seq = 0;
export const newKitRow = (): KitRow => ({ id: `kit-${++seq}`, productId: '', variantId: '', quantity: '1' });

export const emptyRates = (): RatesText => ({ day: '', weekend: '', week: '', quantity: '0' });

export function emptyHire(): HireValues {
  return { enabled: false, saleEnabled: true, deposit: '0', bufferDays: '0', minDays: '1', leadDays: '0', rates: emptyRates(), variantRates: {}, kit: [] };
}

const money = (n: number | null | undefined) => (n != null && n > 0 ? n.toFixed(2) : '');

function ratesText(r: Product['hireRates'], quantity: number | undefined): RatesText {
  return { day: money(r?.day), weekend: money(r?.weekend), week: money(r?.week), quantity: String(quantity ?? 0) };
}

/** A product answer's hire terms, rates and kit as form values. */
export function hireFromProduct(p: Product): HireValues {
  const h = p.hire;
  const variantRates: Record<string, RatesText> = {};
  for (const v of p.variants ?? []) variantRates[JSON.stringify(v.optionValues)] = ratesText(v.hireRates, v.hireQuantity);
  return {
    enabled: !!h?.enabled,
    saleEnabled: h ? h.saleEnabled : true,
    deposit: h ? h.deposit.toFixed(2) : '0',
    bufferDays: String(h?.bufferDays ?? 0),
    minDays: String(h?.minDays || 1),
    leadDays: String(h?.leadDays ?? 0),
    rates: ratesText(p.hireRates, p.hireQuantity),
    variantRates,
    kit: (p.kit ?? []).map((c) => ({ id: newKitRow().id, productId: c.productId, variantId: c.variantId, quantity: String(c.quantity), name: c.name, nameLocalized: c.nameLocalized })),
  };
}

const PRICE_RE = /^\d+(\.\d{1,2})?$/;
const WHOLE_RE = /^\d+$/;

/** Rules of one variant's rates, under prefix (`hire.rates`, `hire.variants.<key>`). */
function validateRates(r: RatesText, prefix: string, errors: Problems) {
  if (!PRICE_RE.test(r.day.trim()) || Number(r.day) <= 0) errors[`${prefix}.day`] = 'hireDayRequired';
  for (const k of ['weekend', 'week'] as const) {
    if (r[k].trim() && !PRICE_RE.test(r[k].trim())) errors[`${prefix}.${k}`] = 'hireRateInvalid';
  }
  if (!WHOLE_RE.test(r.quantity.trim()) || Number(r.quantity) > 100000) errors[`${prefix}.quantity`] = 'hireQuantityInvalid';
}

/** The hire card's rules (keys are i18n keys under admin:productForm.validation), as the server's. */
export function validateHire(h: HireValues, variantKeys: string[]): Problems {
  const errors: Problems = {};
  if (!h.saleEnabled && !h.enabled) errors['hire.saleEnabled'] = 'notForSaleNorHire';
  if (!h.enabled) return errors;
  if (!PRICE_RE.test(h.deposit.trim())) errors['hire.deposit'] = 'hireRateInvalid';
  const days: [keyof HireValues, number][] = [['bufferDays', 30], ['minDays', 90], ['leadDays', 365]];
  for (const [k, most] of days) {
    const s = String(h[k]).trim();
    if (!WHOLE_RE.test(s) || Number(s) > most) errors[`hire.${k}`] = 'hireDaysInvalid';
  }
  if (variantKeys.length === 0) validateRates(h.rates, 'hire.rates', errors);
  for (const key of variantKeys) validateRates(h.variantRates[key] ?? emptyRates(), `hire.variants.${key}`, errors);
  const seen = new Set<string>();
  for (const row of h.kit) {
    if (!row.productId) errors[`hire.kit.${row.id}.productId`] = 'kitProductRequired';
    else if (seen.has(row.productId)) errors[`hire.kit.${row.id}.productId`] = 'kitComponentTwice';
    seen.add(row.productId);
    const q = row.quantity.trim();
    if (!WHOLE_RE.test(q) || Number(q) < 1 || Number(q) > 1000) errors[`hire.kit.${row.id}.quantity`] = 'kitQuantityInvalid';
  }
  return errors;
}

/** The API's hireRates and hireQuantity of typed rates. */
export function ratesPayload(r: RatesText) {
  const opt = (s: string) => (s.trim() ? Number(s) : null);
  return { hireRates: { day: Number(r.day) || 0, weekend: opt(r.weekend), week: opt(r.week) }, hireQuantity: Number(r.quantity) || 0 };
}

/** The product payload's hire members; with hire off, only the flags (the rest is kept as stored). */
export function hirePayload(h: HireValues, hasOptions: boolean) {
  const flags = { enabled: h.enabled, saleEnabled: h.enabled ? h.saleEnabled : true };
  if (!h.enabled) return { hire: flags };
  return {
    hire: { ...flags, deposit: Number(h.deposit), bufferDays: Number(h.bufferDays), minDays: Number(h.minDays), leadDays: Number(h.leadDays) },
    kit: h.kit.map((r) => ({ productId: r.productId, variantId: r.variantId, quantity: Number(r.quantity) })),
    ...(hasOptions ? {} : ratesPayload(h.rates)),
  };
}

/** A server error path about hire (`hire.deposit`, `hireRates.day`, `kit.1.productId`) as the form's field, or null. */
export function hireFieldPath(path: string, h: HireValues): string | null {
  if (path.startsWith('hire.')) return path;
  const rates = /^hire(Rates|Quantity)(?:\.(\w+))?$/.exec(path);
  if (rates) return `hire.rates.${rates[1] === 'Quantity' ? 'quantity' : (rates[2] ?? 'day')}`;
  const kit = /^kit(?:\.(\d+)\.(\w+))?$/.exec(path);
  if (!kit) return null;
  const row = kit[1] != null ? h.kit[Number(kit[1])] : undefined;
  return row ? `hire.kit.${row.id}.${kit[2] === 'variantId' ? 'productId' : kit[2]}` : 'hire.kit';
}
