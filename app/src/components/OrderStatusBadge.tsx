import { Badge } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

type BadgeColor = 'gray' | 'indigo' | 'cyan' | 'amber' | 'green' | 'red';

/** Created default, Processing primary, Processed info, Shipped warning, Delivered success, Cancelled error. */
const ORDER_STATUS_COLORS: Record<string, BadgeColor> = {
  Created: 'gray',
  Processing: 'indigo',
  Processed: 'cyan',
  Shipped: 'amber',
  Delivered: 'green',
  Cancelled: 'red',
};

/** Order status chip; an unknown status shows its raw value. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('common');
  const known = status in ORDER_STATUS_COLORS;
  return (
    <Badge color={known ? ORDER_STATUS_COLORS[status] : 'gray'} variant="soft" radius="full" size="2">
      {known ? t(`orderStatus.${status}`, status) : status}
    </Badge>
  );
}
