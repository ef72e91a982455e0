import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from '../../api/queryKeys';
import { clearCartSessionId, getCartSessionId } from '../../api/storage';
import type { Cart, MergeReport } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { cartApi } from '../../api/cart';

/**
 * Whose cart the app shows and what state it is in. Writes are the mutation hooks of
 * cartWrites.ts, which put the server's answer under `key`; nothing here is translated.
 */
export interface CartContextValue {
  cart: Cart | null;
  /** The query key of this shopper's cart: the signed-in user's, or the guest's. */
  key: readonly unknown[];
  /** The cart is loading or one of its writes is on its way. */
  loading: boolean;
  loadFailed: boolean;
  /** Why the guest cart could not be merged into the user's at sign-in (null: it was, or none was). */
  mergeError: unknown;
  /** Quantity of a product already in the cart: of one of its variants, or of all of them. */
  quantityInCart: (productId: string, variantId?: string) => number;
  /** What the last sign-in did with the guest cart, until shown (MergeNotice). */
  mergeReport: MergeReport | null;
  clearMergeReport: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

/**
 * Signed in with a guest session id stored: merge the guest cart into the user's (spec
 * section 4), once per sign-in; the merged cart is the user's cart. Until the merge has
 * answered, `waiting` holds back the cart's own fetch.
 */
function useGuestCartMerge(signedIn: boolean, owner: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [mergeReport, setMergeReport] = useState<MergeReport | null>(null);
  const merge = useMutation({
    mutationFn: (sessionId: string) => cartApi.merge(sessionId),
    onSuccess: ({ cart, report }) => {
      clearCartSessionId();
      queryClient.removeQueries({ queryKey: cartKeys.current('guest') });
      queryClient.setQueryData(key, cart);
      setMergeReport(report);
    },
  });
  const sessionId = signedIn ? getCartSessionId() : null;
  const started = useRef<string | null>(null);
  const { mutate } = merge;
  useEffect(() => {
    const run = sessionId ? `${owner}/${sessionId}` : null;
    if (!sessionId || started.current === run) return;
    started.current = run;
    mutate(sessionId);
  }, [owner, sessionId, mutate]);
  return {
    waiting: !!sessionId && !merge.isError,
    error: merge.error,
    mergeReport,
    clearMergeReport: useCallback(() => setMergeReport(null), []),
  };
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const owner = signedIn ? `user:${user?.id ?? ''}` : 'guest';
  const key = useMemo(() => cartKeys.current(owner), [owner]);
  const merge = useGuestCartMerge(signedIn, owner, key);

  const query = useQuery({
    queryKey: key,
    queryFn: () => cartApi.get(signedIn),
    enabled: status !== 'loading' && !merge.waiting,
    staleTime: 30_000,
    retry: 1,
  });
  const pendingWrites = useIsMutating({ mutationKey: cartKeys.actions });

  const cart = query.data ?? null;
  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      key,
      loading: query.isLoading || pendingWrites > 0,
      loadFailed: query.isError,
      mergeError: merge.error,
      quantityInCart: (productId: string, variantId?: string) =>
        (cart?.items ?? [])
          .filter((i) => i.productId === productId && (!variantId || i.variantId === variantId))
          .reduce((n, i) => n + i.quantity, 0),
      mergeReport: merge.mergeReport,
      clearMergeReport: merge.clearMergeReport,
    }),
    [cart, key, query.isLoading, query.isError, pendingWrites, merge.error, merge.mergeReport, merge.clearMergeReport],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
