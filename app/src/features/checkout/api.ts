import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { BillingInfo, OrderDetail, PaymentMethod, ShippingInfo, ShippingMethods } from '../../api/types';

export const shippingKeys = {
  all: ['shipping'] as const,
  methods: (country: string, subtotal: number) => ['shipping', 'methods', country, subtotal] as const,
};

/** The methods that fit an address in `country` (all with ""), priced for `subtotal`. */
export const shippingMethodsQuery = (country: string, subtotal: number) =>
  queryOptions({
    queryKey: shippingKeys.methods(country, subtotal),
    queryFn: ({ signal }) =>
      api.get<ShippingMethods>('/shipping/methods', { signal, query: { country: country || undefined, subtotal } }),
    staleTime: 30_000,
  });

export interface PlaceOrderInput {
  shippingInfo: ShippingInfo;
  billingInfo: BillingInfo;
  useShippingForBilling: boolean;
  shippingMethod: string;
  expectedTotal: number;
  paymentMethod: PaymentMethod;
  poNumber: string;
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => api.post<OrderDetail>('/checkout/create-order', input),
  });
}

/** Money is added in cents so that 0.1 + 0.2 is 0.30. */
export const addMoney = (...amounts: number[]) => amounts.reduce((s, a) => s + Math.round(a * 100), 0) / 100;
