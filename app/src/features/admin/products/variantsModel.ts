import type { Localized, Product, ProductOption } from '../../../api/types';
import type { Problems } from '../../../lib/form';
import type { VariantPayload } from '../api';

/**
 * The product form's options and variants (issue 31): up to three options with localized names
 * and values, and one row per combination with its SKU, price, compare-at price, stock, active
 * flag and picture. Values are typed as a comma-separated list per language; English names them.
 */

export const MAX_OPTIONS = 3;
const LANGS = ['en', 'ru', 'zh'] as const;
type Lang = (typeof LANGS)[number];
type LocalText = Record<Lang, string>;

export interface OptionRow {
  id: string;
  name: LocalText;
  /** The values as typed, comma-separated, per language (English is the value itself). */
  values: LocalText;
}

export interface VariantRow {
  /** The combination's key (its English values), stable while the rows are edited. */
  key: string;
  /** The server's id once saved. */
  id?: string;
  optionValues: string[];
  sku: string;
  price: string;
  compareAt: string;
  stock: string;
  isActive: boolean;
  /** The variant's own picture (one of the product's uploaded images), '' for the product's. */
  image: string;
}

let seq = 0;
const newOptionId = () => `opt-${++seq}`;
const text = (t: Localized | undefined, plain = ''): LocalText => {
  const o = t && typeof t === 'object' ? (t as Record<string, string>) : {};
  return { en: o.en || plain, ru: o.ru ?? '', zh: o.zh ?? '' };
};

export const emptyOption = (): OptionRow => ({ id: newOptionId(), name: text(undefined), values: text(undefined) });

/** A comma-separated list of values as its trimmed, non-empty items. */
const splitValues = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const comboKey = (values: string[]) => JSON.stringify(values);

/** The options of a product as form rows. */
export function optionRows(p: Pick<Product, 'options'>): OptionRow[] {
  return (p.options ?? []).map((o) => {
    const values = text(undefined);
    for (const l of LANGS) values[l] = o.values.map((v) => (l === 'en' ? v.value : (text(v.valueLocalized)[l] ?? ''))).join(', ');
    return { id: newOptionId(), name: text(o.nameLocalized, o.name), values };
  });
}

/** The variants of a product as grid rows (a product without options has none: its price and stock are the form's). */
export function variantRows(p: Pick<Product, 'options' | 'variants'>): VariantRow[] {
  if (!p.options?.length) return [];
  return (p.variants ?? []).map((v) => ({
    key: comboKey(v.optionValues),
    id: v.id,
    optionValues: v.optionValues,
    sku: v.sku,
    price: v.price.toFixed(2),
    compareAt: v.compareAtPrice != null ? v.compareAtPrice.toFixed(2) : '',
    stock: String(v.stockQuantity),
    isActive: v.isActive,
    image: v.imageFileNames[0] ?? '',
  }));
}

/** Every combination of the options' English values, in the options' order. */
function combinations(options: OptionRow[]): string[][] {
  return options.reduce<string[][]>(
    (acc, o) => acc.flatMap((prefix) => splitValues(o.values.en).map((v) => [...prefix, v])),
    [[]],
  );
}

const skuPart = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, 12);

/**
 * The grid after "Generate combinations": one row per combination of the values, in order;
 * a row already there keeps its id, SKU, prices, stock and picture; a new one gets a SKU made of
 * the base and its values, the product's price and no stock.
 */
export function generateVariants(options: OptionRow[], rows: VariantRow[], base: { sku: string; price: string }): VariantRow[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const prefix = skuPart(base.sku) || 'SKU';
  return combinations(options.filter((o) => splitValues(o.values.en).length > 0)).map((values) => {
    const key = comboKey(values);
    const kept = byKey.get(key);
    if (kept) return { ...kept, optionValues: values };
    return {
      key,
      optionValues: values,
      sku: [prefix, ...values.map(skuPart)].join('-'),
      price: base.price,
      compareAt: '',
      stock: '0',
      isActive: true,
      image: '',
    };
  });
}

/** Sets the price of the rows whose keys are chosen (all of them when none is). */
export function setPrices(rows: VariantRow[], chosen: Set<string>, price: string): VariantRow[] {
  return rows.map((r) => (chosen.size === 0 || chosen.has(r.key) ? { ...r, price } : r));
}

const PRICE_RE = /^\d+(\.\d{1,2})?$/;

