import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../api/client';
import { catalogKeys } from '../../api/queryKeys';
import type { Product, ProductList, ProductSort } from '../../api/types';

const DEFAULT_PAGE_SIZE = 20;
export const CATEGORIES = ['Lighting', 'Sound', 'Stage', 'Accessories'];
export const SORTS: ProductSort[] = ['name_asc', 'name_desc', 'price_asc', 'price_desc', 'newest'];
export const DEFAULT_SORT: ProductSort = 'newest';

export interface ProductFilters {
  category: string;
  sort: ProductSort;
  search: string;
  page: number;
}

export const productListQuery = (f: ProductFilters) =>
  queryOptions({
    queryKey: catalogKeys.list(f),
    queryFn: ({ signal }) =>
      api.get<ProductList>('/products', {
        signal,
        query: {
          category: f.category || undefined,
          sort: f.sort === DEFAULT_SORT ? undefined : f.sort,
          search: f.search.trim() || undefined,
          page: f.page,
          pageSize: DEFAULT_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

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

/** The category kept in the URL (?category=) or, on return, in session storage. */
export function isCategory(value: string | null | undefined): value is string {
  return !!value && CATEGORIES.includes(value);
}
