/**
 * Build-time render of the first screens (routes/firstscreen): the real app (Providers, Layout,
 * Header, HomePage, ProductCard, ProductPage, the not-found page) rendered with React's server renderer, signed out
 * with an empty cart, once per language and per variant, into the Go template the server fills.
 * Run by scripts/first-screen.mjs (`npm run build`); render.test.tsx checks the committed file.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Product, ProductList } from '../api/types';
import { ProductCard } from '../features/catalog/ProductCard';
import { initialHomeFilters } from '../features/catalog/homeState';
import { LANGUAGES, type Language } from '../i18n/languages';
import { STARTUP_NAMESPACES } from '../i18n';
import { screenNamespaces } from '../routes';
import { MAX_IMAGES } from '../lib/shared';
import { cut, element, elementSpan, fill, marker, rangeOver, splice } from './splice';
import { catalogKeys, storeKeys } from '../api/queryKeys';
import type { InfoPage, Shop } from '../api/types';
import {
  asFirstScreen, CATEGORY, categoryValues, DESCRIPTION, dimension, FILE, ID, KEY, MANY_IMAGES, NAME, page, pluralSentinels,
  product, stockValues, storeActions, VALUE, type Locales,
} from './kit';
import { LABEL, picker, PICKER, PICKER_MARK, PRICE_MARK, PRICE_TAG, priceTag, SKU, SKU_LINE, SKU_MARK, VARIANT_ID, withOption } from './islands';

export type { Locales } from './kit';

/** The namespaces the first screens are rendered with: the start-up ones and the screens' own (the route table's). */
export const firstScreenNamespaces = () => [...STARTUP_NAMESPACES, ...screenNamespaces()];

/** How a card or page calls its price tag's template. */
const priceCall = (lang: Language, size: '5' | '7') => `{{template "price${size}.${lang}" .PriceTag}}`;

/** A product for hire only: hired on its page by dates, its card says "For hire" (issue 46). */
const HIRE_ONLY: Partial<Product> = { hire: { enabled: true, saleEnabled: false, deposit: 0, bufferDays: 0, minDays: 1, leadDays: 0 } };

/**
 * A product card, by .Media, .Category and .StockKey; a choice card, of a product with several
 * variants (chosen on its page: "Choose options"), by .Media, .Category and .InStock; a hire card,
 * of a product for hire only ("Choose dates", no stock), by .Media and .Category.
 */
async function card(lang: Language, locales: Locales, kind: 'plain' | 'choice' | 'hire'): Promise<string> {
  const choice = kind === 'choice';
  const render = async (over: Partial<Product>) => {
    const p = product(choice ? { variantCount: 2, ...over } : kind === 'hire' ? { ...HIRE_ONLY, ...over } : over);
    const html = await page({ lang, locales, path: '/', client: new QueryClient(), children: <ProductCard product={p} inCart={0} eager /> });
    return cut(html.slice(html.indexOf('<article'), html.lastIndexOf('</article>') + '</article>'.length), PRICE_TAG, PRICE_MARK);
  };
  const manyImages = Object.assign(new Array<string>(MANY_IMAGES), { 0: FILE(0) });
  const stock = stockValues(lang);
  const dims = await Promise.all([
    dimension('.Media', [['1', 1], ['0', 0], ['n', MANY_IMAGES]], (n) =>
      render({ imageFileNames: n === 1 ? [FILE(0)] : n === 0 ? [] : manyImages }),
    ),
    dimension('.Category', categoryValues(), (c) => render({ category: String(c) })),
    ...(kind === 'hire'
      ? []
      : [
          choice
            ? dimension('.InStock', [['yes', 1], ['', 0]], (s) => render({ inStock: s === 1 }))
            : dimension('.StockKey', stock, (s) => render({ stockQuantity: Number(s) })),
        ]),
  ]);
  const base = await render({});
  const actions: Record<string, string> = {
    [ID]: '{{.ID}}', [NAME]: '{{.Name}}', [DESCRIPTION]: '{{.Description}}', [CATEGORY]: '{{.Category}}',
    [FILE(0)]: '{{.File}}', [String(MANY_IMAGES)]: '{{.Images}}', [PRICE_MARK]: priceCall(lang, '5'),
    // Past the first row (a category's page lists its whole first page) the photos load lazily, as the app's do.
    ' loading="eager" fetchPriority="high"': '{{if .Lazy}} loading="lazy" fetchPriority="auto"{{else}} loading="eager" fetchPriority="high"{{end}}',
  };
  if (kind === 'plain') for (const [, n] of stock.slice(2)) actions[String(n)] = '{{.Stock}}';
  return fill(splice(base, dims), actions);
}

// A category of the list: the list is the server's (.Categories: the shop's records, each with its
// .Name, .Label and .Chosen), the one rendered becomes a range over them.
const CATEGORY_OPTION = marker('categoryoption');

