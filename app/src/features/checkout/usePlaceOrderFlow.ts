import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import type { OrderDetail } from '../../api/types';
import { errorText } from '../../i18n/errors';
import { resolveLocalized } from '../../lib/localized';
import { shortLines, usePlaceOrder, type PlaceOrderInput } from './api';
import type { PlaceProblem, ReviewSnapshot } from './PlaceOrderNotice';
import { trimAll } from './validation';

interface Options {
  onPlaced: (order: OrderDetail) => void;
  onFieldErrors: (errors: Record<string, string>) => void;
}

/**
 * Place order with the total the shopper saw, and turn each refusal into something the shopper
 * can act on. `placed` is the order once the server took it (the cache effects are usePlaceOrder's).
 */
export function usePlaceOrderFlow({ onPlaced, onFieldErrors }: Options) {
  const { t, i18n } = useTranslation('checkout');
  const mutation = usePlaceOrder();
  const [problem, setProblem] = useState<PlaceProblem | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  function handleError(err: unknown, before: ReviewSnapshot) {
    if (isApiError(err) && err.code === 'total_changed') {
      setProblem({ kind: 'totalChanged', before, newTotal: Number(err.data.total) });
      return;
    }
    const lineIds = shortLines(err);
    if (isApiError(err) && lineIds.length > 0) {
      const available = { ...(err.data.available as Record<string, number> | undefined) };
      for (const k of lineIds) available[k.slice(6)] ??= 0;
      const names = Object.fromEntries(before.items.map((i) => [i.productId, resolveLocalized(i.productName, i18n.language)]));
      setProblem({ kind: 'stock', available, names, before });
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
        },
        onError: (err) => handleError(err, before),
      },
    );
  }

  const placed = mutation.isSuccess ? mutation.data : null;
  return { place, placing: mutation.isPending, placed, problem, serverErrors };
}
