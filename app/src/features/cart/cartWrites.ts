import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cartKeys } from '../../api/queryKeys';
import type { Cart } from '../../api/types';
import { errorText } from '../../i18n/errors';
import { cartApi } from '../../api/cart';
import { useCart } from './CartContext';

/**
 * One cart write. The server answers with the whole cart, which replaces the cached one (no
 * refetch). Every write shares the mutation key cartKeys.actions: the cart counts them for its
 * busy state and the popover shows the last one's failure; `meta.failure` is the message for
 * a failure the server did not explain.
 */
function useCartWrite<V>(kind: 'add' | 'update' | 'remove', send: (variables: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  const { key } = useCart();
  return useMutation({
    mutationKey: cartKeys.actions,
    mutationFn: send,
    meta: { failure: `common:cart.errors.${kind}` },
    onSuccess: (cart) => queryClient.setQueryData(key, cart),
  });
}

export const useAddCartItem = () =>
  useCartWrite(
    'add',
    ({ productId, variantId, quantity, hire }: { productId: string; variantId?: string; quantity: number; hire?: { start: string; end: string } }) =>
      cartApi.add(productId, variantId, quantity, hire),
  );

export const useUpdateCartItem = () =>
  useCartWrite('update', ({ itemId, quantity }: { itemId: string; quantity: number }) => cartApi.update(itemId, quantity));

export const useRemoveCartItem = () => useCartWrite('remove', (itemId: string) => cartApi.remove(itemId));

/** The cart's problem to show, translated: the last write's failure, else a failed merge, else a failed load. */
export function useCartProblem(): string | null {
  const { t } = useTranslation('common');
  const { loadFailed, mergeError } = useCart();
  const last = useMutationState({
    filters: { mutationKey: cartKeys.actions },
    select: (m) => ({ failed: m.state.status === 'error', error: m.state.error, failure: String(m.meta?.failure) }),
  }).at(-1);
  if (last?.failed) return errorText(t, last.error, last.failure);
  if (mergeError) return errorText(t, mergeError, 'cart.errors.merge');
  return loadFailed ? t('cart.errors.load') : null;
}
