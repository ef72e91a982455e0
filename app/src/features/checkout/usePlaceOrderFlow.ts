import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import type { OrderDetail } from '../../api/types';
import { errorText } from '../../i18n/errors';
import { resolveLocalized } from '../../lib/localized';
import { useCart } from '../cart/CartContext';
import { orderKeys } from '../orders/api';
import { shippingKeys, usePlaceOrder, type PlaceOrderInput } from './api';
import type { PlaceProblem, ReviewSnapshot } from './PlaceOrderNotice';
import { trimAll } from './validation';
import { cartKeys } from '../cart/api';
import { catalogKeys } from '../catalog/api';

interface Options {
  onPlaced: (order: OrderDetail) => void;
  onFieldErrors: (errors: Record<string, string>) => void;
}

/** Place order with the total the shopper saw, and turn each refusal into something the shopper can act on. */
export function usePlaceOrderFlow({ onPlaced, onFieldErrors }: Options) {
  const { t, i18n } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const { resetCart } = useCart();
  const mutation = usePlaceOrder();
  const [problem, setProblem] = useState<PlaceProblem | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  // Prices, stock or shipping changed on the server: show the shopper today's figures.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: shippingKeys.all });
  };

  function handleError(err: unknown, before: ReviewSnapshot) {
    if (isApiError(err) && err.code === 'total_changed') {
      setProblem({ kind: 'totalChanged', before, newTotal: Number(err.data.total) });
      refresh();
      return;
    }
    const lineIds = Object.keys(err && isApiError(err) ? (err.errors ?? {}) : {}).filter((k) => k.startsWith('items.'));
    if (isApiError(err) && err.status === 409 && lineIds.length > 0) {
      const available = { ...(err.data.available as Record<string, number> | undefined) };
      for (const k of lineIds) available[k.slice(6)] ??= 0;
      const names = Object.fromEntries(before.items.map((i) => [i.productId, resolveLocalized(i.productName, i18n.language)]));
      setProblem({ kind: 'stock', available, names });
      refresh();
      return;
    }
    setProblem({ kind: 'other', message: errorText(t, err, 'checkout:errors.placeFailed') });
    if (isApiError(err) && err.errors) {
      setServerErrors(err.errors);
      onFieldErrors(err.errors);
    }
  }

  function place(input: PlaceOrderInput, before: ReviewSnapshot) {
    setServerErrors({});
    mutation.mutate(
      { ...input, shippingInfo: trimAll(input.shippingInfo), billingInfo: trimAll(input.billingInfo) },
      {
        onSuccess: (created) => {
          setProblem(null);
          onPlaced(created);
          resetCart();
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
          void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
        },
        onError: (err) => handleError(err, before),
      },
    );
  }

  return { place, placing: mutation.isPending, problem, serverErrors };
}
