import { useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '../../api/types';
import type { PaymentChoice } from './BillingStep';
import type { CheckoutDraft } from './draft';
import { paymentMethodsQuery } from '../../api/orders';

/**
 * The Billing step's payment method: the draft's choice while the server
 * still enables it for this shopper, else the first enabled one.
 */
export function usePaymentChoice(
  userId: string,
  draft: CheckoutDraft,
  update: (patch: Partial<CheckoutDraft>) => void,
  serverErrors: Record<string, string>,
): PaymentChoice {
  const { data } = useQuery(paymentMethodsQuery(userId));
  const enabled = (data?.methods ?? []).filter((m) => m.enabled).map((m) => m.code);
  const method: PaymentMethod =
    draft.paymentMethod && enabled.includes(draft.paymentMethod) ? draft.paymentMethod : (enabled[0] ?? 'bank_transfer');
  return {
    methods: data,
    method,
    onMethod: (paymentMethod) => update({ paymentMethod }),
    poNumber: draft.poNumber ?? '',
    onPONumber: (poNumber) => update({ poNumber }),
    serverErrors,
  };
}
