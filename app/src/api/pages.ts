import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { storeKeys } from './queryKeys';
import type { InfoPage, PageSummary } from './types';

/** Pages with a route of their own (routes.tsx); any other page lives at /pages/{slug}. */
const OWN_PATHS = ['about', 'shipping', 'returns', 'warranty', 'faq', 'privacy', 'terms', 'cookies', 'hire'] as const;

/** The storefront path of a page. */
export function pagePath(slug: string): string {
  return (OWN_PATHS as readonly string[]).includes(slug) ? `/${slug}` : `/pages/${slug}`;
}

/** The information pages, in the footer's order (GET /api/pages); revalidated like the store details. */
const pagesQuery = () =>
  queryOptions({
    queryKey: storeKeys.pages,
    queryFn: ({ signal }) => api.get<PageSummary[]>('/pages', { signal }),
    staleTime: 60_000,
  });

/** One page's title and sanitized body by language (GET /api/pages/{slug}). */
export const pageQuery = (slug: string) =>
  queryOptions({
    queryKey: storeKeys.page(slug),
    queryFn: ({ signal }) => api.get<InfoPage>(`/pages/${encodeURIComponent(slug)}`, { signal }),
    staleTime: 60_000,
  });

export function usePages(): PageSummary[] {
  return useQuery(pagesQuery()).data ?? [];
}
