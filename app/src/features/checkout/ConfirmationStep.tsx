import { Button, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '../../api/types';
import { usePrice } from '../../lib/format';
import { PaymentInfo } from '../orders/PaymentInfo';
import { discountRows } from '../../lib/discounts';

/** Step 4: the placed order's number, its discounts and total. */
export function ConfirmationStep({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('checkout');
  const price = usePrice();
  const offs = discountRows(order.discounts, i18n.language, price, t('common:shipping.free'));
  return (
    <Flex direction="column" align="center" gap="4" py="4">
      <CheckCircledIcon width={48} height={48} color="var(--green-11)" aria-hidden="true" />
      <Heading as="h2" size="6" align="center" tabIndex={-1} className="step-heading">
        {t('confirmation.title')}
      </Heading>
      <Text align="center">{t('confirmation.text')}</Text>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>{t('confirmation.orderNumber')}</DataList.Label>
          <DataList.Value>
            <Text weight="bold" data-testid="order-number">
              {order.orderNumber}
            </Text>
          </DataList.Value>
        </DataList.Item>
        {offs.map((r) => (
          <DataList.Item key={r.key} data-testid="confirmation-discount">
            <DataList.Label>{r.label}</DataList.Label>
            <DataList.Value>
              <Text color="green">{r.value}</Text>
            </DataList.Value>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.Label>{t('total')}</DataList.Label>
          <DataList.Value data-testid="confirmation-total">{price(order.totalAmount)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {/* Card orders come here only when the shop could not open the payment page (else it redirects). */}
      <PaymentInfo order={order} card="openFailed" />
      <Flex gap="3" wrap="wrap" justify="center">
        <Button asChild variant="soft">
          <Link to="/products">{t('confirmation.continueShopping')}</Link>
        </Button>
        <Button asChild>
          <Link to="/account/orders">{t('confirmation.viewOrders')}</Link>
        </Button>
      </Flex>
    </Flex>
  );
}