/**
 * The home, by .CountKey; with category, a category's page (`/?category=`): its name in the count
 * line (.CategoryName) and chosen in the category list (.Categories).
 */
async function home(lang: Language, locales: Locales, category = false): Promise<string> {
  const counts: [string, number][] = [['1', 1], ...Object.entries(pluralSentinels(lang, 8000002))];
  const search = category ? `?category=${CATEGORY}` : '';
  const render = async (count: number | string) => {
    const client = new QueryClient();
    const list: ProductList = { products: [product({})], pagination: { page: 1, pageSize: 20, totalCount: Number(count), totalPages: 1 } };
    client.setQueryData(catalogKeys.list(initialHomeFilters(search)), list);
    client.setQueryData(catalogKeys.categories, [CATEGORY_OPTION]);
    return asFirstScreen(await page({ lang, locales, path: `/${search}`, client }));
  };
  const dim = await dimension('.CountKey', counts, render);
  const actions: Record<string, string> = {
    ...Object.fromEntries(counts.slice(1).map(([, n]) => [String(n), '{{.Count}}'])), ...storeActions(true),
    [`<option value="${CATEGORY_OPTION}">${CATEGORY_OPTION}</option>`]: '<option value="{{.Name}}"{{if .Chosen}} selected=""{{end}}>{{.Label}}</option>',
  };
  if (category) actions[CATEGORY] = '{{$.CategoryName}}';
  const html = fill(rangeOver(splice(await render(2), [dim]), CATEGORY_OPTION, 'select', '$.Categories'), actions);
  // The one card rendered becomes the range over the server's cards, each by its kind.
  const at = html.indexOf('<article');
  const end = html.indexOf('</article>', at) + '</article>'.length;
  if (at < 0 || end < at || html.indexOf('<article', end) >= 0) throw new Error('the home renders one card');
  const cards = `{{range .Cards}}{{if .HireOnly}}{{template "cardHire.${lang}" .}}{{else if .Choice}}{{template "cardChoice.${lang}" .}}{{else}}{{template "card.${lang}" .}}{{end}}{{end}}`;
  return `${html.slice(0, at)}${cards}${html.slice(end)}`;
}

/**
 * A product page, by .Media, .Category, .StockKey and .HasAttributes; with options, a product with
 * options whose chosen variant's price, stock, photos and label the server fills in, its option
 * pickers and its SKU line (islands).
 */
async function productPage(lang: Language, locales: Locales, options: boolean): Promise<string> {
  const render = async (over: Partial<Product>) => {
    const client = new QueryClient();
    client.setQueryData(catalogKeys.detail(ID), options ? withOption(over, [over.stockQuantity ?? 2]) : product(over));
    const html = cut(asFirstScreen(await page({ lang, locales, path: `/products/${ID}`, client })), PRICE_TAG, PRICE_MARK);
    return options ? cut(cut(html, PICKER, PICKER_MARK), SKU_LINE, SKU_MARK) : html;
  };
  const files = (n: number) => Array.from({ length: n }, (_, i) => FILE(i));
  const counts = Array.from({ length: MAX_IMAGES + 1 }, (_, n): [string, number] => [String(n), n]);
  const stock = stockValues(lang);
  const dims = await Promise.all([
    dimension('.Media', counts, (n) => render({ imageFileNames: files(Number(n)) })),
    dimension('.Category', categoryValues(), (c) => render({ category: String(c) })),
    dimension('.StockKey', stock, (s) => render({ stockQuantity: Number(s) })),
    dimension('.HasAttributes', [['', 0], ['yes', 1]], (n) =>
      render({ attributes: n ? [{ key: KEY, value: VALUE, keyLocalized: {}, valueLocalized: {} }] : [] }),
    ),
  ]);
  // The ids travel in the "Request a quote" link (issue 47).
  const actions: Record<string, string> = {
    [ID]: '{{.ID}}', [NAME]: '{{.Name}}', [DESCRIPTION]: '{{.Description}}', [CATEGORY]: '{{.Category}}', [KEY]: '{{.Key}}', [VALUE]: '{{.Value}}',
    [PRICE_MARK]: priceCall(lang, '7'), ...storeActions(false),
  };
  for (let i = 0; i < MAX_IMAGES; i++) actions[FILE(i)] = `{{index $.Files ${i}}}`;
  for (const [, n] of stock.slice(2)) actions[String(n)] = '{{.Stock}}';
  const base = await render({});
  if (options) {
    const client = new QueryClient();
    client.setQueryData(catalogKeys.detail(ID), withOption({}, [2]));
    const full = await page({ lang, locales, path: `/products/${ID}`, client });
    Object.assign(actions, {
      [LABEL]: '{{.Label}}', [PICKER_MARK]: `{{template "picker.${lang}" .Picker}}`, [VARIANT_ID]: '{{.VariantID}}',
      [SKU_MARK]: `{{if .SKU}}${fill(element(full, SKU_LINE), { [SKU]: '{{.SKU}}' })}{{end}}`,
    });
  }
  const html = rangeOver(splice(base, dims), KEY, 'dl', '.Attributes');
  return fill(html, actions);
}

