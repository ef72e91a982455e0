import { Box, DataList, Flex, Grid, Heading, Separator, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { BillingInfo, OrderDetail, ShippingInfo } from '../../../api/types';
import { OrderTimeline } from '../../../components/OrderTimeline';
import { OrderTotals } from '../../../components/OrderTotals';
import { OrderItemsTable } from '../../../components/OrderItemsTable';
import { CreditNotes } from '../../../components/CreditNotes';
import { InvoiceLink } from '../../../components/InvoiceLink';
import { countryName } from '../../../lib/countries';
import { PaymentPanel } from './PaymentPanel';
import { RefundLinesButton } from '../returns/RefundLinesDialog';
import { FulfilmentPanel } from './FulfilmentPanel';
import { OrderNotes } from './OrderNotes';
import { FromQuote } from '../../../components/FromQuote';

const ADDRESS_FIELDS = ['address', 'city', 'state', 'zipCode', 'country'] as const;

function AddressList({ info, withContact }: { info: Partial<ShippingInfo> | BillingInfo | undefined; withContact: boolean }) {
  const { t, i18n } = useTranslation('admin');
  if (!info) return <Text color="gray">—</Text>;
  const fields: [string, string][] = [
    ['name', `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim()],
    ...(withContact ? ([['email', (info as ShippingInfo).email ?? '']] as [string, string][]) : []),
    ...ADDRESS_FIELDS.map((f): [string, string] => [f, f === 'country' && info.country ? countryName(info.country, i18n.language) : (info[f] ?? '')]),
    ...(withContact ? ([['phone', (info as ShippingInfo).phone ?? '']] as [string, string][]) : []),
    ...(!withContact && (info as BillingInfo).companyName ? ([['companyName', (info as BillingInfo).companyName ?? '']] as [string, string][]) : []),
    ...(!withContact && (info as BillingInfo).taxId ? ([['taxId', (info as BillingInfo).taxId ?? '']] as [string, string][]) : []),
  ];
  return (
    <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      {fields.map(([f, v]) => (
        <DataList.Item key={f}>
          <DataList.Label minWidth="100px">{t(`orders.fields.${f}`)}</DataList.Label>
          <DataList.Value>{v || '—'}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** An order as admins see it: customer, addresses, items and totals, payment, fulfilment, timeline and notes (the dialog and the order page). */
export function OrderDetailBody({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  return (
    <Flex direction="column" gap="4">
      <Text size="2" color="gray">
        {t('orders.customerLine', { name: order.customerName, email: order.customerEmail })}
      </Text>
      <FromQuote number={order.quoteNumber} />
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Box>
          <Heading as="h3" size="3" mb="2">
            {t('orders.shipping')}
          </Heading>
          <AddressList info={order.shipping} withContact />
        </Box>
        <Box>
          <Heading as="h3" size="3" mb="2">
            {t('orders.billing')}
          </Heading>
          <AddressList info={order.billing} withContact={false} />
        </Box>
      </Grid>
      <Separator size="4" />
      <Box>
        <Heading as="h3" size="3" mb="2">
          {t('orders.items')}
        </Heading>
        <OrderItemsTable
          items={order.items ?? []}
          lang={lang}
          productMinWidth="200px"
          labels={{ product: t('orders.product'), unitPrice: t('orders.unitPrice'), lineTotal: t('orders.lineTotal'), sku: t('variants.sku') }}
        />
        <OrderTotals order={order} totalLabel={t('orders.total')} />
        <Flex justify="end" mt="2">
          <InvoiceLink orderId={order.id} invoiceNumber={order.invoiceNumber} />
        </Flex>
        <CreditNotes notes={order.creditNotes} />
        <Flex justify="end" mt="2">
          <RefundLinesButton order={order} />
        </Flex>
      </Box>
      <Separator size="4" />
      <PaymentPanel order={order} />
      <Separator size="4" />
      <FulfilmentPanel key={`${order.id}-${order.carrier ?? ''}-${order.trackingNumber}`} order={order} />
      <Separator size="4" />
      <Box>
        <Heading as="h3" size="3" mb="2">
          {t('orders.timeline')}
        </Heading>
        <OrderTimeline order={order} />
      </Box>
      <Separator size="4" />
      <OrderNotes order={order} />
    </Flex>
  );
}
