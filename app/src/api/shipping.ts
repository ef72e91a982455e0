import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { shippingKeys } from './queryKeys';
import type { ShippingMethods } from './types';

/**
 * The methods that fit an address in `country` (all with ""), priced for `subtotal`; with `lines`
 * (the cart's lines key), for the shopper's own cart: its weight picks the band, and a freight-only
 * or too heavy cart gets only freight quoted separately.
 */
export const shippingMethodsQuery = (country: string, subtotal: number, lines = '') =>
  queryOptions({
    queryKey: shippingKeys.methods(country, subtotal, lines),
    queryFn: ({ signal }) =>
      api.get<ShippingMethods>('/shipping/methods', { signal, query: { country: country || undefined, subtotal, cart: lines ? 1 : undefined } }),
    staleTime: 30_000,
  });

/** Every method (as shippingMethodsQuery with no address) and every zone with its weight bands: the shipping page's. */
export const shippingPageQuery = () =>
  queryOptions({
    queryKey: shippingKeys.page,
    queryFn: ({ signal }) => api.get<ShippingMethods>('/shipping/methods', { signal, query: { zones: 1 } }),
    staleTime: 30_000,
  });