/** The not-found page (the app's route `*`), which the server sends with its 404 for an unknown address. */
async function notFound(lang: Language, locales: Locales): Promise<string> {
  return fill(asFirstScreen(await page({ lang, locales, path: '/no-such-page', client: new QueryClient() })), storeActions(false));
}

const PAGE_TITLE = marker('pagetitle');
const PAGE_BODY = marker('pagebody');

/**
 * An information page the owner keeps in /admin/pages (RecordPage: /privacy, /returns,
 * /pages/{slug}, ...): its title and sanitized body, which the server fills in with .Lang (the
 * language they are in: the page's, else English), .Title and .Body.
 */
async function recordPage(lang: Language, locales: Locales): Promise<string> {
  const client = new QueryClient();
  const info: InfoPage = { slug: 'privacy', title: { [lang]: PAGE_TITLE }, body: { [lang]: PAGE_BODY } };
  client.setQueryData(storeKeys.page('privacy'), info);
  const html = asFirstScreen(await page({ lang, locales, path: '/privacy', client }));
  const article = `<article lang="${lang}">`;
  if (html.split(article).length !== 2) throw new Error('the information page renders one article');
  return fill(html, { [article]: '<article lang="{{.Lang}}">', [PAGE_TITLE]: '{{.Title}}', [PAGE_BODY]: '{{.Body}}', ...storeActions(false) });
}

const FAQ_INTRO = marker('faqintro');
const GROUP = (g: number) => marker(`group${g}x`);
const QUESTION = (g: number, q: number) => marker(`question${g}x${q}x`);
const ANSWER = (g: number, q: number) => marker(`answer${g}x${q}x`);

/** The element whose start tag holds attr, nth (0: the first) of html. */
function nth(html: string, attr: string, n: number): [number, number] {
  let span = elementSpan(html, attr);
  for (let i = 0; i < n; i++) span = elementSpan(html, attr, span[1]);
  return span;
}

/**
 * The FAQ page the owner keeps in /admin/pages (FaqPage: a tab per `##` group, a question per
 * `###`), rendered with two groups of two questions and turned into ranges: .Lang, .Title,
 * .Intro and .Groups (.Index, .Name, .Questions with .Question and .Answer), which the server
 * reads from the page's body as parseFaq does. The tabs keep the app's ids, by .Index; the
 * groups after the first are in their hidden panels, as text search engines read.
 */
async function faqPage(lang: Language, locales: Locales): Promise<string> {
  const client = new QueryClient();
  let body = `<p>${FAQ_INTRO}</p>`;
  for (const g of [0, 1]) {
    body += `<h2>${GROUP(g)}</h2>`;
    for (const q of [0, 1]) body += `<h3>${QUESTION(g, q)}</h3><p>${ANSWER(g, q)}</p>`;
  }
  const info: InfoPage = { slug: 'faq', title: { [lang]: PAGE_TITLE }, body: { [lang]: body } };
  client.setQueryData(storeKeys.page('faq'), info);
  let html = asFirstScreen(await page({ lang, locales, path: '/faq', client }));
  const div = `<div lang="${lang}">`;
  if (html.split(div).length !== 2) throw new Error('the FAQ page renders one block in its language');
  // The tabs: the first (chosen) and the others, each with its index in its ids.
  const byIndex = (part: string, g: number) =>
    fill(part, Object.fromEntries(Object.entries({ [GROUP(g)]: '{{.Name}}', [`-trigger-${g}"`]: '-trigger-{{.Index}}"', [`-content-${g}"`]: '-content-{{.Index}}"' }).filter(([k]) => part.includes(k))));
  const [t0, t0end] = nth(html, 'role="tab"', 0);
  const [t1, t1end] = nth(html, 'role="tab"', 1);
  if (html.slice(t0end, t1) !== '') throw new Error('the FAQ tabs are side by side');
  const tabs = `{{range .Groups}}{{if eq .Index 0}}${byIndex(html.slice(t0, t0end), 0)}{{else}}${byIndex(html.slice(t1, t1end), 1)}{{end}}{{end}}`;
  // The chosen panel's questions, as a range.
  const [p0, p0end] = nth(html, 'role="tabpanel"', 0);
  const [p1, p1end] = nth(html, 'role="tabpanel"', 1);
  let panel = html.slice(p0, p0end);
  const [d0, d0end] = nth(panel, 'class="faq-item"', 0);
  const [d1, d1end] = nth(panel, 'class="faq-item"', 1);
  const question = fill(panel.slice(d0, d0end), { [QUESTION(0, 0)]: '{{.Question}}', [`<p>${ANSWER(0, 0)}</p>`]: '{{.Answer}}' });
  panel = `${panel.slice(0, d0)}{{range .Questions}}${question}{{end}}${panel.slice(d1end)}`;
  if (panel.includes('qzqquestion') || html.slice(d0end, d1).length) throw new Error('the FAQ panel renders its questions one after the other');
  const open = (p: string) => p.slice(0, p.indexOf('>') + 1);
  const inner = panel.slice(open(panel).length);
  const hidden = html.slice(p1, p1end);
  if (!hidden.includes('hidden=""')) throw new Error('the FAQ renders the other groups hidden');
  const panels = `{{range .Groups}}{{if eq .Index 0}}${byIndex(panel, 0)}{{else}}${byIndex(open(hidden), 1)}${inner}{{end}}{{end}}`;
  html = html.slice(0, t0) + tabs + html.slice(t1end, p0) + panels + html.slice(p1end);
  return fill(html, { [div]: '<div lang="{{.Lang}}">', [PAGE_TITLE]: '{{.Title}}', [`<p>${FAQ_INTRO}</p>`]: '{{.Intro}}', ...storeActions(false) });
}

