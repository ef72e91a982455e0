import { useState } from 'react';
import { Box, Button, Flex, Heading, Select, Spinner, Table, Text } from '@radix-ui/themes';
import { EyeOpenIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderDetail, type OrderSummary } from '../../../api/types';
import { FitTable } from '../../../components/FitTable';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatDate, usePrice } from '../../../lib/format';
import { CancelOrderDialog } from './CancelOrderDialog';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { failureText } from '../messages';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrdersFilters } from './OrdersFilters';
import { adminOrderPageQuery, NO_ORDER_FILTERS, ORDERS_PAGE_SIZE, setOrderStatus, type OrderPage } from './ordersApi';
import { TrackingDialog } from './TrackingDialog';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { usualNext } from './statusPath';
import { EmailText } from '../../../components/EmailText';
import { adminKeys } from '../../../api/queryKeys';

/** Orders, newest first, filtered and paged; the status select saves at once (Shipped asks for a tracking number). Polls for new orders. */
export function OrdersView() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(NO_ORDER_FILTERS);
  const orders = useQuery(adminOrderPageQuery(filters));
  const [detailId, setDetailId] = useState<string | null>(null);
  // Cancelling puts the items back in stock: it is confirmed first.
  const [toCancel, setToCancel] = useState<OrderSummary | null>(null);
  const [shipping, setShipping] = useState<OrderSummary | null>(null);
  // A jump off the usual path (Cancelled -> Shipped, Delivered -> Created) is confirmed first.
  const [jump, setJump] = useState<{ order: OrderSummary; status: string } | null>(null);

  const setStatus = useMutation({
    mutationFn: ({ order, status, trackingNumber, refund, carrier }: { order: OrderSummary; status: string; trackingNumber?: string; refund?: boolean; carrier?: string }) =>
      setOrderStatus(order.id, status, trackingNumber, refund, carrier),
    onSuccess: (detail: OrderDetail, { order, status }) => {
      const saved = detail?.status ?? status;
      queryClient.setQueriesData<OrderPage>({ queryKey: adminKeys.orderList }, (page) =>
        page?.orders ? { ...page, orders: page.orders.map((o) => (o.id === order.id ? { ...o, status: saved, payment: detail?.payment ?? o.payment } : o)) } : page,
      );
      if (detail?.id) queryClient.setQueryData(adminKeys.order(order.id), detail);
      // Cancelling and un-cancelling move stock: the product lists must refetch.
      void queryClient.invalidateQueries({ queryKey: adminKeys.products });
      toast.success(t('orders.statusUpdated'), TOAST_LONG);
    },
    onError: (error) => toast.error(failureText(t, error, 'orders.statusUpdateError'), TOAST_LONG),
  });

  const list = orders.data?.orders ?? [];
  const change = (o: OrderSummary, status: string) => {
    if (status === 'Cancelled') setToCancel(o);
    else if (status === 'Shipped') setShipping(o);
    else setStatus.mutate({ order: o, status });
  };
  const pendingId = setStatus.isPending ? setStatus.variables?.order.id : undefined;

  return (
    <Box>
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6">
          {t('orders.title')}
        </Heading>
        <Button variant="soft" onClick={() => void orders.refetch()} loading={orders.isFetching && !orders.isPending}>
          <ReloadIcon /> {t('actions.refresh')}
        </Button>
      </Flex>

      <OrdersFilters value={filters} onChange={setFilters} />

      {orders.isError && <LoadError message={t('orders.loadError')} onRetry={() => void orders.refetch()} />}

      {orders.isPending ? (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      ) : list.length === 0 && !orders.isError ? (
        <Text as="p" color="gray" align="center" my="8">
          {t('orders.empty')}
        </Text>
      ) : (
        list.length > 0 && (
          <FitTable cardsBelow={900}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('orders.columns.orderNumber')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.customer')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.email')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('orders.columns.total')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="center">{t('orders.columns.items')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.status')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('payments.column')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.date')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('orders.columns.actions')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((o) => (
                  <Table.Row key={o.id} align="center">
                    <Table.RowHeaderCell>
                      <Text weight="medium" style={{ whiteSpace: 'nowrap' }}>
                        {o.orderNumber}
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell>{o.customerName}</Table.Cell>
                    <Table.Cell className="fit-break">
                      <EmailText email={o.customerEmail} />
                    </Table.Cell>
                    <Table.Cell justify="end">{price(o.totalAmount)}</Table.Cell>
                    <Table.Cell justify="center">{o.itemCount}</Table.Cell>
                    <Table.Cell>
                      <Flex align="center" gap="2">
                        <Select.Root
                          value={o.status}
                          disabled={pendingId === o.id}
                          onValueChange={(status) => {
                            if (status === o.status) return;
                            // Cancelling has its own confirmation (it restocks).
                            if (status !== 'Cancelled' && !usualNext(o.status, status)) setJump({ order: o, status });
                            else change(o, status);
                          }}
                        >
                          <Select.Trigger
                            variant="ghost"
                            aria-label={t('orders.statusFor', { number: o.orderNumber })}
                          >
                            <OrderStatusBadge status={o.status} />
                          </Select.Trigger>
                          <Select.Content position="popper">
                            {ORDER_STATUSES.map((s) => (
                              <Select.Item key={s} value={s}>
                                {t(`common:orderStatus.${s}`, s)}
                              </Select.Item>
                            ))}
                          </Select.Content>
                        </Select.Root>
                        {pendingId === o.id && <Spinner size="1" />}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>
                      <PaymentStatusBadge payment={o.payment} />
                      {o.payment && (
                        <Text as="div" size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
                          {t(`common:payment.methods.${o.payment.method}`)}
                          {o.payment.dueDate ? ` · ${t('payments.dueShort', { date: formatDate(o.payment.dueDate, i18n.language) })}` : ''}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={o.createdAt} title={formatDate(o.createdAt, i18n.language, true)}>
                        {formatDate(o.createdAt, i18n.language)}
                      </time>
                    </Table.Cell>
                    <Table.Cell justify="end">
                      <Button size="1" variant="soft" onClick={() => setDetailId(o.id)} aria-label={t('orders.detailsFor', { number: o.orderNumber })}>
                        <EyeOpenIcon /> {t('orders.details')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
          </FitTable>
        )
      )}
      {list.length > 0 && (
        <Pager page={filters.page} pageSize={ORDERS_PAGE_SIZE} totalCount={orders.data?.total ?? 0} onPage={(page) => setFilters({ ...filters, page })} />
      )}

      <OrderDetailDialog orderId={detailId} onClose={() => setDetailId(null)} />
      <CancelOrderDialog
        order={toCancel}
        onConfirm={(refund) => {
          if (toCancel) setStatus.mutate({ order: toCancel, status: 'Cancelled', refund });
          setToCancel(null);
        }}
        onCancel={() => setToCancel(null)}
      />
      <TrackingDialog
        orderNumber={shipping?.orderNumber ?? null}
        onCancel={() => setShipping(null)}
        onSave={(trackingNumber, carrier) => {
          if (shipping) setStatus.mutate({ order: shipping, status: 'Shipped', trackingNumber, carrier: carrier || undefined });
          setShipping(null);
        }}
      />
      <ConfirmDialog
        open={!!jump}
        title={t('fulfilment.jumpTitle', { number: jump?.order.orderNumber ?? '' })}
        description={t('fulfilment.jumpText', {
          from: t(`common:orderStatus.${jump?.order.status ?? ''}`, jump?.order.status ?? ''),
          to: t(`common:orderStatus.${jump?.status ?? ''}`, jump?.status ?? ''),
        })}
        confirmLabel={t('fulfilment.jumpConfirm')}
        onConfirm={() => {
          if (jump) change(jump.order, jump.status);
          setJump(null);
        }}
        onCancel={() => setJump(null)}
      />
    </Box>
  );
}
