import type { Localized, Product, TaxClass } from '../../../api/types';
import type { Form, Problems } from '../../../lib/form';
import { LIMITS } from '../../../lib/validation';
import type { ProductPayload } from '../api';
import {
  optionRows,
  optionsPayload,
  validateVariants,
  variantFieldPath,
  variantRows,
  variantsPayload,
  type OptionRow,
  type VariantRow,
} from './variantsModel';
import { emptyHire, hireFieldPath, hireFromProduct, hirePayload, ratesPayload, emptyRates, validateHire, type HireValues } from './hireModel';

/** Languages a product text can be written in; English is required and cannot be removed. */
export const TEXT_LANGUAGES = ['en', 'ru', 'zh'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
export type LocalText = Record<TextLanguage, string>;

export interface AttributeRow {
  id: string;
  key: LocalText;
  value: LocalText;
}

export interface ImageItem {
  id: string;
  /** Server file name once uploaded. */
  fileName?: string;
  /** The picked file's name, shown while uploading. */
  label: string;
  status: 'uploading' | 'done' | 'error';
  progress: number;
  error?: string;
}

export interface ProductFormValues {
  /** Languages shown as tabs; always starts with en. */
  languages: TextLanguage[];
  name: LocalText;
  description: LocalText;
  price: string;
  stockQuantity: string;
  category: string;
  isActive: boolean;
  taxClass: TaxClass;
  /** Shipping weight in kg ("" none) and freight only (issue 35: the order's weight picks the band). */
  weightKg: string;
  freightOnly: boolean;
  attributes: AttributeRow[];
  images: ImageItem[];
  /** Options and their variants (issue 31); with options, price and stock are the variants'. */
  options: OptionRow[];
  variants: VariantRow[];
  /** The product had options when opened: removing them all sends one plain variant. */
  hadOptions: boolean;
  /** The manufacturer's brand, part number and barcode, and the owner's words for search engines (issue 50). */
  brand: string;
  mpn: string;
  gtin: string;
  seoTitle: LocalText;
  seoDescription: LocalText;
  /** Hire terms, rates and kit (issue 46). */
  hire: HireValues;
}

/** The product form's state (lib/form), as the form's cards receive it. */
export type ProductFormState = Form<ProductFormValues>;


let seq = 0;
export function newId(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}`;
}

const emptyText = (): LocalText => ({ en: '', ru: '', zh: '' });
export const emptyAttribute = (): AttributeRow => ({ id: newId('attr'), key: emptyText(), value: emptyText() });

export function emptyForm(): ProductFormValues {
  return {
    languages: ['en'],
    name: emptyText(),
    description: emptyText(),
    price: '',
    stockQuantity: '0',
    category: '',
    isActive: true,
    taxClass: 'standard',
    weightKg: '',
    freightOnly: false,
    attributes: [emptyAttribute()],
    images: [],
    options: [],
    variants: [],
    hadOptions: false,
    brand: '',
    mpn: '',
    gtin: '',
    seoTitle: emptyText(),
    seoDescription: emptyText(),
    hire: emptyHire(),
  };
}

/** Reads a localized field (an object, as the API answers, or a plain English string) into all three languages. */
function toLocalText(value: Localized, plain = ''): LocalText {
  const out = emptyText();
  const obj: unknown = typeof value === 'string' ? (value.trim() ? { en: value } : {}) : value;
  if (obj && typeof obj === 'object') {
    for (const lang of TEXT_LANGUAGES) {
      const v = (obj as Record<string, unknown>)[lang];
      if (typeof v === 'string') out[lang] = v;
    }
  }
  if (!out.en) out.en = plain;
  return out;
}

export function fromProduct(p: Product): ProductFormValues {
  const name = toLocalText(p.nameLocalized, p.name);
  const description = toLocalText(p.descriptionLocalized, p.description);
  const attributes = (p.attributes ?? []).map<AttributeRow>((a) => ({
    id: newId('attr'),
    key: toLocalText(a.keyLocalized, a.key),
    value: toLocalText(a.valueLocalized, a.value),
  }));
  const texts = [name, description, ...attributes.flatMap((a) => [a.key, a.value])];
  const languages = TEXT_LANGUAGES.filter((l) => l === 'en' || texts.some((t) => t[l].trim()));
  const files = p.imageFileNames?.length ? p.imageFileNames : p.imageFileName ? [p.imageFileName] : [];
  return {
    languages,
    name,
    description,
    price: Number.isFinite(Number(p.price)) ? Number(p.price).toFixed(2) : '',
    stockQuantity: String(p.stockQuantity ?? 0),
    category: p.category ?? '',
    isActive: p.isActive !== false,
    taxClass: p.taxClass ?? 'standard',
    weightKg: p.weightKg ? String(p.weightKg) : '',
    freightOnly: !!p.freightOnly,
    attributes: attributes.length ? attributes : [emptyAttribute()],
    images: files.map((f) => ({ id: newId('img'), fileName: f, label: f, status: 'done', progress: 100 })),
    options: optionRows(p),
    variants: variantRows(p),
    hadOptions: (p.options ?? []).length > 0,
    brand: p.brand ?? '',
    mpn: p.mpn ?? '',
    gtin: p.gtin ?? '',
    seoTitle: toLocalText(p.seoTitle ?? null),
    seoDescription: toLocalText(p.seoDescription ?? null),
    hire: hireFromProduct(p),
  };
}

const isBlank = (t: LocalText) => TEXT_LANGUAGES.every((l) => !t[l].trim());

/** A row with neither key nor value in any language is dropped on submit. */
const isEmptyAttribute = (a: AttributeRow) => isBlank(a.key) && isBlank(a.value);

const uploadedFileNames = (images: ImageItem[]) =>
  images.filter((i) => i.status === 'done' && i.fileName).map((i) => i.fileName as string);

const isUploading = (images: ImageItem[]) => images.some((i) => i.status === 'uploading');

/** Submit stays disabled while uploading or when price, category or images are missing (spec section 5). */
export function submitBlocked(v: ProductFormValues): boolean {
  const noPrice = v.options.length === 0 && v.price.trim() === '';
  return isUploading(v.images) || noPrice || !v.category || uploadedFileNames(v.images).length === 0;
}

const PRICE_RE = /^\d+(\.\d{1,2})?$/;

/**
 * The product form's rules, keyed by the form's field paths (the values' own: `name.en`,
 * `images`, `attributes.<row id>.key`); values are i18n keys under admin:productForm.validation.
 */
export function validateProduct(v: ProductFormValues): Problems {
  const errors: Problems = {};
  const name = v.name.en.trim();
  if (!name) errors['name.en'] = 'nameRequired';
  else if (name.length > LIMITS.productNameMaxLength) errors['name.en'] = 'nameTooLong';
  if (!v.description.en.trim()) errors['description.en'] = 'descriptionRequired';
  else if (v.description.en.trim().length > LIMITS.descriptionMaxLength) errors['description.en'] = 'descriptionTooLong';

  if (v.options.length === 0) Object.assign(errors, validatePriceAndStock(v));
  else Object.assign(errors, validateVariants(v.options, v.variants));

  if (!v.category) errors.category = 'categoryRequired';
  const weight = v.weightKg.trim();
  if (weight && (!/^\d+(\.\d{1,3})?$/.test(weight) || Number(weight) > 100000)) errors.weightKg = 'weightInvalid';
  if (uploadedFileNames(v.images).length === 0) errors.images = 'imagesRequired';

  Object.assign(errors, validateSearchFields(v));
  Object.assign(errors, validateHire(v.hire, v.options.length > 0 ? v.variants.map((r) => r.key) : []));
  for (const row of v.attributes) {
    if (isEmptyAttribute(row)) continue;
    if (!row.key.en.trim()) errors[`attributes.${row.id}.key`] = 'attributeKeyRequired';
    if (!row.value.en.trim()) errors[`attributes.${row.id}.value`] = 'attributeValueRequired';
  }
  return errors;
}

/** Search-engine limits, as the server's (shop/product_identifiers.go). */
export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 320;

/** A GTIN is 8, 12, 13 or 14 digits whose last is the GS1 check digit of the others. */
export function validGtin(s: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(s)) return false;
  const digits = [...s].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((n, d, i) => n + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The brand, part number, GTIN and search-engine texts. */
function validateSearchFields(v: ProductFormValues): Problems {
  const errors: Problems = {};
  if (v.brand.trim().length > 100) errors.brand = 'brandTooLong';
  if (v.mpn.trim().length > 70) errors.mpn = 'mpnTooLong';
  if (v.gtin.trim() && !validGtin(v.gtin.trim())) errors.gtin = 'gtinInvalid';
  for (const l of TEXT_LANGUAGES) {
    if (v.seoTitle[l].trim().length > SEO_TITLE_MAX) errors[`seoTitle.${l}`] = 'seoTitleTooLong';
    if (v.seoDescription[l].trim().length > SEO_DESCRIPTION_MAX) errors[`seoDescription.${l}`] = 'seoDescriptionTooLong';
  }
  return errors;
}

/** Price and stock of a product without options (with options, each variant has its own). */
function validatePriceAndStock(v: ProductFormValues): Problems {
  const errors: Problems = {};
  const price = v.price.trim();
  if (!price) errors.price = 'priceRequired';
  else if (!PRICE_RE.test(price) || Number(price) < 0) errors.price = 'priceInvalid';
  else if (Number(price) > LIMITS.maxPrice) errors.price = 'priceTooHigh';
  const stock = v.stockQuantity.trim();
  if (!stock) errors.stockQuantity = 'stockRequired';
  else if (!/^\d+$/.test(stock)) errors.stockQuantity = 'stockInvalid';
  return errors;
}

/**
 * Price and stock, or the options and variants that carry them: with options, the variants;
 * after the last option was removed, one plain variant (the first's SKU, the form's price and stock).
 */
function pricing(v: ProductFormValues): Partial<ProductPayload> {
  if (v.options.length > 0) {
    const variants = variantsPayload(v.variants).map((p, i) =>
      v.hire.enabled ? { ...p, ...ratesPayload(v.hire.variantRates[v.variants[i].key] ?? emptyRates()) } : p,
    );
    return { options: optionsPayload(v.options), variants };
  }
  const plain = { price: Number(v.price), stockQuantity: Number(v.stockQuantity) };
  if (!v.hadOptions || v.variants.length === 0) return plain;
  const [first] = variantsPayload(v.variants);
  return { ...plain, options: [], variants: [{ ...first, optionValues: [], price: plain.price, stockQuantity: plain.stockQuantity, compareAtPrice: null }] };
}

function localized(t: LocalText, languages: TextLanguage[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of languages) {
    const s = t[l].trim();
    if (s) out[l] = s;
  }
  return out;
}

/**
 * The request body, and for each sent attribute the form row it came from (server errors
 * such as `attributes.2.key` index the sent list, not the rows on screen).
 */
export function toPayload(v: ProductFormValues): { payload: ProductPayload; attributeRowIds: string[] } {
  const rows = v.attributes.filter((a) => !isEmptyAttribute(a));
  return {
    payload: {
      name: v.name.en.trim(),
      nameLocalized: localized(v.name, v.languages),
      description: v.description.en.trim(),
      descriptionLocalized: localized(v.description, v.languages),
      category: v.category,
      imageFileNames: uploadedFileNames(v.images),
      isActive: v.isActive,
      taxClass: v.taxClass,
      weightKg: v.weightKg.trim() ? Number(v.weightKg) : 0,
      freightOnly: v.freightOnly,
      brand: v.brand.trim(),
      mpn: v.mpn.trim(),
      gtin: v.gtin.trim(),
      seoTitle: localized(v.seoTitle, [...TEXT_LANGUAGES]),
      seoDescription: localized(v.seoDescription, [...TEXT_LANGUAGES]),
      ...pricing(v),
      ...hirePayload(v.hire, v.options.length > 0),
      attributes: rows.map((a) => ({
        key: a.key.en.trim(),
        keyLocalized: localized(a.key, v.languages),
        value: a.value.en.trim(),
        valueLocalized: localized(a.value, v.languages),
      })),
    },
    attributeRowIds: rows.map((a) => a.id),
  };
}

/**
 * The form field a server error path is about (the API's JSON paths of the request):
 * `name`/`nameLocalized.*` -> `name.<lang>`, `imageFileNames.*` -> `images`, and
 * `attributes.<sent index>.*` -> `attributes.<row id>.key|value` (`attributes` when no row).
 */
export function productFieldPath(path: string, attributeRowIds: string[], v?: ProductFormValues): string {
  const rates = v && /^variants\.(\d+)\.hire(Rates|Quantity)(?:\.(\w+))?$/.exec(path);
  if (v && rates) {
    const row = v.variants[Number(rates[1])];
    if (row) return `hire.variants.${row.key}.${rates[2] === 'Quantity' ? 'quantity' : (rates[3] ?? 'day')}`;
  }
  const hire = v ? hireFieldPath(path, v.hire) : null;
  if (hire) return hire;
  const variant = v ? variantFieldPath(path, v.variants, v.options) : null;
  if (variant) return variant;
  const seo = /^(seoTitle|seoDescription)\.(\w+)$/.exec(path);
  if (seo) return `${seo[1]}.${seo[2]}`;
  const text = /^(name|description)(?:Localized(?:\.(\w+))?)?$/.exec(path);
  if (text) return `${text[1]}.${text[2] ?? 'en'}`;
  if (path.startsWith('imageFileNames')) return 'images';
  const m = /^attributes\.(\d+)(?:\.(key|value)(?:Localized(?:\.\w+)?)?)?$/.exec(path);
  if (!m) return path;
  const rowId = attributeRowIds[Number(m[1])];
  return rowId ? `attributes.${rowId}.${m[2] ?? 'key'}` : 'attributes';
}

/** Moves the item at `from` to position `to`. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
