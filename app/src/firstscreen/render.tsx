/**
 * Build-time render of the first screens (routes/firstscreen): the real app (Providers, Layout,
 * Header, HomePage, ProductCard, ProductPage, the not-found page) rendered with React's server renderer, signed out
 * with an empty cart, once per language and per variant, into the Go template the server fills.
 * Run by scripts/first-screen.mjs (`npm run build`); render.test.tsx checks the committed file.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '../App';
import { Providers } from '../Providers';
import type { Product, ProductList } from '../api/types';
import { ProductCard } from '../features/catalog/ProductCard';
import { CATEGORIES } from '../features/catalog/api';
import { initialHomeFilters } from '../features/catalog/homeState';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../i18n/languages';
import { LOOKUP_OPTIONS } from '../i18n';
import { basenameOf, languagePath } from '../i18n/urlLanguage';
import { formatPrice } from '../lib/format';
import { MAX_IMAGES } from '../lib/shared';
import { fill, marker, rangeOver, splice, type Dimension } from './splice';
import { catalogKeys, storeKeys } from '../api/queryKeys';
import type { Shop } from '../api/types';

/** The translations of the start-up namespaces, by language and namespace. */
export type Locales = Record<string, Record<string, Record<string, unknown>>>;

const ID = marker('id');
const NAME = marker('name');
const DESCRIPTION = marker('description');
const CATEGORY = marker('category');
const FILE = (i: number) => marker(`file${i}x`);
const KEY = marker('key');
const SHOP_NAME = marker('shopname');
const SHOP_LOGO = marker('shoplogo');
const HERO_TITLE = marker('herotitle');
const HERO_TEXT = marker('herotext');
const VALUE = marker('value');
// Numbers the server fills in travel as sentinels no markup contains.
const PRICE = 9876543.21;
const MANY_IMAGES = 6000007;
/** Plural categories reachable by whole numbers above one, each with a sentinel of that category. */
function pluralSentinels(lang: string, from: number): Record<string, number> {
  const rules = new Intl.PluralRules(lang);
  const out: Record<string, number> = {};
  for (let n = from; n < from + 200; n++) out[rules.select(n)] ??= n;
  return out;
}

async function toHTML(node: ReactNode): Promise<string> {
  // One piece: larger Suspense boundaries would otherwise be sent after their fallback, for streaming.
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  // Suspense boundaries leave comments for hydration, and React hoists preloads of the images it
  // rendered before them: the first screen is never hydrated, and its images are in it.
  // The first screen's photos decode at once: with decoding="async", headless Chromium kept the
  // painted first screen off the screen for 1-2 s (Lighthouse's LCP).
  return html
    .replace(/<!--[^>]*-->/g, '')
    .replace(/^(<link [^>]*>)+/, '')
    .replaceAll(' decoding="async"', '');
}

function i18nFor(lang: Language, locales: Locales) {
  const resources: Resource = {};
  for (const l of new Set([lang, FALLBACK_LANGUAGE])) resources[l] = locales[l];
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ ...LOOKUP_OPTIONS, lng: lang, resources, initAsync: false });
  return i18n;
}

function product(over: Partial<Product>): Product {
  return {
    id: ID, name: NAME, nameLocalized: null, description: DESCRIPTION, descriptionLocalized: null, category: CATEGORY,
    price: PRICE, stockQuantity: 2, isActive: true, imageFileName: '', imageFileNames: [FILE(0)], attributes: [],
    taxClass: 'standard', createdAt: '', updatedAt: '', options: [], defaultVariantId: '', compareAtPrice: null, priceFrom: PRICE,
    priceTo: PRICE, inStock: true, onSale: false, variantCount: 1, ...over,
  };
}

/** The store details as markers: the server fills in the owner's (GET /api/shop's) on every page. */
function withShop(client: QueryClient, lang: Language): QueryClient {
  const shop: Shop = {
    name: SHOP_NAME, legalName: '', logoUrl: SHOP_LOGO, logo: '', email: '', phone: '', address: '', hours: {},
    hero: { title: { [lang]: HERO_TITLE }, text: { [lang]: HERO_TEXT } }, social: [],
  };
  client.setQueryData(storeKeys.details, shop);
  return client;
}

