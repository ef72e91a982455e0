import { Badge, VisuallyHidden } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminOrdersQuery, contactStatsQuery } from './api';

/** New orders (status Created) and new contact requests, beside their links in the admin navigation. */
export function NavCount({ view }: { view: string }) {
  const { t } = useTranslation('admin');
  const orders = useQuery({ ...adminOrdersQuery(), enabled: view === 'orders' });
  const stats = useQuery({ ...contactStatsQuery(), enabled: view === 'contact' });
  const count =
    view === 'orders'
      ? orders.data?.filter((o) => o.status === 'Created').length
      : view === 'contact'
        ? stats.data?.newRequests
        : undefined;
  if (!count) return null;
  return (
    <Badge color="indigo" variant="solid" radius="full" ml="2" data-testid={`nav-count-${view}`}>
      <span aria-hidden="true">{count}</span>
      <VisuallyHidden>{t('live.newCount', { count })}</VisuallyHidden>
    </Badge>
  );
}
