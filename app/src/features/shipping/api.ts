import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { shippingKeys } from '../../api/queryKeys';
import type { ShippingMethods } from '../../api/types';

/** The methods that fit an address in `country` (all with ""), priced for `subtotal`. */
export const shippingMethodsQuery = (country: string, subtotal: number) =>
  queryOptions({
    queryKey: shippingKeys.methods(country, subtotal),
    queryFn: ({ signal }) =>
      api.get<ShippingMethods>('/shipping/methods', { signal, query: { country: country || undefined, subtotal } }),
    staleTime: 30_000,
  });
