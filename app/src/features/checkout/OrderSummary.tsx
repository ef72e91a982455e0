import { Box, Card, Flex, Heading, Separator, Text } from '@radix-ui/themes';
import { ChevronDownIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { CartItem, Discount } from '../../api/types';
import { ProductImage } from '../../components/ProductImage';
import { usePrice } from '../../lib/format';
import { taxRows, type TaxFigures } from '../../lib/tax';
import { useWide } from './useWide';
import { lineName } from '../../lib/variants';
import { discountRows } from '../../lib/discounts';
import { PromoCodeField } from '../cart/PromoCodeField';

interface Props {
  items: CartItem[];
  subtotal: number;
  /** The server's discounts for these lines (and the chosen method). */
  discounts: Discount[];
  /** null until a method is chosen. */
  shipping: number | null;
  methodName: string;
  /** The server's tax for the address and method; null until both are known. */
  tax: TaxFigures | null;
  /** null while the server's total for the chosen method is on its way. */
  total: number | null;
  freeShippingNote?: string;
  /** The shipping is freight quoted separately (no amount yet). */
  freight?: boolean;
}

function Lines({ items, subtotal, discounts, shipping, methodName, tax, total, freeShippingNote, freight }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const price = usePrice();
  const offs = discountRows(discounts, i18n.language, price, t('common:shipping.free'));
  const rows = tax ? taxRows(tax, t, price) : { before: [{ key: 'tax', label: t('common:tax.tax'), value: '—' }], after: [] };
  return (
    <Flex direction="column" gap="3">
      {/* minmax(0, 1fr): an auto column grew to a line's one-line width and pushed its price past the card's edge. */}
      <ul className="plain-list" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Flex gap="3" align="center">
              <ProductImage fileName={item.imageFileName} thumb="120x120" alt="" width={40} height={40} className="thumb" />
              <Box flexGrow="1" minWidth="0">
                {/* Wraps, as in the cart: a cut name hid which variant it was. */}
                <Text as="p" size="2" weight="medium" style={{ overflowWrap: 'anywhere' }} data-testid="summary-line-name">
                  {lineName(item.productName, item.variantLabelLocalized, i18n.language)}
                </Text>
                <Text as="p" size="1" color="gray">
                  {price(item.unitPrice)} × {item.quantity}
                </Text>
                {item.hire && (
                  <Text as="p" size="1" color="gray" data-testid="summary-hire-dates">
                    {t('common:cart.hireDates', { start: item.hire.start, end: item.hire.end, count: item.hire.days })}
                    {item.deposit ? ` · ${t('common:cart.hireDeposit', { price: price(item.deposit) })}` : ''}
                  </Text>
                )}
                {item.discountAmount > 0 && (
                  <Text as="p" size="1" color="green" data-testid="summary-line-discount">
                    {t('common:promo.lineDiscount', { price: price(item.discountAmount) })}
                  </Text>
                )}
              </Box>
              {/* The price is never squeezed: the name gives way (it showed "$9" for $99.00 at 1280 px). */}
              <Text size="2" className="line-price" data-testid="summary-line-price">
                {price(item.totalPrice)}
              </Text>
            </Flex>
          </li>
        ))}
      </ul>
      <Separator size="4" />
      <Flex justify="between">
        <Text color="gray">{t('common:shipping.subtotal')}</Text>
        <Text data-testid="summary-subtotal">{price(subtotal)}</Text>
      </Flex>
      {offs.map((r) => (
        <Flex justify="between" gap="2" key={r.key} data-testid="summary-discount">
          <Text color="green">{r.label}</Text>
          <Text color="green" style={{ whiteSpace: 'nowrap' }}>
            {r.value}
          </Text>
        </Flex>
      ))}
      <Flex justify="between" gap="2">
        <Text color="gray">{methodName ? `${t('common:shipping.shipping')} (${methodName})` : t('common:shipping.shipping')}</Text>
        <Text data-testid="summary-shipping">
          {shipping === null ? '—' : freight ? t('common:shipping.quoted') : shipping === 0 ? t('common:shipping.free') : price(shipping)}
        </Text>
      </Flex>
      {rows.before.map((r) => (
        <Flex justify="between" gap="2" key={r.key} data-testid="summary-tax">
          <Text color="gray">{r.label}</Text>
          <Text>{r.value}</Text>
        </Flex>
      ))}
      <Separator size="4" />
      <Flex justify="between">
        <Text weight="bold">{t('total')}</Text>
        <Text weight="bold" data-testid="summary-total">
          {total === null ? '—' : price(total)}
        </Text>
      </Flex>
      {rows.after.map((r) => (
        <Text size="2" color="gray" align="right" key={r.key} data-testid="summary-tax">
          {r.label}
        </Text>
      ))}
      {freeShippingNote && (
        <Text size="1" color="gray">
          {freeShippingNote}
        </Text>
      )}
    </Flex>
  );
}

/**
 * Items, subtotal, discounts, shipping and total with the discount code field: beside the form on
 * desktop, a collapsible panel (the field below it) above the form on phones.
 */
export function OrderSummary(props: Props) {
  const { t } = useTranslation('checkout');
  const price = usePrice();
  const wide = useWide();
  if (wide) {
    return (
      <Card size="2" asChild>
        <aside aria-labelledby="order-summary-title" data-testid="order-summary" style={{ position: 'sticky', top: 80 }}>
          <Heading as="h2" size="4" mb="3" id="order-summary-title">
            {t('summary.title')}
          </Heading>
          <Lines {...props} />
          <Separator size="4" my="3" />
          <PromoCodeField />
        </aside>
      </Card>
    );
  }
  // On a phone the code field stays out of the folded summary, where it would be missed.
  return (
    <>
      <Card size="1" asChild>
        <details data-testid="order-summary" className="checkout-summary">
          <summary>
            <Flex justify="between" align="center" gap="2">
              <Flex align="center" gap="1">
                <ChevronDownIcon className="summary-chevron" aria-hidden="true" />
                <Text weight="bold">{t('summary.title')}</Text>
              </Flex>
              <Text weight="bold">{props.total === null ? '—' : price(props.total)}</Text>
            </Flex>
          </summary>
          <Box pt="3">
            <Lines {...props} />
          </Box>
        </details>
      </Card>
      <Card size="1">
        <PromoCodeField />
      </Card>
    </>
  );
}
