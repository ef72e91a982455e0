import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import { clearCartSessionId, getCartSessionId } from '../../api/storage';
import type { Cart, MergeReport } from '../../api/types';
import { errorText } from '../../i18n/errors';
import { EMPTY_CART, cartApi, cartKeys } from './api';

export type CartResult = { ok: true; cart: Cart | null } | { ok: false; error: string };

export interface CartContextValue {
  cart: Cart | null;
  loading: boolean;
  error: string | null;
  /** Quantity of a product already in the cart. */
  quantityInCart: (productId: string) => number;
  addItem: (productId: string, quantity: number) => Promise<CartResult>;
  updateItem: (itemId: string, quantity: number) => Promise<CartResult>;
  removeItem: (itemId: string) => Promise<CartResult>;
  clearCart: () => Promise<CartResult>;
  /** Forget the cart locally (after an order: the server already emptied it). */
  resetCart: () => void;
  /** What the last sign-in did with the guest cart, until shown (MergeNotice). */
  mergeReport: MergeReport | null;
  clearMergeReport: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const { t } = useTranslation('common', { useSuspense: false });
  const signedIn = status === 'authenticated';
  const owner = signedIn ? `user:${user?.id ?? ''}` : 'guest';
  const key = useMemo(() => cartKeys.current(owner), [owner]);
  const [busy, setBusy] = useState(0);
  const [actionError, setActionError] = useState<string | null>(null);
  const [mergeReport, setMergeReport] = useState<MergeReport | null>(null);

  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      // Signed in with a guest session id stored: merge the guest cart into the user's
      // (spec section 4); the merged cart is the user's cart.
      const sessionId = signedIn ? getCartSessionId() : null;
      if (sessionId) {
        try {
          const { cart: merged, report } = await cartApi.merge(sessionId);
          clearCartSessionId();
          queryClient.removeQueries({ queryKey: cartKeys.current('guest') });
          setActionError(null);
          setMergeReport(report);
          return merged;
        } catch (e) {
          setActionError(errorText(t, e, 'cart.errors.merge'));
        }
      }
      return cartApi.get(signedIn);
    },
    enabled: status !== 'loading',
    staleTime: 30_000,
    retry: 1,
  });

  const run = useCallback(
    async (action: () => Promise<Cart | null>, fallbackKey: string): Promise<CartResult> => {
      setBusy((n) => n + 1);
      try {
        const cart = await action();
        queryClient.setQueryData(key, cart ?? EMPTY_CART);
        setActionError(null);
        return { ok: true, cart };
      } catch (e) {
        const error = errorText(t, e, fallbackKey);
        setActionError(error);
        return { ok: false, error };
      } finally {
        setBusy((n) => n - 1);
      }
    },
    [queryClient, key, t],
  );

  const cart = query.data ?? null;
  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      loading: query.isLoading || busy > 0,
      error: actionError ?? (query.isError ? t('cart.errors.load') : null),
      quantityInCart: (productId: string) => cart?.items.find((i) => i.productId === productId)?.quantity ?? 0,
      addItem: (productId, quantity) => run(() => cartApi.add(productId, quantity), 'cart.errors.add'),
      updateItem: (itemId, quantity) => run(() => cartApi.update(itemId, quantity), 'cart.errors.update'),
      removeItem: (itemId) => run(() => cartApi.remove(itemId), 'cart.errors.remove'),
      clearCart: () =>
        run(async () => {
          await cartApi.clear();
          return null;
        }, 'cart.errors.clear'),
      resetCart: () => queryClient.setQueryData(key, EMPTY_CART),
      mergeReport,
      clearMergeReport: () => setMergeReport(null),
    }),
    [cart, query.isLoading, query.isError, busy, actionError, run, t, queryClient, key, mergeReport],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
