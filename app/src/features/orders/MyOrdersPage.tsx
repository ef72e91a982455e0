import { useState } from 'react';
import { Button, Callout, Card, Container, Flex, Heading, Spinner, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { FitTable } from '../../components/FitTable';
import { InvoiceLink } from '../../components/InvoiceLink';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge';
import { errorText } from '../../i18n/errors';
import { formatDate, usePrice } from '../../lib/format';
import { myOrdersQuery } from '../../api/orders';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { FromQuote } from '../../components/FromQuote';

export default function MyOrdersPage() {
  const { t, i18n } = useTranslation('account');
  const price = usePrice();
  const { data, isLoading, isFetching, error, refetch } = useQuery(myOrdersQuery());
  // ?order=<id> (an accepted quote's order) opens that order's details.
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(() => params.get('order'));
  const orders = data ?? [];

  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          {t('orders.title')}
        </Heading>
        <Button variant="soft" onClick={() => void refetch()} loading={isFetching && !isLoading}>
          <ReloadIcon /> {t('orders.refresh')}
        </Button>
      </Flex>
      {error && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{errorText(t, error, 'account:orders.errors.loadFailed')}</Callout.Text>
        </Callout.Root>
      )}
      {isLoading ? (
        <Flex justify="center" py="8" role="status" aria-label={t('common:loading')}>
          <Spinner size="3" />
        </Flex>
      ) : orders.length === 0 && !error ? (
        <Card size="4">
          <Flex direction="column" align="center" gap="3" py="5">
            <Heading as="h2" size="5">
              {t('orders.empty.title')}
            </Heading>
            <Text color="gray" align="center">
              {t('orders.empty.text')}
            </Text>
            <Button asChild>
              <Link to="/products">{t('orders.empty.shop')}</Link>
            </Button>
          </Flex>
        </Card>
      ) : (
        orders.length > 0 && (
          <FitTable>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('orders.columns.number')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.total')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.items')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.status')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.payment')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('orders.columns.date')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>{t('orders.columns.actions')}</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {orders.map((o) => (
                  <Table.Row key={o.id} align="center">
                    <Table.RowHeaderCell>
                      <Text weight="medium">{o.orderNumber}</Text>
                      <FromQuote number={o.quoteNumber} size="1" />
                    </Table.RowHeaderCell>
                    <Table.Cell>{price(o.totalAmount)}</Table.Cell>
                    <Table.Cell>{o.itemCount}</Table.Cell>
                    <Table.Cell>
                      <OrderStatusBadge status={o.status} />
                    </Table.Cell>
                    <Table.Cell>{o.status !== 'Cancelled' || o.payment?.status !== 'awaiting_payment' ? <PaymentStatusBadge payment={o.payment} /> : null}</Table.Cell>
                    <Table.Cell>
                      <time dateTime={o.createdAt}>{formatDate(o.createdAt, i18n.language)}</time>
                    </Table.Cell>
                    <Table.Cell>
                      <Flex gap="3" align="center" wrap="wrap">
                        <Button size="1" variant="soft" onClick={() => setSelected(o.id)} aria-label={t('orders.detailsFor', { number: o.orderNumber })}>
                          {t('orders.details.button')}
                        </Button>
                        <InvoiceLink orderId={o.id} invoiceNumber={o.invoiceNumber} size="1" />
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
          </FitTable>
        )
      )}
      <OrderDetailsDialog orderId={selected} onClose={() => setSelected(null)} />
    </Container>
  );
}
