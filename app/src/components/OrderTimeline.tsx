import { Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../api/types';
import { formatDate } from '../lib/format';

/** Every status an order went through, with its time (orders before the history have only "placed"). */
export function OrderTimeline({ order }: { order: Pick<OrderDetail, 'createdAt' | 'status' | 'history'> }) {
  const { t, i18n } = useTranslation('common');
  const history = order.history?.length ? order.history : [{ status: 'Created', at: order.createdAt }];
  return (
    <ol className="plain-list timeline" data-testid="order-timeline">
      {history.map((h, i) => (
        <li key={`${h.status}-${i}`}>
          <Text as="p" size="2" weight="medium">
            {h.status === 'Created' && i === 0 ? t('shipping.placed') : t(`orderStatus.${h.status}`, h.status)}
          </Text>
          <Text as="p" size="1" color="gray">
            <time dateTime={h.at}>{formatDate(h.at, i18n.language, true)}</time>
          </Text>
        </li>
      ))}
    </ol>
  );
}
