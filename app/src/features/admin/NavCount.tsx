import { Badge, VisuallyHidden } from '@radix-ui/themes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestWithHeaders } from '../../api/client';
import type { OrderSummary } from '../../api/types';
import { pollUnlessLive } from '../../api/liveStatus';
import { contactStatsQuery } from './api';
import { adminKeys } from '../../api/queryKeys';

/** How many orders are still Created: one row asked for, the total read from X-Total-Count. */
const newOrdersQuery = () =>
  queryOptions({
    // Under adminKeys.orderList, so live events and the list's refreshes reach it.
    queryKey: adminKeys.newOrderCount,
    queryFn: async ({ signal }) => {
      const { data, headers } = await requestWithHeaders<OrderSummary[]>('/checkout/admin/orders', {
        signal,
        query: { status: 'Created', page: 1, pageSize: 1 },
      });
      const total = headers.get('X-Total-Count');
      return total !== null ? Number(total) : (data ?? []).filter((o) => o.status === 'Created').length;
    },
    refetchInterval: pollUnlessLive,
    refetchIntervalInBackground: false,
  });

/** New orders (status Created) and new contact requests, beside their links in the admin navigation. */
export function NavCount({ view }: { view: string }) {
  const { t } = useTranslation('admin');
  const orders = useQuery({ ...newOrdersQuery(), enabled: view === 'orders' });
  const stats = useQuery({ ...contactStatsQuery(), enabled: view === 'contact' });
  const count = view === 'orders' ? orders.data : view === 'contact' ? stats.data?.newRequests : undefined;
  if (!count) return null;
  return (
    <Badge color="indigo" variant="solid" radius="full" ml="2" data-testid={`nav-count-${view}`}>
      <span aria-hidden="true">{count}</span>
      <VisuallyHidden>{t('live.newCount', { count })}</VisuallyHidden>
    </Badge>
  );
}
