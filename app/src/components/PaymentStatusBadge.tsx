import { Badge } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { Payment } from '../api/types';
import { usePrice } from '../lib/format';

type BadgeColor = 'gray' | 'amber' | 'green' | 'blue' | 'red' | 'orange';

const COLORS: Record<string, BadgeColor> = {
  pending: 'amber',
  awaiting_payment: 'amber',
  partially_paid: 'orange',
  paid: 'green',
  partially_refunded: 'blue',
  refunded: 'blue',
  expired: 'gray',
};

/** The words for a payment state: "Awaiting payment", "Paid", "Refunded $40.00". */
function usePaymentLabel() {
  const { t } = useTranslation('common');
  const price = usePrice();
  return (p: Payment) => {
    if (p.status === 'partially_refunded' || p.status === 'refunded') {
      return t('payment.status.refundedAmount', { amount: price(p.amountRefunded) });
    }
    if (p.status === 'partially_paid') {
      return t('payment.status.partially_paid', { amount: price(p.amountPaid) });
    }
    return t(`payment.status.${p.status}`, p.status);
  };
}

/** Payment state chip of an order; nothing for an order without one. */
export function PaymentStatusBadge({ payment }: { payment?: Payment | null }) {
  const label = usePaymentLabel();
  if (!payment?.status) return null;
  return (
    <Badge color={COLORS[payment.status] ?? 'gray'} variant="soft" radius="full" size="2" data-testid="payment-status">
      {label(payment)}
    </Badge>
  );
}