/** The template actions of the store details; the hero is on the home only. */
function shopActions(hero: boolean): Record<string, string> {
  const out: Record<string, string> = { [`${SHOP_LOGO}?thumb=120x120`]: '{{$.Shop.Logo}}', [SHOP_NAME]: '{{$.Shop.Name}}' };
  if (hero) Object.assign(out, { [HERO_TITLE]: '{{$.Shop.HeroTitle}}', [HERO_TEXT]: '{{$.Shop.HeroText}}' });
  return out;
}

interface Page {
  lang: Language;
  locales: Locales;
  path: string;
  client: QueryClient;
  children?: ReactNode;
}

/** The app at path in lang's address (or children instead of its routes) as a signed-out shopper sees it. */
async function page({ lang, locales, path, client, children }: Page): Promise<string> {
  const html = await toHTML(
    <I18nextProvider i18n={i18nFor(lang, locales)}>
      <Providers client={client}>
        <MemoryRouter basename={basenameOf(lang)} initialEntries={[languagePath(lang, path)]}>
          {children ?? <AppRoutes />}
        </MemoryRouter>
      </Providers>
    </I18nextProvider>,
  );
  // The footer is below the first row and moves down as the app adds rows: not part of the screen.
  return html.replace(/<footer[\s\S]*<\/footer>/, '');
}

/** The theme's root element becomes the first screen: marked, and inert until the app replaces it. */
function asFirstScreen(html: string): string {
  const out = html.replace(/^<div ([^>]*)class="([^"]*)"/, '<div $1class="$2 first-screen" inert=""');
  if (out === html) throw new Error('the render does not start with the theme root');
  return out;
}

function variants(field: string, values: [string, number | string][], render: (v: number | string) => Promise<string>): Promise<Dimension> {
  return Promise.all(values.map(async ([when, v]) => ({ when, html: await render(v) }))).then((vs) => ({ field, variants: vs }));
}

/** Stock: sold out, one, and a sentinel per plural category (the server picks by CLDR category). */
function stockValues(lang: string): [string, number][] {
  return [['out', 0], ['1', 1], ...Object.entries(pluralSentinels(lang, 7000002))];
}

function categoryValues(): [string, string][] {
  return [...CATEGORIES.map((c): [string, string] => [c, c]), ['', CATEGORY]];
}

async function card(lang: Language, locales: Locales): Promise<string> {
  const render = async (over: Partial<Product>) => {
    const html = await page({ lang, locales, path: '/', client: new QueryClient(), children: <ProductCard product={product(over)} inCart={0} eager /> });
    return html.slice(html.indexOf('<article'), html.lastIndexOf('</article>') + '</article>'.length);
  };
  const manyImages = Object.assign(new Array<string>(MANY_IMAGES), { 0: FILE(0) });
  const stock = stockValues(lang);
  const dims = await Promise.all([
    variants('.Media', [['1', 1], ['0', 0], ['n', MANY_IMAGES]], (n) =>
      render({ imageFileNames: n === 1 ? [FILE(0)] : n === 0 ? [] : manyImages }),
    ),
    variants('.Category', categoryValues(), (c) => render({ category: String(c) })),
    variants('.StockKey', stock, (s) => render({ stockQuantity: Number(s) })),
  ]);
  const base = await render({});
  const actions: Record<string, string> = {
    [ID]: '{{.ID}}', [NAME]: '{{.Name}}', [DESCRIPTION]: '{{.Description}}', [CATEGORY]: '{{.Category}}',
    [FILE(0)]: '{{.File}}', [formatPrice(PRICE, lang)]: '{{.Price}}', [String(MANY_IMAGES)]: '{{.Images}}',
  };
  for (const [, n] of stock.slice(2)) actions[String(n)] = '{{.Stock}}';
  return fill(splice(base, dims), actions);
}

