/**
 * The pieces every first-screen render shares (render.tsx, islands.tsx): the app rendered signed
 * out in a language, the markers and sentinels data travels as, and the dimensions' values.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '../App';
import { Providers } from '../Providers';
import type { Product, Shop } from '../api/types';
import { storeKeys } from '../api/queryKeys';
import { CATEGORIES } from '../api/catalog';
import { FALLBACK_LANGUAGE, type Language } from '../i18n/languages';
import { LOOKUP_OPTIONS } from '../i18n';
import { basenameOf, languagePath } from '../i18n/urlLanguage';
import { marker, type Dimension } from './splice';

/** The translations of the start-up namespaces, by language and namespace. */
export type Locales = Record<string, Record<string, Record<string, unknown>>>;

export const ID = marker('id');
export const NAME = marker('name');
export const DESCRIPTION = marker('description');
export const CATEGORY = marker('category');
export const FILE = (i: number) => marker(`file${i}x`);
export const KEY = marker('key');
export const VALUE = marker('value');
// The store details the server fills in (the header's brand, the home's hero): the owner's, from
// /admin/settings, so the first screen says what the app's first render says.
const SHOP_NAME = marker('shopname');
const SHOP_LOGO = marker('shoplogo');
const HERO_TITLE = marker('herotitle');
const HERO_TEXT = marker('herotext');

function storeMarkers(lang: Language): Shop {
  return {
    name: SHOP_NAME, legalName: '', logoUrl: SHOP_LOGO, logo: '', email: '', phone: '', address: '', hours: {},
    hero: { title: { [lang]: HERO_TITLE }, text: { [lang]: HERO_TEXT } }, social: [], timeZone: '', today: '',
  };
}

/** The actions of the store details' markers (a page with the header, and the home's hero). */
export function storeActions(home: boolean): Record<string, string> {
  // The header's logo is its thumbnail, or the favicon without one: the server writes the address.
  const actions: Record<string, string> = { [`${SHOP_LOGO}?thumb=120x120`]: '{{$.Shop.Logo}}', [SHOP_NAME]: '{{$.Shop.Name}}' };
  if (home) Object.assign(actions, { [HERO_TITLE]: '{{$.Shop.HeroTitle}}', [HERO_TEXT]: '{{$.Shop.HeroText}}' });
  return actions;
}
// Numbers the server fills in travel as sentinels no markup contains.
export const PRICE = 9876543.21;
export const MANY_IMAGES = 6000007;
/** Plural categories reachable by whole numbers above one, each with a sentinel of that category. */
export function pluralSentinels(lang: string, from: number): Record<string, number> {
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

export function product(over: Partial<Product>): Product {
  return {
    id: ID, name: NAME, nameLocalized: null, description: DESCRIPTION, descriptionLocalized: null, category: CATEGORY,
    price: PRICE, stockQuantity: 2, isActive: true, imageFileName: '', imageFileNames: [FILE(0)], attributes: [],
    taxClass: 'standard', createdAt: '', updatedAt: '', options: [], defaultVariantId: '', compareAtPrice: null, priceFrom: PRICE,
    priceTo: PRICE, inStock: true, onSale: false, variantCount: 1, ...over,
  };
}

interface Page {
  lang: Language;
  locales: Locales;
  path: string;
  client: QueryClient;
  children?: ReactNode;
  /** Store details besides the markers (the contact page's cards). */
  store?: Partial<Shop>;
}

/** The app at path in lang's address (or children instead of its routes) as a signed-out shopper sees it. */
export async function page({ lang, locales, path, client, children, store }: Page): Promise<string> {
  client.setQueryData(storeKeys.details, { ...storeMarkers(lang), ...store });
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
export function asFirstScreen(html: string): string {
  const out = html.replace(/^<div ([^>]*)class="([^"]*)"/, '<div $1class="$2 first-screen" inert=""');
  if (out === html) throw new Error('the render does not start with the theme root');
  return out;
}

export function dimension(field: string, values: [string, number | string][], render: (v: number | string) => Promise<string>): Promise<Dimension> {
  return Promise.all(values.map(async ([when, v]) => ({ when, html: await render(v) }))).then((vs) => ({ field, variants: vs }));
}

/** Stock: sold out, one, and a sentinel per plural category (the server picks by CLDR category). */
export function stockValues(lang: string): [string, number][] {
  return [['out', 0], ['1', 1], ...Object.entries(pluralSentinels(lang, 7000002))];
}

export function categoryValues(): [string, string][] {
  return [...CATEGORIES.map((c): [string, string] => [c, c]), ['', CATEGORY]];
}

