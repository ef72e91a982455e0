import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from './client';
import { catalogKeys } from './queryKeys';
import type { Product, ProductList, ProductSort } from './types';

const DEFAULT_PAGE_SIZE = 20;
export const CATEGORIES = ['Lighting', 'Sound', 'Stage', 'Accessories'];
export const SORTS: ProductSort[] = ['name_asc', 'name_desc', 'price_asc', 'price_desc', 'newest'];
const DEFAULT_SORT: ProductSort = 'newest';
/** A search is ranked by relevance until the shopper picks another order. */
export const SEARCH_SORT: ProductSort = 'relevance';

export interface ProductFilters {
  category: string;
  sort: ProductSort;
  search: string;
  page: number;
  /** Price bounds in dollars as typed ('' for none) and in stock only. */
  minPrice: string;
  maxPrice: string;
  inStock: boolean;
  /** Only products with a variant below its compare-at price (issue 31). */
  onSale?: boolean;
}

/** The default order of a list: relevance with a search, newest without. */
export const defaultSort = (search: string): ProductSort => (search.trim() ? SEARCH_SORT : DEFAULT_SORT);

/** The sorts a shopper can choose: relevance only with a search. */
export const sortsFor = (search: string): ProductSort[] => (search.trim() ? [SEARCH_SORT, ...SORTS] : SORTS);

export const productListQuery = (f: ProductFilters, lang = 'en') => {
  const search = f.search.trim();
  return queryOptions({
    // The language ranks a search's matches; a plain list is the same in every language.
    queryKey: catalogKeys.list(f, search ? lang : undefined),
    queryFn: ({ signal }) =>
      api.get<ProductList>('/products', {
        signal,
        query: {
          category: f.category || undefined,
          sort: f.sort === defaultSort(search) ? undefined : f.sort,
          search: search || undefined,
          minPrice: f.minPrice || undefined,
          maxPrice: f.maxPrice || undefined,
          inStock: f.inStock ? 'true' : undefined,
          onSale: f.onSale ? 'true' : undefined,
          // Counts cost the server a pass over the matches: asked for once the shopper narrows.
          facets: search || f.category || f.minPrice || f.maxPrice || f.inStock || f.onSale ? '1' : undefined,
          lang: search ? lang : undefined,
          page: f.page,
          pageSize: DEFAULT_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    staleTime: 60_000,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) => api.get<string[]>('/products/categories', { signal }),
    staleTime: Infinity,
  });

/**
 * The category kept in the URL (?category=) or, on return, in session storage: categories are
 * records an admin adds (issue 35), so any short name is taken and the server answers an unknown one.
 */
export function isCategory(value: string | null | undefined): value is string {
  return !!value && value.trim().length > 0 && value.length <= 100;
}
