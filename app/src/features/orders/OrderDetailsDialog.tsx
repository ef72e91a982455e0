import { Box, Callout, DataList, Dialog, Flex, Heading, Separator, Spinner } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import { OrderTimeline } from '../../components/OrderTimeline';
import { OrderTotals } from '../../components/OrderTotals';
import { orderDetailQuery } from '../../api/orders';
import { CancelOrderButton } from './CancelOrderButton';
import { PaymentInfo } from './PaymentInfo';
import { OrderReturns } from './OrderReturns';
import { OrderItemsTable } from '../../components/OrderItemsTable';
import { DialogFooter } from '../../components/DialogFooter';
import { CreditNotes } from '../../components/CreditNotes';
import { InvoiceLink } from '../../components/InvoiceLink';
import { countryName } from '../../lib/countries';
import { FromQuote } from '../../components/FromQuote';

const SHIPPING_FIELDS = ['name', 'email', 'address', 'city', 'state', 'zipCode', 'country', 'phone'] as const;

export function OrderDetailsDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { data: order, isLoading, isError } = useQuery({ ...orderDetailQuery(orderId ?? ''), enabled: !!orderId });
  const lang = i18n.language;

  return (
    <Dialog.Root open={!!orderId} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="720px" aria-describedby={undefined}>
        <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
          <Dialog.Title mb="0">{t('orders.details.title', { number: order?.orderNumber ?? '' })}</Dialog.Title>
          {order && <OrderStatusBadge status={order.status} />}
        </Flex>
        {isLoading && (
          <Flex justify="center" py="6">
            <Spinner size="3" />
          </Flex>
        )}
        {isError && (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{t('orders.errors.detailFailed')}</Callout.Text>
          </Callout.Root>
        )}
        {order && (
          <Flex direction="column" gap="4">
            <FromQuote number={order.quoteNumber} />
            <Box>
              <Heading as="h3" size="3" mb="2">
                {t('orders.details.shipping')}
              </Heading>
              <DataList.Root size="2">
                {SHIPPING_FIELDS.map((f) => (
                  <DataList.Item key={f}>
                    <DataList.Label minWidth="120px">{t(`orders.details.fields.${f}`)}</DataList.Label>
                    <DataList.Value>
                      {f === 'name'
                        ? `${order.shipping?.firstName ?? ''} ${order.shipping?.lastName ?? ''}`.trim()
                        : f === 'country' && order.shipping?.country
                          ? countryName(order.shipping.country, lang)
                          : (order.shipping?.[f] ?? '')}
                    </DataList.Value>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Box>
            <Separator size="4" />
            <Box>
              <Heading as="h3" size="3" mb="2">
                {t('orders.details.items')}
              </Heading>
              <OrderItemsTable
                items={order.items}
                lang={lang}
                labels={{
                  product: t('orders.details.product'),
                  quantity: t('orders.details.quantity'),
                  unitPrice: t('orders.details.unitPrice'),
                  lineTotal: t('orders.details.lineTotal'),
                  sku: t('variants.sku'),
                }}
              />
              <OrderTotals order={order} totalLabel={t('orders.details.total')} />
              <Flex justify="end" mt="2">
                <InvoiceLink orderId={order.id} invoiceNumber={order.invoiceNumber} />
              </Flex>
              <CreditNotes notes={order.creditNotes} />
            </Box>
            <Separator size="4" />
            <Box>
              <Heading as="h3" size="3" mb="2">
                {t('orders.details.payment')}
              </Heading>
              <PaymentInfo order={order} />
            </Box>
            <Separator size="4" />
            <Box>
              <Heading as="h3" size="3" mb="2">
                {t('orders.details.timeline')}
              </Heading>
              <OrderTimeline order={order} />
              <CancelOrderButton order={order} />
            </Box>
            <OrderReturns order={order} />
          </Flex>
        )}
        <DialogFooter closeLabel={t('common:close')} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
