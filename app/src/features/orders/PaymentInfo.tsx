import { Box, Button, Callout, DataList, Text } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../api/types';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge';
import { formatDate, usePrice } from '../../lib/format';
import { goToPaymentPage, paymentMethodsQuery, usePayAgain } from '../../api/orders';

/**
 * What an unpaid card order offers: Pay now with a plain prompt, Pay now saying the shop failed
 * to open the page (only where it did), or nothing while the bank's confirmation may still come.
 */
export type CardPrompt = 'pay' | 'openFailed' | 'none';

/** How the order is paid: its state, and what the shopper does next (transfer, invoice date, card page). */
export function PaymentInfo({ order, card = 'pay' }: { order: OrderDetail; card?: CardPrompt }) {
  const { t, i18n } = useTranslation('common');
  const price = usePrice();
  const pay = usePayAgain();
  const p = order.payment;
  const due = p?.outstanding ?? 0;
  const transfer = !!p && p.method !== 'card' && due > 0 && order.status !== 'Cancelled';
  const { data: methods } = useQuery({ ...paymentMethodsQuery(''), enabled: transfer });
  const bankDetails = methods?.bankDetails;
  if (!p) return null;
  return (
    <Box width="100%" maxWidth="520px" data-testid="payment-info">
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>{t('payment.title')}</DataList.Label>
          <DataList.Value>{t(`payment.methods.${p.method}`)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('payment.state')}</DataList.Label>
          <DataList.Value>
            <PaymentStatusBadge payment={p} />
          </DataList.Value>
        </DataList.Item>
        {transfer && (
          <DataList.Item>
            <DataList.Label>{t('payment.reference')}</DataList.Label>
            <DataList.Value>
              <Text weight="bold" data-testid="payment-reference">
                {p.reference}
              </Text>
            </DataList.Value>
          </DataList.Item>
        )}
        {p.poNumber && (
          <DataList.Item>
            <DataList.Label>{t('payment.poNumber')}</DataList.Label>
            <DataList.Value>{p.poNumber}</DataList.Value>
          </DataList.Item>
        )}
        {p.dueDate && (
          <DataList.Item>
            <DataList.Label>{t('payment.dueDate')}</DataList.Label>
            <DataList.Value>{formatDate(p.dueDate, i18n.language)}</DataList.Value>
          </DataList.Item>
        )}
      </DataList.Root>
      {transfer && (
        <Callout.Root mt="3" color="blue">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            {t('payment.transferText', { amount: price(due), reference: p.reference })}
            {bankDetails && (
              <Text as="span" style={{ display: 'block', whiteSpace: 'pre-line', marginTop: 8 }} data-testid="bank-details">
                {bankDetails}
              </Text>
            )}
          </Callout.Text>
        </Callout.Root>
      )}
      {order.shippingQuote === 'pending' && order.status !== 'Cancelled' && (
        <Callout.Root mt="3" color="amber" data-testid="awaiting-quote">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{t('shipping.awaitingQuote')}</Callout.Text>
        </Callout.Root>
      )}
      {card !== 'none' && p.method === 'card' && p.status === 'pending' && order.status === 'Created' && order.shippingQuote !== 'pending' && (
        <Box mt="3">
          <Text as="p" size="2" color="gray" mb="2">
            {order.checkoutUrl ? t('payment.redirecting') : card === 'openFailed' ? t('payment.notOpened') : t('payment.payPrompt')}
          </Text>
          <Button loading={pay.isPending} onClick={() => pay.mutate(order.id, { onSuccess: (r) => goToPaymentPage(r.checkoutUrl) })}>
            {t('payment.payNow')}
          </Button>
          {pay.isError && (
            <Text as="p" color="red" size="2" mt="2" role="alert">
              {t('payment.payFailed')}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
