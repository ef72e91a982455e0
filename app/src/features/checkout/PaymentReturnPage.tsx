import { useState } from 'react';
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
const POLL_FOR_MS = 120_000;

const waiting = (o: OrderDetail | undefined) => !o || (o.payment?.method === 'card' && o.payment.status === 'pending');

/**
 * Where the payment page sends the shopper back. The URL proves nothing: the page asks the
 * server for the order until it is paid (or expired), and says "Paid" only when the server does.
 */
export default function PaymentReturnPage() {
  const { t } = useTranslation('checkout');
  const price = usePrice();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const cancelled = search.get('result') === 'cancel';
  const [start] = useState(() => Date.now());
  const { data: order, isError } = useQuery({
    ...orderDetailQuery(id),
    staleTime: 0,
    refetchInterval: (q) => (waiting(q.state.data) && !cancelled && Date.now() - start < POLL_FOR_MS ? POLL_MS : false),
  });
  const paid = order?.payment && ['paid', 'partially_refunded', 'refunded'].includes(order.payment.status);
  return (
    <Container size="2" px={{ initial: '3', sm: '5' }} py="6">
      <Card size="3">
        <Flex direction="column" align="center" gap="4" py="4">
          {paid ? (
            <CheckCircledIcon width={48} height={48} color="var(--green-11)" aria-hidden="true" />
          ) : (
            !isError && waiting(order) && !cancelled && <Spinner size="3" />
          )}
          <Heading as="h1" size="6" align="center" data-testid="payment-return-title">
            {isError ? t('payment.notFound') : paid ? t('payment.paidTitle') : cancelled ? t('payment.cancelledTitle') : t('payment.checking')}
          </Heading>
          {order && (
            <>
              <Text align="center" aria-live="polite">
                {paid
                  ? t('payment.paidText', { number: order.orderNumber, amount: price(order.payment?.amountPaid ?? 0) })
                  : t('payment.orderText', { number: order.orderNumber, amount: price(order.totalAmount) })}
              </Text>
              <PaymentInfo order={order} />
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
