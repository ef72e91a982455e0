import { Flex, Link, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '../api/types';
import { usePrice } from '../lib/format';
import { resolveLocalized } from '../lib/localized';
import { taxRows, type TaxFigures } from '../lib/tax';
import { discountRows } from '../lib/discounts';

interface Props {
  /** The total's label where a screen has its own word for it ("Grand Total"). */
  totalLabel?: string;
  order: Pick<OrderSummary, 'subtotalAmount' | 'shippingMethod' | 'shippingMethodName' | 'shippingAmount' | 'totalAmount'> &
    Partial<Pick<OrderSummary, 'discounts'>> &
    TaxFigures & { trackingNumber?: string; trackingUrl?: string; shippingQuote?: 'pending' | 'quoted' };
}

/** An order's subtotal, discounts (as they were), shipping (with its method), tax (per rate), total and tracking number: the order's own figures. */
export function OrderTotals({ order, totalLabel }: Props) {
  const { t, i18n } = useTranslation('common');
  const price = usePrice();
  // The method's name when the order was placed (the owner may have renamed it since), else its code's.
  const code = order.shippingMethod ? t(`shipping.methods.${order.shippingMethod}`, order.shippingMethod) : '';
  const method = order.shippingMethod ? resolveLocalized(order.shippingMethodName ?? null, i18n.resolvedLanguage ?? i18n.language, code) : '';
  const tax = taxRows(order, t, price);
  const offs = discountRows(order.discounts, i18n.resolvedLanguage ?? i18n.language, price, t('shipping.free'));
  return (
    <Flex direction="column" align="end" gap="1" mt="2" data-testid="order-totals">
      <Flex gap="3">
        <Text color="gray">{t('shipping.subtotal')}</Text>
        <Text>{price(order.subtotalAmount)}</Text>
      </Flex>
      {offs.map((r) => (
        <Flex gap="3" key={r.key} data-testid="order-discount">
          <Text color="green">{r.label}</Text>
          <Text color="green">{r.value}</Text>
        </Flex>
      ))}
      <Flex gap="3">
        <Text color="gray">{method ? `${t('shipping.shipping')} (${method})` : t('shipping.shipping')}</Text>
        <Text data-testid="order-shipping">
          {order.shippingQuote === 'pending' ? t('shipping.quoted') : order.shippingAmount === 0 && method ? t('shipping.free') : price(order.shippingAmount)}
        </Text>
      </Flex>
      {tax.before.map((r) => (
        <Flex gap="3" key={r.key} data-testid="order-tax">
          <Text color="gray">{r.label}</Text>
          <Text>{r.value}</Text>
        </Flex>
      ))}
      <Flex gap="3">
        <Text weight="bold">{totalLabel ?? t('shipping.total')}</Text>
        <Text weight="bold" data-testid="order-total">
          {price(order.totalAmount)}
        </Text>
      </Flex>
      {tax.after.map((r) => (
        <Text size="2" color="gray" key={r.key} data-testid="order-tax">
          {r.label}
        </Text>
      ))}
      {order.trackingNumber && (
        <Text size="2" color="gray">
          {t('shipping.trackingNumber')}: <Text weight="medium">{order.trackingNumber}</Text>
          {order.trackingUrl && (
            <>
              {' · '}
              <Link href={order.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
                {t('shipping.track')}
              </Link>
            </>
          )}
        </Text>
      )}
    </Flex>
  );
}