// The contact cards' data: a phone number of digits only (its tel: link keeps it whole).
const PHONE = '+9988776655';
const EMAIL = marker('email');
const LINE = marker('line');
const HOURS_LINE = marker('hoursline');

/**
 * The contact page (the form and the shop's cards), by .Phone, .Email, .HasAddress and
 * .HasHours, a render per card: the card's lines (.Address, .Hours) as ranges, the phone's link
 * (.PhoneHref) as the app writes it.
 */
async function contactPage(lang: Language, locales: Locales): Promise<string> {
  const render = (store: Partial<Shop>) => page({ lang, locales, path: '/contact', client: new QueryClient(), store }).then(asFirstScreen);
  const base = await render({});
  const card = async (field: string, store: Partial<Shop>) => ({ field, variants: [{ when: '', html: base }, { when: 'yes', html: await render(store) }] });
  const dims = await Promise.all([
    card('.Phone', { phone: PHONE }),
    card('.Email', { email: EMAIL }),
    card('.HasAddress', { address: LINE }),
    card('.HasHours', { hours: { [lang]: HOURS_LINE } }),
  ]);
  let html = splice(base, dims);
  html = rangeOver(rangeOver(html, LINE, 'div', '.Address'), HOURS_LINE, 'div', '.Hours');
  return fill(html, {
    [`tel:${PHONE}`]: 'tel:{{.PhoneHref}}', [PHONE]: '{{.Phone}}', [EMAIL]: '{{.Email}}', [LINE]: '{{.}}', [HOURS_LINE]: '{{.}}', ...storeActions(false),
  });
}

/** The Go template of every first screen, in every language (routes/firstscreen/screens.gen.gohtml). */
export async function renderFirstScreens(locales: Locales): Promise<string> {
  let out =
    '{{/* Generated by app/scripts/first-screen.mjs from the app\'s components (app/src/firstscreen/render.tsx): do not edit. */}}\n';
  for (const lang of LANGUAGES) {
    out += `{{define "home.${lang}"}}${await home(lang, locales)}{{end}}\n`;
    out += `{{define "category.${lang}"}}${await home(lang, locales, true)}{{end}}\n`;
    out += `{{define "card.${lang}"}}${await card(lang, locales, 'plain')}{{end}}\n`;
    out += `{{define "cardChoice.${lang}"}}${await card(lang, locales, 'choice')}{{end}}\n`;
    out += `{{define "cardHire.${lang}"}}${await card(lang, locales, 'hire')}{{end}}\n`;
    out += `{{define "price5.${lang}"}}${await priceTag(lang, locales, '5')}{{end}}\n`;
    out += `{{define "price7.${lang}"}}${await priceTag(lang, locales, '7')}{{end}}\n`;
    out += `{{define "product.${lang}"}}${await productPage(lang, locales, false)}{{end}}\n`;
    out += `{{define "productOptions.${lang}"}}${await productPage(lang, locales, true)}{{end}}\n`;
    out += `{{define "picker.${lang}"}}${await picker(lang, locales)}{{end}}\n`;
    out += `{{define "notFound.${lang}"}}${await notFound(lang, locales)}{{end}}\n`;
    out += `{{define "info.${lang}"}}${await recordPage(lang, locales)}{{end}}\n`;
    out += `{{define "faq.${lang}"}}${await faqPage(lang, locales)}{{end}}\n`;
    out += `{{define "contact.${lang}"}}${await contactPage(lang, locales)}{{end}}\n`;
  }
  return out;
}
