import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { ShippingSettings } from '../../../api/types';
import { adminKeys, shippingKeys } from '../../../api/queryKeys';

export const adminShippingQuery = () =>
  queryOptions({
    queryKey: adminKeys.shipping,
    queryFn: ({ signal }) => api.get<ShippingSettings>('/admin/shipping', { signal }),
  });

/** Body of PUT /api/admin/shipping: amounts in dollars, weights in kg; a null upToKg is any weight. */
export interface ShippingSettingsPayload {
  homeCountry: string;
  zones: {
    id: string;
    name: string;
    countries: string[];
    methods: {
      code: string;
      name: Record<string, string>;
      deliveryDays: string;
      rates: { upToKg: number | null; amount: number }[];
      freeOver: number | null;
    }[];
  }[];
}

/** Saves the settings; the answer is the new settings, and every shopper-side shipping answer is stale. */
export function useSaveShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettingsPayload) => api.put<ShippingSettings>('/admin/shipping', body),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.shipping, saved);
      void client.invalidateQueries({ queryKey: shippingKeys.all });
    },
  });
}
