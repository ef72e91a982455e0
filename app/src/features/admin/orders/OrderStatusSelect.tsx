import { Flex, Select, Spinner } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderSummary } from '../../../api/types';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';

/** The order's status as a select that changes it (through useStatusChange's select). */
export function OrderStatusSelect({ order, pending, onSelect }: { order: OrderSummary; pending: boolean; onSelect: (status: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <Flex align="center" gap="2">
      <Select.Root value={order.status} disabled={pending} onValueChange={onSelect}>
        <Select.Trigger variant="ghost" aria-label={t('orders.statusFor', { number: order.orderNumber })}>
          <OrderStatusBadge status={order.status} />
        </Select.Trigger>
        <Select.Content position="popper">
          {ORDER_STATUSES.map((s) => (
            <Select.Item key={s} value={s}>
              {t(`common:orderStatus.${s}`, s)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {pending && <Spinner size="1" />}
    </Flex>
  );
}