async function home(lang: Language, locales: Locales): Promise<string> {
  const counts: [string, number][] = [['1', 1], ...Object.entries(pluralSentinels(lang, 8000002))];
  const render = async (count: number | string) => {
    const client = withShop(new QueryClient(), lang);
    const list: ProductList = { products: [product({})], pagination: { page: 1, pageSize: 20, totalCount: Number(count), totalPages: 1 } };
    client.setQueryData(catalogKeys.list(initialHomeFilters('')), list);
    return asFirstScreen(await page({ lang, locales, path: '/', client }));
  };
  const dim = await variants('.CountKey', counts, render);
  const actions = { ...Object.fromEntries(counts.slice(1).map(([, n]) => [String(n), '{{.Count}}'])), ...shopActions(true) };
  const html = fill(splice(await render(2), [dim]), actions);
  // The one card rendered becomes the range over the server's cards.
  const at = html.indexOf('<article');
  const end = html.indexOf('</article>', at) + '</article>'.length;
  if (at < 0 || end < at || html.indexOf('<article', end) >= 0) throw new Error('the home renders one card');
  return `${html.slice(0, at)}{{range .Cards}}{{template "card.${lang}" .}}{{end}}${html.slice(end)}`;
}

async function productPage(lang: Language, locales: Locales): Promise<string> {
  const render = async (over: Partial<Product>) => {
    const client = withShop(new QueryClient(), lang);
    client.setQueryData(catalogKeys.detail(ID), product(over));
    return asFirstScreen(await page({ lang, locales, path: `/products/${ID}`, client }));
  };
  const files = (n: number) => Array.from({ length: n }, (_, i) => FILE(i));
  const counts = Array.from({ length: MAX_IMAGES + 1 }, (_, n): [string, number] => [String(n), n]);
  const stock = stockValues(lang);
  const dims = await Promise.all([
    variants('.Media', counts, (n) => render({ imageFileNames: files(Number(n)) })),
    variants('.Category', categoryValues(), (c) => render({ category: String(c) })),
    variants('.StockKey', stock, (s) => render({ stockQuantity: Number(s) })),
    variants('.HasAttributes', [['', 0], ['yes', 1]], (n) =>
      render({ attributes: n ? [{ key: KEY, value: VALUE, keyLocalized: {}, valueLocalized: {} }] : [] }),
    ),
  ]);
  const actions: Record<string, string> = {
    [NAME]: '{{.Name}}', [DESCRIPTION]: '{{.Description}}', [CATEGORY]: '{{.Category}}',
    [formatPrice(PRICE, lang)]: '{{.Price}}', [KEY]: '{{.Key}}', [VALUE]: '{{.Value}}', ...shopActions(false),
  };
  for (let i = 0; i < MAX_IMAGES; i++) actions[FILE(i)] = `{{index $.Files ${i}}}`;
  for (const [, n] of stock.slice(2)) actions[String(n)] = '{{.Stock}}';
  const html = rangeOver(splice(await render({}), dims), KEY, 'dl', '.Attributes');
  return fill(html, actions);
}

/** The not-found page (the app's route `*`), which the server sends with its 404 for an unknown address. */
async function notFound(lang: Language, locales: Locales): Promise<string> {
  const html = asFirstScreen(await page({ lang, locales, path: '/no-such-page', client: withShop(new QueryClient(), lang) }));
  return fill(html, shopActions(false));
}

/** The Go template of every first screen, in every language (routes/firstscreen/screens.gen.gohtml). */
export async function renderFirstScreens(locales: Locales): Promise<string> {
  let out =
    '{{/* Generated by app/scripts/first-screen.mjs from the app\'s components (app/src/firstscreen/render.tsx): do not edit. */}}\n';
  for (const lang of LANGUAGES) {
    out += `{{define "home.${lang}"}}${await home(lang, locales)}{{end}}\n`;
    out += `{{define "card.${lang}"}}${await card(lang, locales)}{{end}}\n`;
    out += `{{define "product.${lang}"}}${await productPage(lang, locales)}{{end}}\n`;
    out += `{{define "notFound.${lang}"}}${await notFound(lang, locales)}{{end}}\n`;
  }
  return out;
}
