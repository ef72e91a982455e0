import type { Localized, Product, ProductVariant } from '../api/types';
import { resolveLocalized } from './localized';

/**
 * Options and variants (issue 31): which variant a product page shows, which values a picker
 * offers, and how a line names what was bought ("XLR Cable - 10 m, Black"). Pure functions,
 * shared by the product page, the cards, the cart and the orders.
 */

/** How a line names what was bought: the product's name, and its variant's label when it has one. */
export function lineName(productName: Localized, variantLabel: Localized, lang: string): string {
  const name = resolveLocalized(productName, lang);
  const label = resolveLocalized(variantLabel, lang);
  return label ? `${name} - ${label}` : name;
}

/** The variants a shopper may choose from (the server sends only active ones; the admin gets all). */
function buyableVariants(p: Product): ProductVariant[] {
  return (p.variants ?? []).filter((v) => v.isActive);
}

/** The variant a product page shows: the one in the URL when it is the product's, else the default. */
export function chosenVariant(p: Product, variantId: string | null): ProductVariant | undefined {
  const list = buyableVariants(p);
  return list.find((v) => v.id === variantId) ?? list.find((v) => v.id === p.defaultVariantId) ?? list[0];
}

/** A value's text in the shopper's language. */
export function valueText(p: Product, option: number, value: string, lang: string): string {
  const v = p.options[option]?.values.find((x) => x.value === value);
  return v ? resolveLocalized(v.valueLocalized, lang, v.value) : value;
}

/** A variant's label in the shopper's language ("10 m, Black"; "" without options). */
export function variantLabel(p: Product, v: ProductVariant | undefined, lang: string): string {
  return v ? v.optionValues.map((value, i) => valueText(p, i, value, lang)).join(', ') : '';
}

/** The values of an option that some variant offers, in the option's order (others are not offered). */
export function offeredValues(p: Product, option: number): string[] {
  const list = buyableVariants(p);
  return (p.options[option]?.values ?? []).map((v) => v.value).filter((value) => list.some((v) => v.optionValues[option] === value));
}

/** What picking `value` for `option` would give, keeping the other choices of `current`. */
export type ValueState = 'available' | 'soldOut' | 'otherCombination';

function matches(v: ProductVariant, values: string[]): boolean {
  return values.every((value, i) => v.optionValues[i] === value);
}

/** Whether a value, with the shopper's other choices, is a variant in stock, a sold-out one, or none. */
export function valueState(p: Product, current: ProductVariant | undefined, option: number, value: string): ValueState {
  const wanted = [...(current?.optionValues ?? [])];
  wanted[option] = value;
  const exact = buyableVariants(p).find((v) => matches(v, wanted));
  if (!exact) return 'otherCombination';
  return exact.stockQuantity > 0 ? 'available' : 'soldOut';
}

/**
 * The variant after the shopper picks `value` for `option`: the one with the other choices
 * kept; when none has them, the first with that value, preferring one in stock.
 */
export function pickValue(p: Product, current: ProductVariant | undefined, option: number, value: string): ProductVariant | undefined {
  const wanted = [...(current?.optionValues ?? [])];
  wanted[option] = value;
  const list = buyableVariants(p);
  const withValue = list.filter((v) => v.optionValues[option] === value);
  return list.find((v) => matches(v, wanted)) ?? withValue.find((v) => v.stockQuantity > 0) ?? withValue[0] ?? current;
}

/** The pictures of a variant: its own, else the product's. */
export function variantImages(p: Product, v: ProductVariant | undefined): string[] {
  if (v && v.imageFileNames.length > 0) return v.imageFileNames;
  if (p.imageFileNames?.length) return p.imageFileNames;
  return p.imageFileName ? [p.imageFileName] : [];
}

/** A product whose card cannot add to the cart directly: the shopper must choose among variants. */
export const needsChoice = (p: Pick<Product, 'variantCount'>) => p.variantCount > 1;

/** The card's price: "from" the cheapest when the variants' prices differ. */
export const priceVaries = (p: Pick<Product, 'priceFrom' | 'priceTo' | 'variantCount'>) => p.variantCount > 1 && p.priceFrom !== p.priceTo;
