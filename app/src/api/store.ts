import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { storeKeys } from './queryKeys';
import type { Shop } from './types';

/**
 * The store details (GET /api/shop). Revalidated when the tab comes back and after a minute, so
 * an owner's change reaches open storefronts without a reload.
 */
export const storeQuery = () =>
  queryOptions({
    queryKey: storeKeys.details,
    queryFn: ({ signal }) => api.get<Shop>('/shop', { signal }),
    staleTime: 60_000,
  });

/** What the storefront shows before the details arrive (or when the server does not answer). */
const DEFAULT_SHOP: Shop = {
  name: 'StageShop',
  legalName: '',
  logoUrl: '',
  logo: '',
  email: '',
  phone: '',
  address: '',
  hours: {},
  hero: { title: {}, text: {} },
  social: [],
  timeZone: '',
  today: '',
};

/** The store details, or the defaults while they load. */
export function useStore(): Shop {
  return useQuery(storeQuery()).data ?? DEFAULT_SHOP;
}

/**
 * Seeds the store details from those the server sent with the page (`<script id="shop-details">`,
 * routes/pagehead): the app's first render then shows the name, logo and hero the server's first
 * screen showed, with no flash of the defaults. Marked as old, so they are fetched again at mount.
 */
export function seedServedStore(client: QueryClient, doc: Document = document): void {
  const served = doc.getElementById('shop-details')?.textContent;
  if (!served) return;
  try {
    client.setQueryData(storeKeys.details, JSON.parse(served) as Shop, { updatedAt: 0 });
  } catch {
    // Not JSON: the details are fetched as without them.
  }
}
