import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from './client';
import { orderKeys, paymentKeys } from './queryKeys';
import type { OrderDetail, OrderSummary, PaymentMethods } from './types';

export const myOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.mine,
    queryFn: ({ signal }) => api.get<OrderSummary[]>('/checkout/orders', { signal }),
  });

export const orderDetailQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/checkout/orders/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
  });

/** A new hosted payment page for one's own unpaid card order. */
export function usePayAgain() {
  return useMutation({
    mutationFn: (orderId: string) => api.post<{ checkoutUrl: string }>(`/checkout/orders/${encodeURIComponent(orderId)}/pay`),
  });
}

/** Off to the payment provider's hosted page (a full page load: our pages load no payment script). */
export const goToPaymentPage = (url: string) => window.location.assign(url);

/** The payment methods and whether this shopper may use each (invoice: approved customers only), with the bank details. */
export const paymentMethodsQuery = (userId: string) =>
  queryOptions({
    queryKey: paymentKeys.methods(userId),
    queryFn: ({ signal }) => api.get<PaymentMethods>('/payments/methods', { signal }),
    staleTime: 60_000,
  });
