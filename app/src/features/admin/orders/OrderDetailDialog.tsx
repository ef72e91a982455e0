import { Dialog, Flex, Link, Spinner } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { DialogFooter } from '../../../components/DialogFooter';
import { adminOrderQuery } from '../api';
import { LoadError } from '../components/LoadError';
import { OrderDetailBody } from './OrderDetailBody';

/** Order detail from the list: the order page's contents in a dialog, with a link to that page. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useQuery({ ...adminOrderQuery(orderId ?? ''), enabled: !!orderId });
  const order = detail.data;

  return (
    <Dialog.Root open={!!orderId} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="760px" aria-describedby={undefined}>
        <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
          <Dialog.Title mb="0">{t('orders.detailTitle', { number: order?.orderNumber ?? '' })}</Dialog.Title>
          {order && <OrderStatusBadge status={order.status} />}
        </Flex>
        {detail.isPending && (
          <Flex justify="center" py="6" role="status" aria-label={t('loading')}>
            <Spinner size="3" />
          </Flex>
        )}
        {detail.isError && <LoadError message={t('orders.detailError')} onRetry={() => void detail.refetch()} />}
        {order && (
          <>
            <Link asChild size="2" mb="3" style={{ display: 'inline-block' }}>
              <RouterLink to={`/admin/orders/${encodeURIComponent(order.id)}`}>{t('orders.openPage')}</RouterLink>
            </Link>
            <OrderDetailBody order={order} />
          </>
        )}
        <DialogFooter closeLabel={t('actions.close')} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
