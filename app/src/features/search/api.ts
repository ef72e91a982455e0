import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { catalogKeys } from '../../api/queryKeys';
import type { ProductSuggestion } from '../../api/types';

/** Up to 5 products for the text typed so far, names in the interface language. */
export const suggestQuery = (q: string, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.suggest(q.trim().toLowerCase(), lang),
    queryFn: ({ signal }) => api.get<{ products: ProductSuggestion[] }>('/products/suggest', { signal, query: { q: q.trim(), lang } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
