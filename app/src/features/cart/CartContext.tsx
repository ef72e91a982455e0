import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** One cart write; the server answers with the whole cart (null: emptied). */
type CartAction =
  | { type: 'add'; productId: string; quantity: number }
  | { type: 'update'; itemId: string; quantity: number }
  | { type: 'remove'; itemId: string }
  | { type: 'clear' };

function sendCartAction(a: CartAction): Promise<Cart | null> {
  switch (a.type) {
    case 'add':
      return cartApi.add(a.productId, a.quantity);
    case 'update':
      return cartApi.update(a.itemId, a.quantity);
    case 'remove':
      return cartApi.remove(a.itemId);
    case 'clear':
      return cartApi.clear().then(() => null);
  }
}

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
  const queryClient = useQueryClient();
  const { t } = useTranslation('common', { useSuspense: false });
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

  const action = useMutation({
    mutationKey: cartKeys.actions,
    mutationFn: sendCartAction,
    onSuccess: (cart) => queryClient.setQueryData(key, cart ?? EMPTY_CART),
  });
  const pendingActions = useIsMutating({ mutationKey: cartKeys.actions });
  const { mutateAsync } = action;
  const run = useCallback(
    (a: CartAction): Promise<CartResult> =>
      mutateAsync(a).then(
        (cart) => ({ ok: true, cart }),
        (e: unknown) => ({ ok: false, error: errorText(t, e, ACTION_ERRORS[a.type]) }),
      ),
    [mutateAsync, t],
  );

  const cart = query.data ?? null;
  const actionError = action.isError && action.variables ? errorText(t, action.error, ACTION_ERRORS[action.variables.type]) : null;
  const mergeError = merge.error ? errorText(t, merge.error, 'cart.errors.merge') : null;
  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      loading: query.isLoading || pendingActions > 0,
      error: actionError ?? mergeError ?? (query.isError ? t('cart.errors.load') : null),
      quantityInCart: (productId: string) => cart?.items.find((i) => i.productId === productId)?.quantity ?? 0,
      addItem: (productId, quantity) => run({ type: 'add', productId, quantity }),
      updateItem: (itemId, quantity) => run({ type: 'update', itemId, quantity }),
      removeItem: (itemId) => run({ type: 'remove', itemId }),
      clearCart: () => run({ type: 'clear' }),
      resetCart: () => queryClient.setQueryData(key, EMPTY_CART),
      mergeReport: merge.mergeReport,
      clearMergeReport: merge.clearMergeReport,
    }),
    [cart, query.isLoading, query.isError, pendingActions, actionError, mergeError, run, t, queryClient, key, merge.mergeReport, merge.clearMergeReport],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

const ACTION_ERRORS: Record<CartAction['type'], string> = {
  add: 'cart.errors.add',
  update: 'cart.errors.update',
  remove: 'cart.errors.remove',
  clear: 'cart.errors.clear',
};

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
