import { useState } from 'react';
import { Badge, Box, Button, Callout, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../../api/types';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatDate, usePrice } from '../../../lib/format';
import { failureText } from '../messages';
import { MoneyDialog, type MoneyInput } from './MoneyDialog';
import { markRefundSent, recordPayment, refundOrder } from './ordersApi';
import { adminKeys } from '../../../api/queryKeys';
import { useAuth } from '../../../auth/AuthContext';

/** The order's payment: state, amounts, the timeline, refunds, and "Record payment" / "Refund" (for the roles that may). */
export function PaymentPanel({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const { can } = useAuth();
  const [dialog, setDialog] = useState<'payment' | 'refund' | null>(null);
  const p = order.payment;
  const saved = (detail: OrderDetail) => {
    queryClient.setQueryData(adminKeys.order(order.id), detail);
    void queryClient.invalidateQueries({ queryKey: adminKeys.orderList });
    setDialog(null);
    toast.success(t('payments.saved'), TOAST_LONG);
  };
  const money = useMutation({
    mutationFn: (v: MoneyInput) =>
      dialog === 'payment'
        ? recordPayment(order.id, { amount: v.amount, paidAt: v.date, note: v.note })
        : refundOrder(order.id, { amount: v.amount, reason: v.note }),
    onSuccess: saved,
  });
  const sent = useMutation({
    mutationFn: (refundId: string) => markRefundSent(order.id, refundId),
    onSuccess: saved,
    onError: (e) => toast.error(failureText(t, e, 'payments.failed'), TOAST_LONG),
  });
  if (!p) return null;
  // What is left to pay or to refund is the server's figure (payment.outstanding, payment.refundable).
  const { outstanding, refundable } = p;
  const toSend = (p.refunds ?? []).filter((r) => !r.surplus && r.provider === 'manual' && (r.status === 'requested' || r.status === 'pending'));
  const canRecord = can('orders.write') && p.method !== 'card' && outstanding > 0 && order.status !== 'Cancelled';
  const canRefund = can('refunds') && refundable > 0;
  return (
    <Box data-testid="admin-payment">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h3" size="3">
          {t('payments.title')}
        </Heading>
        <Flex gap="2">
          {canRecord && (
            <Button size="2" onClick={() => setDialog('payment')}>
              {t('payments.record')}
            </Button>
          )}
          {canRefund && (
            <Button size="2" color="red" variant="soft" onClick={() => setDialog('refund')}>
              {t('payments.refund')}
            </Button>
          )}
        </Flex>
      </Flex>
      {p.flag && (
        <Callout.Root color="red" mb="3" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{t(`payments.flags.${p.flag}`, p.flag)}</Callout.Text>
        </Callout.Root>
      )}
      <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }} mb="3">
        <DataList.Item>
          <DataList.Label minWidth="120px">{t('payments.method')}</DataList.Label>
          <DataList.Value>{t(`common:payment.methods.${p.method}`)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="120px">{t('payments.state')}</DataList.Label>
          <DataList.Value>
            <PaymentStatusBadge payment={p} />
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="120px">{t('payments.amounts')}</DataList.Label>
          <DataList.Value>
            {t('payments.amountsText', { due: price(p.amountDue), paid: price(p.amountPaid), refunded: price(p.amountRefunded) })}
          </DataList.Value>
        </DataList.Item>
        {p.poNumber && (
          <DataList.Item>
            <DataList.Label minWidth="120px">{t('payments.po')}</DataList.Label>
            <DataList.Value>{p.poNumber}</DataList.Value>
          </DataList.Item>
        )}
        {p.dueDate && (
          <DataList.Item>
            <DataList.Label minWidth="120px">{t('payments.dueDate')}</DataList.Label>
            <DataList.Value>{formatDate(p.dueDate, i18n.language)}</DataList.Value>
          </DataList.Item>
        )}
      </DataList.Root>
      {can('refunds') && toSend.map((r) => (
        <Flex key={r.id} gap="3" align="center" mb="2" wrap="wrap">
          <Text size="2">{t('payments.toSend', { amount: price(r.amount) })}</Text>
          <Button size="1" loading={sent.isPending} onClick={() => sent.mutate(r.id)}>
            {t('payments.markSent')}
          </Button>
        </Flex>
      ))}
      <PaymentTimeline order={order} />
      <MoneyDialog
        open={dialog !== null}
        kind={dialog ?? 'payment'}
        max={dialog === 'refund' ? refundable : outstanding}
        busy={money.isPending}
        error={money.error}
        onSubmit={(v) => money.mutate(v)}
        onClose={() => {
          money.reset();
          setDialog(null);
        }}
      />
    </Box>
  );
}

/** Every payment event of the order, oldest first (a list: it wraps on a phone). */
function PaymentTimeline({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const events = order.payment?.events ?? [];
  if (events.length === 0) return <Text size="2" color="gray">{t('payments.noEvents')}</Text>;
  return (
    <ol className="plain-list" data-testid="payment-timeline" aria-label={t('payments.timeline')}>
      {events.map((e, i) => (
        <li key={i} style={{ borderTop: i ? '1px solid var(--gray-a5)' : undefined, padding: '6px 0' }}>
          <Flex justify="between" gap="3" wrap="wrap" align="center">
            <Flex gap="2" align="center" wrap="wrap">
              <Text size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(e.at, i18n.language, true)}
              </Text>
              <Badge variant="soft" color="gray">
                {t(`payments.events.${e.type}`, e.type)}
              </Badge>
            </Flex>
            <Text size="2" weight="medium">
              {price(e.amount)}
            </Text>
          </Flex>
          {(e.by || e.note) && (
            <Text as="div" size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
              {[e.by, e.note].filter(Boolean).join(' · ')}
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}
