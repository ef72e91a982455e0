import { useEffect } from 'react';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import type { Cart, CartItem, Discount, ShippingMethod, TaxEstimate } from '../../api/types';
import { cartKeys } from '../../api/queryKeys';
import { cartEstimateQuery, cartLinesKey } from '../../api/cart';
import { shippingMethodsQuery } from '../../api/shipping';
import type { CheckoutDraft } from './draft';

export interface CheckoutFigures {
  /** The lines the figures are for: the estimate's own once there is one (one answer, so they agree), else the cart's. */
  items: CartItem[];
  subtotal: number;
  /** The server's discounts: the estimate's for the address and method once there is one, else the cart's. */
  discounts: Discount[];
  methods: ShippingMethod[] | undefined;
  chosen: ShippingMethod | undefined;
  shippingAmount: number | null;
  /** The server's figures for the address and method (one computation with the order's). */
  estimate: TaxEstimate | null;
  /**
   * The server's total: the estimate's once there is one; before a method is chosen the cart's
   * subtotal less its discounts (nothing else is known yet); null while a chosen method's estimate is on its way.
   */
  total: number | null;
  /** Nothing is being fetched: the figures on screen are the server's, for this cart and address. */
  settled: boolean;
  fetching: boolean;
  /** The methods of the address are being fetched. */
  methodsLoading: boolean;
}

/**
 * The checkout's figures: the shipping methods that fit the address (one always chosen), and the
 * server's subtotal, shipping, tax and total for the address and method. Place order sends that total.
 */
export function useCheckoutFigures(owner: string, cart: Cart | null, draft: CheckoutDraft, choose: (code: string) => void): CheckoutFigures {
  const subtotal = cart?.totalPrice ?? 0;
  // The country is chosen from a list: no typing to wait for (a state may be typed).
  const country = draft.shipping.country.trim();
  // Only a US state has rates of its own (tax_rates' regions); elsewhere the typed region is not asked.
  const state = country === 'US' ? draft.shipping.state.trim() : '';
  const cartFetching = useIsFetching({ queryKey: cartKeys.current(owner) }) > 0;
  const lines = cartLinesKey(cart);
  // For this cart: its weight picks the band (the same computation as the order's).
  const methodsQuery = useQuery({ ...shippingMethodsQuery(country, subtotal, lines), enabled: country !== '' });
  const methods = country ? methodsQuery.data?.methods : undefined;
  const chosen = methods?.find((m) => m.code === draft.shippingMethod);
  // A method that fits the address is always chosen; a new country picks its first one.
  useEffect(() => {
    if (methods?.length && !chosen) choose(methods[0].code);
  }, [methods, chosen, choose]);
  const estimateQuery = useQuery({
    ...cartEstimateQuery(owner, { country, state, shippingMethod: chosen?.code }, lines),
    enabled: !!chosen && lines !== '',
  });
  // Until the figures of this address and method are in, tax shows "—" (never another address's).
  const estimated = chosen ? estimateQuery.data : undefined;
  const estimate = estimated?.taxEstimate ?? null;
  // The estimate's shipping once in: a free-shipping promotion makes the method's price 0 there.
  const shippingAmount = chosen ? (estimate?.shippingAmount ?? chosen.amount) : null;
  const fetching = cartFetching || methodsQuery.isFetching || estimateQuery.isFetching;
  return {
    items: estimate && estimated ? estimated.items : (cart?.items ?? []),
    subtotal: estimate ? estimate.subtotalAmount : subtotal,
    discounts: (estimate && estimated ? estimated.discounts : cart?.discounts) ?? [],
    methods,
    chosen,
    shippingAmount,
    estimate,
    total: estimate ? estimate.totalAmount : shippingAmount === null ? (cart?.discountedPrice ?? subtotal) : null,
    settled: !fetching && chosen !== undefined && estimate !== null,
    fetching,
    methodsLoading: country !== '' && methodsQuery.isFetching,
  };
}
