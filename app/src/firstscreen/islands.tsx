/**
 * Islands of the first screens (issue 31): pieces that vary inside a page's stock region (the
 * price tag, the option pickers, the SKU line), so they cannot be a dimension of the page's own
 * splice. Each is cut out of the page's renders (`cut`) and becomes a template of its own, which
 * the page calls with its part of the data.
 */
import type { ComponentProps, ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import type { Product, ProductVariant } from '../api/types';
import { PriceTag } from '../features/catalog/PriceTag';
import { VariantPicker } from '../features/catalog/VariantPicker';
import type { Language } from '../i18n/languages';
import { formatPrice } from '../lib/format';
import { FEW_VALUES } from '../lib/shared';
import { page, PRICE, product, type Locales } from './kit';
import { element, fill, marker, splice } from './splice';

/** The attributes that find each island in a render. */
export const PRICE_TAG = 'data-testid="price"';
export const PICKER = 'data-testid="variant-picker"';
export const SKU_LINE = 'data-testid="sku"';

/** Where an island was cut out of a page's renders, until the page's template calls it. */
export const PRICE_MARK = marker('pricetag');
export const PICKER_MARK = marker('picker');
export const SKU_MARK = marker('skuline');

// Above PRICE: a compare-at price shows only when higher.
const WAS = 9987654.32;
const OPTION = marker('option');
/** The chosen variant's option value: its text is the variant's label on the page. */
export const LABEL = marker('label');
const OTHER = marker('other');
export const SKU = marker('sku');
export const VARIANT_ID = marker('variant');

async function render(lang: Language, locales: Locales, node: ReactNode): Promise<string> {
  return page({ lang, locales, path: '/', client: new QueryClient(), children: node });
}

type PriceProps = Omit<ComponentProps<typeof PriceTag>, 'price' | 'size'>;
// Every way a price reads: plain, reduced from a compare-at price, "from" (variants' prices
// differ), with "Sale" when some variant is on sale.
const PRICE_KINDS: [string, PriceProps][] = [
  ['plain', {}],
  ['reduced', { compareAt: WAS }],
  ['from', { from: true }],
  ['fromSale', { from: true, sale: true }],
  ['sale', { sale: true }],
];

/** The price tag at a size (price5: cards, price7: product pages), by .Kind with .Price and .Was. */
export async function priceTag(lang: Language, locales: Locales, size: '5' | '7'): Promise<string> {
  const variants = await Promise.all(
    PRICE_KINDS.map(async ([when, props]) => ({ when, html: element(await render(lang, locales, <PriceTag price={PRICE} size={size} {...props} />), PRICE_TAG) })),
  );
  return fill(splice(variants[0].html, [{ field: '.Kind', variants }]), { [formatPrice(PRICE, lang)]: '{{.Price}}', [formatPrice(WAS, lang)]: '{{.Was}}' });
}

function variant(id: string, value: string, stock: number): ProductVariant {
  return { id, sku: SKU, optionValues: [value], price: PRICE, compareAtPrice: null, stockQuantity: stock, isActive: true, imageFileNames: [] };
}

/** A product with one option: the chosen value LABEL and others, each a variant with its stock. */
export function withOption(over: Partial<Product>, stocks: number[], values = [LABEL, ...stocks.slice(1).map((_, i) => `${OTHER}${i}x`)]): Product {
  return product({
    options: [{ name: OPTION, nameLocalized: null, values: values.map((value) => ({ value, valueLocalized: null })) }],
    variants: values.map((v, i) => variant(i === 0 ? VARIANT_ID : `${VARIANT_ID}${i}`, v, stocks[i])),
    defaultVariantId: VARIANT_ID,
    variantCount: 2,
    ...over,
  });
}

async function pickerOf(lang: Language, locales: Locales, p: Product): Promise<string> {
  return element(await render(lang, locales, <VariantPicker product={p} current={p.variants?.[0]} onPick={() => {}} />), PICKER);
}

const BUTTON = /<button[\s\S]*?<\/button>/g;

/** An option as buttons: the legend, then each value by .State (on, onOut, out or plain). */
async function buttonsOption(lang: Language, locales: Locales): Promise<{ open: string; block: string }> {
  const inStock = await pickerOf(lang, locales, withOption({}, [1, 1]));
  const soldOut = await pickerOf(lang, locales, withOption({}, [0, 0]));
  const [on, plain] = inStock.match(BUTTON) ?? [];
  const [onOut, out] = soldOut.match(BUTTON) ?? [];
  if (!on || !plain || !onOut || !out) throw new Error('the picker renders a button per value');
  const text = (html: string, mark: string) => fill(html, { [mark]: '{{.Text}}' });
  const other = `${OTHER}0x`;
  const values =
    `{{range .Values}}{{if eq .State "on"}}${text(on, LABEL)}{{else if eq .State "onOut"}}${text(onOut, LABEL)}` +
    `{{else if eq .State "out"}}${text(out, other)}{{else}}${text(plain, other)}{{end}}{{end}}`;
  const first = inStock.indexOf('<button');
  const last = inStock.lastIndexOf('</button>') + '</button>'.length;
  const open = inStock.slice(0, inStock.indexOf('>') + 1);
  const block = fill(inStock.slice(open.length, first), { [OPTION]: '{{.Name}}', [LABEL]: '{{.Chosen}}' }) + values + inStock.slice(last, -'</div>'.length);
  return { open, block };
}

/** An option as a select (more values than FEW_VALUES), labelled by its name. */
async function selectOption(lang: Language, locales: Locales): Promise<string> {
  const many = await pickerOf(lang, locales, withOption({}, new Array<number>(FEW_VALUES + 1).fill(1)));
  const inner = many.slice(many.indexOf('>') + 1, -'</div>'.length);
  // Radix writes the chosen value into the trigger once mounted, from its items: the server writes it at once.
  return fill(inner, { [OPTION]: '{{.Name}}', 'option-0': 'option-{{.Index}}', '<span style="pointer-events:none"></span>': '<span style="pointer-events:none">{{.Chosen}}</span>' });
}

/** The option pickers: .Options, each with .Index, .Name, .Chosen, .Select and .Values (.Text, .State). */
export async function picker(lang: Language, locales: Locales): Promise<string> {
  const { open, block } = await buttonsOption(lang, locales);
  return `${open}{{range .Options}}{{if .Select}}${await selectOption(lang, locales)}{{else}}${block}{{end}}{{end}}</div>`;
}
