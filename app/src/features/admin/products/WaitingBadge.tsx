import { Badge } from '@radix-ui/themes';
import { BellIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';

/** How many shoppers wait for a back-in-stock e-mail of a product (nothing when none). */
export function WaitingBadge({ count }: { count?: number }) {
  const { t } = useTranslation('admin');
  if (!count) return null;
  const label = t('ordersAdmin.waitingFor', { count });
  return (
    <Badge color="indigo" variant="outline" ml="1" title={label} aria-label={label} data-testid="waiting-alerts">
      <BellIcon aria-hidden="true" /> {count}
    </Badge>
  );
}
