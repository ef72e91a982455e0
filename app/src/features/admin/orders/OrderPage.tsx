import { Box, Button, Flex, Heading, Link, Spinner, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, PaperPlaneIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { adminOrderQuery } from '../api';
import { LoadError } from '../components/LoadError';
import { OrderDetailBody } from './OrderDetailBody';
import { OrderStatusSelect } from './OrderStatusSelect';
import { useStatusChange } from './useStatusChange';

/** Statuses after which "Mark as shipped" is no longer the next step. */
const SHIPPED_OR_DONE = new Set(['Shipped', 'Delivered', 'Cancelled']);

/** /admin/orders/{id}: one order's own page (the admins' e-mails link here), with its actions. */
export function OrderPage() {
  const { t } = useTranslation('admin');
  const { orderId = '' } = useParams();
  const detail = useQuery(adminOrderQuery(orderId));
  const status = useStatusChange();
  const order = detail.data;
  return (
    <Box>
      <Link asChild size="2">
        <RouterLink to="/admin/orders">
          <ArrowLeftIcon aria-hidden="true" /> {t('orders.backToList')}
        </RouterLink>
      </Link>
      <Flex justify="between" align="center" gap="3" wrap="wrap" mt="2" mb="4">
        <Heading as="h2" size="6">
          {t('orders.detailTitle', { number: order?.orderNumber ?? '' })}
        </Heading>
        {order && (
          <Flex align="center" gap="3" wrap="wrap" role="group" aria-label={t('orders.actionsLabel')}>
            <OrderStatusSelect order={order} pending={status.pendingId === order.id} onSelect={(next) => status.select(order, next)} />
            {!SHIPPED_OR_DONE.has(order.status) && (
              <Button onClick={() => status.ship(order)} disabled={status.pendingId === order.id}>
                <PaperPlaneIcon aria-hidden="true" /> {t('ordersAdmin.markShipped')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      {detail.isPending && (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      )}
      {detail.isError && (
        <Box>
          <LoadError message={t('orders.detailError')} onRetry={() => void detail.refetch()} />
          <Text as="p" size="2" color="gray" mt="2">
            {t('orders.pageMissing')}
          </Text>
        </Box>
      )}
      {order && <OrderDetailBody order={order} />}
      {status.dialogs}
    </Box>
  );
}