/**
 * The grid's rules, keyed `variants.<key>.<field>` and `options.<id>.<field>`: SKUs required and different regardless of case, prices,
 * compare-at prices above the price, whole stocks; option names and values given once each
 * (the keys are whole translation keys, variants.validation.*).
 */
export function validateVariants(options: OptionRow[], rows: VariantRow[]): Problems {
  const errors: Problems = {};
  const names = new Set<string>();
  for (const o of options) {
    const name = o.name.en.trim().toLowerCase();
    if (!name) errors[`options.${o.id}.name`] = 'variants.validation.optionNameRequired';
    else if (names.has(name)) errors[`options.${o.id}.name`] = 'variants.validation.optionNameTwice';
    names.add(name);
    const values = splitValues(o.values.en).map((v) => v.toLowerCase());
    if (values.length === 0) errors[`options.${o.id}.values`] = 'variants.validation.valuesRequired';
    else if (new Set(values).size !== values.length) errors[`options.${o.id}.values`] = 'variants.validation.valueTwice';
  }
  if (options.length > 0 && rows.length === 0) errors.variants = 'variants.validation.generateFirst';
  const skus = new Map<string, number>();
  for (const r of rows) skus.set(r.sku.trim().toLowerCase(), (skus.get(r.sku.trim().toLowerCase()) ?? 0) + 1);
  for (const r of rows) {
    const at = (f: string) => `variants.${r.key}.${f}`;
    if (!r.sku.trim()) errors[at('sku')] = 'variants.validation.skuRequired';
    else if ((skus.get(r.sku.trim().toLowerCase()) ?? 0) > 1) errors[at('sku')] = 'variants.validation.skuTwice';
    if (!PRICE_RE.test(r.price.trim())) errors[at('price')] = 'variants.validation.priceInvalid';
    if (r.compareAt.trim() && (!PRICE_RE.test(r.compareAt.trim()) || Number(r.compareAt) <= Number(r.price)))
      errors[at('compareAt')] = 'variants.validation.compareAtInvalid';
    if (!/^\d+$/.test(r.stock.trim())) errors[at('stock')] = 'variants.validation.stockInvalid';
  }
  return errors;
}

function localizedOf(t: LocalText): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of LANGS) if (t[l].trim()) out[l] = t[l].trim();
  return out;
}

/** The request's options: names and values with their translations (matched by position). */
export function optionsPayload(options: OptionRow[]): ProductOption[] {
  return options.map((o) => {
    const en = splitValues(o.values.en);
    const other = Object.fromEntries(LANGS.map((l) => [l, splitValues(o.values[l])]));
    return {
      name: o.name.en.trim(),
      nameLocalized: localizedOf(o.name),
      values: en.map((value, i) => ({
        value,
        valueLocalized: Object.fromEntries(LANGS.filter((l) => l !== 'en' && other[l][i]).map((l) => [l, other[l][i]])),
      })),
    };
  });
}


export const variantsPayload = (rows: VariantRow[]): VariantPayload[] =>
  rows.map((r) => ({
    id: r.id,
    sku: r.sku.trim(),
    optionValues: r.optionValues,
    price: Number(r.price),
    compareAtPrice: r.compareAt.trim() ? Number(r.compareAt) : null,
    stockQuantity: Number(r.stock),
    isActive: r.isActive,
    imageFileNames: r.image ? [r.image] : [],
  }));

/** A server error path about the variants (`variants.2.sku`, `options.1.values.0.value`) as the form's field. */
export function variantFieldPath(path: string, rows: VariantRow[], options: OptionRow[]): string | null {
  const v = /^variants\.(\d+)(?:\.(\w+))?/.exec(path);
  if (v) {
    const row = rows[Number(v[1])];
    const field = v[2] === 'compareAtPrice' ? 'compareAt' : v[2] === 'stockQuantity' ? 'stock' : (v[2] ?? 'sku');
    return row ? `variants.${row.key}.${field}` : 'variants';
  }
  const o = /^options\.(\d+)(?:\.(\w+))?/.exec(path);
  if (o) {
    const row = options[Number(o[1])];
    return row ? `options.${row.id}.${o[2] === 'name' || o[2] === 'nameLocalized' ? 'name' : 'values'}` : 'variants';
  }
  return path === 'variants' || path === 'options' ? 'variants' : null;
}
