import { useEffect, useState } from 'react';
import { Button, Card, Container, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { OrderDetail } from '../../api/types';
import { usePrice } from '../../lib/format';
import { orderDetailQuery } from '../../api/orders';
import { PaymentInfo } from '../orders/PaymentInfo';

/** Poll every 2 s for 2 minutes while the card payment is not settled; the webhook decides, not this URL. */
const POLL_MS = 2000;
export const POLL_FOR_MS = 120_000;
/** After that, slower: the reconciliation asks Stripe about a page whose webhook got lost (10 minutes on). */
const SLOW_POLL_MS = 15_000;

const waiting = (o: OrderDetail | undefined) => !o || (o.payment?.method === 'card' && o.payment.status === 'pending');
const PAID = ['paid', 'partially_refunded', 'refunded'];

/** What the page says: the server's state, read with what the shopper did on the payment page. */
type ReturnState = 'notFound' | 'paid' | 'expired' | 'left' | 'confirming' | 'stillConfirming' | 'unpaid';

function returnState(order: OrderDetail | undefined, isError: boolean, left: boolean, late: boolean): ReturnState {
  if (isError) return 'notFound';
  const status = order?.payment?.status ?? '';
  if (PAID.includes(status)) return 'paid';
  if (status === 'expired') return 'expired';
  if (left) return 'left';
  if (waiting(order)) return late ? 'stillConfirming' : 'confirming';
  return 'unpaid';
}

/**
 * Where the payment page sends the shopper back. The URL proves nothing: the page asks the
 * server for the order until it is paid (or expired), and says "Paid" only when the server does.
 * After `result=success` it never offers to pay again while the bank's confirmation may still
 * come (a second payment); after `result=cancel` it says nothing was charged and offers Pay now.
 */
export default function PaymentReturnPage() {
  const { t } = useTranslation('checkout');
  const price = usePrice();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const left = search.get('result') === 'cancel';
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLate(true), POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const { data: order, isError } = useQuery({
    ...orderDetailQuery(id),
    staleTime: 0,
    refetchInterval: (q) => (waiting(q.state.data) && !left ? (late ? SLOW_POLL_MS : POLL_MS) : false),
  });
  const state = returnState(order, isError, left, late);
  const text =
    state === 'paid'
      ? t('payment.paidText', { number: order?.orderNumber, amount: price(order?.payment?.amountPaid ?? 0) })
      : state === 'expired'
        ? t('payment.expiredText', { number: order?.orderNumber })
        : state === 'stillConfirming'
          ? t('payment.stillConfirmingText', { number: order?.orderNumber })
          : state === 'confirming'
            ? t('payment.confirmingText', { number: order?.orderNumber, amount: price(order?.totalAmount ?? 0) })
            : t('payment.orderText', { number: order?.orderNumber, amount: price(order?.totalAmount ?? 0) });
  return (
    <Container size="2" px={{ initial: '3', sm: '5' }} py="6">
      <Card size="3">
        <Flex direction="column" align="center" gap="4" py="4" data-state={state} data-testid="payment-return">
          {state === 'paid' && <CheckCircledIcon width={48} height={48} color="var(--green-11)" aria-hidden="true" />}
          {(state === 'confirming' || (!order && !isError)) && <Spinner size="3" />}
          <Heading as="h1" size="6" align="center" data-testid="payment-return-title">
            {t(`payment.titles.${state}`)}
          </Heading>
          {order && (
            <>
              <Text align="center" aria-live="polite" data-testid="payment-return-text">
                {text}
              </Text>
              <PaymentInfo order={order} card={state === 'left' || state === 'unpaid' ? 'pay' : 'none'} />
            </>
          )}
          <Button asChild variant="soft">
            <Link to="/account/orders">{t('confirmation.viewOrders')}</Link>
          </Button>
        </Flex>
      </Card>
    </Container>
  );
}
