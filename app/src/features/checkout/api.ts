import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../api/client';
import { cartKeys, catalogKeys, orderKeys, shippingKeys } from '../../api/queryKeys';
import type { BillingInfo, OrderDetail, PaymentMethod, ShippingInfo } from '../../api/types';
import { EMPTY_CART } from '../../api/cart';
import { useCart } from '../cart/CartContext';

export interface PlaceOrderInput {
  shippingInfo: ShippingInfo;
  billingInfo: BillingInfo;
  useShippingForBilling: boolean;
  shippingMethod: string;
  expectedTotal: number;
  paymentMethod: PaymentMethod;
  poNumber: string;
}

/** The cart lines a refused order ran short on (409 with errors under `items.<productId>`). */
export function shortLines(err: unknown): string[] {
  if (!isApiError(err) || err.status !== 409) return [];
  return Object.keys(err.errors ?? {}).filter((k) => k.startsWith('items.'));
}

/**
 * Places the order. Placed: the server emptied the cart and moved stock, so the cart is set
 * empty and My Orders and the products are refetched. Refused because prices, stock or shipping
 * changed on the server: the cart and the shipping methods are refetched, so the shopper sees
 * today's figures.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const { key: cartKey } = useCart();
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => api.post<OrderDetail>('/checkout/create-order', input),
    onSuccess: () => {
      queryClient.setQueryData(cartKey, EMPTY_CART);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError: (err) => {
      if ((isApiError(err) && err.code === 'total_changed') || shortLines(err).length > 0) {
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        void queryClient.invalidateQueries({ queryKey: shippingKeys.all });
      }
    },
  });
}
