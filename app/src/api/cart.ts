import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { cartKeys } from './queryKeys';
import { getCartSessionId } from './storage';
import type { Cart, MergedCart } from './types';

export const EMPTY_CART: Cart = { id: '', items: [], totalPrice: 0, totalItems: 0, discounts: [], discountAmount: 0, discountedPrice: 0, promoCode: '' };

/** Where the cart would ship, for its estimate; the shipping method once one is chosen. */
export interface TaxAddress {
  country: string;
  state: string;
  shippingMethod?: string;
}

/** What the estimate depends on in the cart: each line's quantity and price, and the code it carries. */
export const cartLinesKey = (cart: Cart | null) => {
  const lines = (cart?.items ?? []).map((i) => `${i.id}:${i.quantity}:${i.unitPrice}`).join(',');
  return lines && cart?.promoCode ? `${lines}|${cart.promoCode}` : lines;
};

/**
 * The cart with the server's subtotal, shipping, tax (one computation for cart, checkout and
 * order) and total for an address: lines and figures from one answer, so they always agree.
 */
export const cartEstimateQuery = (owner: string, address: TaxAddress, lines: string) =>
  queryOptions({
    queryKey: cartKeys.estimate(owner, address, lines),
    queryFn: async ({ signal }): Promise<Cart> => {
      const cart = await api.get<Cart>('/cart', {
        signal,
        session: 'ifStored',
        query: { country: address.country, state: address.state, shippingMethod: address.shippingMethod },
      });
      return { ...normalize(cart), taxEstimate: cart.taxEstimate };
    },
    staleTime: 30_000,
  });

function normalize(cart: Partial<Cart> | null | undefined): Cart {
  return {
    id: cart?.id ?? '',
    items: cart?.items ?? [],
    totalPrice: cart?.totalPrice ?? 0,
    totalItems: cart?.totalItems ?? 0,
    discounts: cart?.discounts ?? [],
    discountAmount: cart?.discountAmount ?? 0,
    // The server's figure; an answer without one has no discount, so its lines' sum.
    discountedPrice: cart?.discountedPrice ?? cart?.totalPrice ?? 0,
    promoCode: cart?.promoCode ?? '',
    promoIssue: cart?.promoIssue,
  };
}

export const cartApi = {
  /** A guest without a stored session id has no cart yet: no request. */
  async get(signedIn: boolean): Promise<Cart> {
    if (!signedIn && !getCartSessionId()) return EMPTY_CART;
    return normalize(await api.get<Cart>('/cart', { session: 'ifStored' }));
  },
  /** variantId: the product's variant (its default for a product without options). */
  add: async (productId: string, variantId: string | undefined, quantity: number, hire?: { start: string; end: string }) =>
    normalize(await api.post<Cart>('/cart/items', { productId, variantId: variantId || undefined, quantity, hire }, { session: 'create' })),
  update: async (itemId: string, quantity: number) =>
    normalize(await api.put<Cart>(`/cart/items/${encodeURIComponent(itemId)}`, { quantity }, { session: 'create' })),
  remove: async (itemId: string) =>
    normalize(await api.del<Cart>(`/cart/items/${encodeURIComponent(itemId)}`, { session: 'create' })),
  /** Puts a discount code on the cart (it replaces the one before); 404 / 409 when it does not apply. */
  applyCode: async (code: string) => normalize(await api.post<Cart>('/cart/discount', { code }, { session: 'create' })),
  removeCode: async () => normalize(await api.del<Cart>('/cart/discount', { session: 'create' })),
  merge: async (sessionId: string) => {
    const merged = await api.post<MergedCart>('/cart/merge', { sessionId });
    return { cart: normalize(merged), report: merged.mergeReport ?? null };
  },
};
