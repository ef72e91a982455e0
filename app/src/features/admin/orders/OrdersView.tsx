import { useState } from 'react';
import { Box, Button, Flex, Heading, Link, Spinner, Table, Text } from '@radix-ui/themes';
import { EyeOpenIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FitTable } from '../../../components/FitTable';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge';
import { formatDate, usePrice } from '../../../lib/format';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrdersFilters } from './OrdersFilters';
import { adminOrderPageQuery, NO_ORDER_FILTERS, ORDERS_PAGE_SIZE } from './ordersApi';
import { OrderStatusSelect } from './OrderStatusSelect';
import { useStatusChange } from './useStatusChange';
import { EmailText } from '../../../components/EmailText';
import { FromQuote } from '../../../components/FromQuote';

/** Orders, newest first, filtered and paged; the status select saves at once (Shipped asks for a tracking number). Each number opens the order's page. Polls for new orders. */
export function OrdersView() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const [filters, setFilters] = useState(NO_ORDER_FILTERS);
  const orders = useQuery(adminOrderPageQuery(filters));
  const [detailId, setDetailId] = useState<string | null>(null);
  const status = useStatusChange();
  const list = orders.data?.orders ?? [];

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
                      {/* The order's own page (issue 44); the Details button keeps the quick look. */}
                      <Link asChild weight="medium" style={{ whiteSpace: 'nowrap' }}>
                        <RouterLink to={`/admin/orders/${encodeURIComponent(o.id)}`}>{o.orderNumber}</RouterLink>
                      </Link>
                      <FromQuote number={o.quoteNumber} size="1" />
                    </Table.RowHeaderCell>
                    <Table.Cell>{o.customerName}</Table.Cell>
                    <Table.Cell className="fit-break">
                      <EmailText email={o.customerEmail} />
                    </Table.Cell>
                    <Table.Cell justify="end">{price(o.totalAmount)}</Table.Cell>
                    <Table.Cell justify="center">{o.itemCount}</Table.Cell>
                    <Table.Cell>
                      <OrderStatusSelect order={o} pending={status.pendingId === o.id} onSelect={(next) => status.select(o, next)} />
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
      {status.dialogs}
    </Box>
  );
}
