import { session, STORAGE_KEYS } from '../../api/storage';
import type { ProductSort } from '../../api/types';
import { SEARCH_SORT, SORTS, defaultSort, isCategory, type ProductFilters } from '../../api/catalog';

/** The query parameters the home keeps its state in (?lng= and others are left alone). */
const HOME_PARAMS = ['search', 'sort', 'category', 'page', 'minPrice', 'maxPrice', 'inStock', 'onSale'] as const;

const isSort = (v: string | null): v is ProductSort => !!v && ([SEARCH_SORT, ...SORTS] as string[]).includes(v);

/** A price bound as the URL gives it: a number of dollars with at most two decimals, else none. */
const price = (v: string | null): string => (v && /^\d{1,7}(\.\d{1,2})?$/.test(v) ? v : '');

/** Whether the URL names any of the home's state (a shared link, Back to a search). */
export function hasHomeState(params: URLSearchParams): boolean {
  return HOME_PARAMS.some((k) => params.has(k));
}

/**
 * The home's filters from its URL query; a value that is not valid (an unknown sort or
 * category, a page that is not a positive whole number) counts as not given. A URL without
 * any of them starts from the category kept in session storage (the spec's return to the
 * shop), else from all products.
 */
export function homeFilters(params: URLSearchParams): ProductFilters {
  const page = Number(params.get('page'));
  const category = params.get('category');
  const sort = params.get('sort');
  const stored = hasHomeState(params) ? null : session.get(STORAGE_KEYS.shopSelectedCategory);
  const search = params.get('search') ?? '';
  return {
    category: isCategory(category) ? category : isCategory(stored) ? stored : '',
    sort: isSort(sort) && (sort !== SEARCH_SORT || search.trim()) ? sort : defaultSort(search),
    search,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    inStock: params.get('inStock') === 'true',
    onSale: params.get('onSale') === 'true',
  };
}

/** The query of these filters: defaults are left out, other parameters (e.g. ?lng=) kept. */
export function homeQuery(f: ProductFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  HOME_PARAMS.forEach((k) => next.delete(k));
  if (f.search.trim()) next.set('search', f.search);
  if (f.sort !== defaultSort(f.search)) next.set('sort', f.sort);
  if (f.category) next.set('category', f.category);
  if (f.minPrice) next.set('minPrice', f.minPrice);
  if (f.maxPrice) next.set('maxPrice', f.maxPrice);
  if (f.inStock) next.set('inStock', 'true');
  if (f.onSale) next.set('onSale', 'true');
  if (f.page > 1) next.set('page', String(f.page));
  return next;
}

/** The first products page the home shows; main.tsx prefetches exactly this query. */
export function initialHomeFilters(search: string): ProductFilters {
  return homeFilters(new URLSearchParams(search));
}

/** "Products" and the logo start a clean shop: no kept category or scroll position. */
export function forgetShopState(): void {
  session.set(STORAGE_KEYS.shopSelectedCategory, null);
  session.set(STORAGE_KEYS.shopScrollPosition, null);
}
