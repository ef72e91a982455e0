import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderSummary } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { adminKeys } from '../../../api/queryKeys';
import { failureText } from '../messages';
import { CancelOrderDialog } from './CancelOrderDialog';
import { setOrderStatus, type OrderPage } from './ordersApi';
import { usualNext } from './statusPath';
import { TrackingDialog, type ShipChange } from './TrackingDialog';

interface Change extends ShipChange {
  order: OrderSummary;
  status: string;
  refund?: boolean;
}

/**
 * An order's status change as the list and the order page make it: Cancelled is confirmed (it
 * restocks), Shipped asks for the carrier and tracking number (prefilled), a jump off the usual
 * path is confirmed. `dialogs` must be rendered once by the caller.
 */
export function useStatusChange() {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [toCancel, setToCancel] = useState<OrderSummary | null>(null);
  const [shipping, setShipping] = useState<OrderSummary | null>(null);
  const [jump, setJump] = useState<{ order: OrderSummary; status: string } | null>(null);

  const mutation = useMutation({
    mutationFn: ({ order, status, trackingNumber, refund, carrier }: Change) => setOrderStatus(order.id, status, trackingNumber, refund, carrier),
    onSuccess: (detail: OrderDetail, { order, status }) => {
      const saved = detail?.status ?? status;
      queryClient.setQueriesData<OrderPage>({ queryKey: adminKeys.orderList }, (page) =>
        page?.orders ? { ...page, orders: page.orders.map((o) => (o.id === order.id ? { ...o, status: saved, payment: detail?.payment ?? o.payment } : o)) } : page,
      );
      if (detail?.id) queryClient.setQueryData(adminKeys.order(order.id), detail);
      // Cancelling and un-cancelling move stock: the product lists must refetch.
      void queryClient.invalidateQueries({ queryKey: adminKeys.products });
      toast.success(t('orders.statusUpdated'), TOAST_LONG);
    },
    onError: (error) => toast.error(failureText(t, error, 'orders.statusUpdateError'), TOAST_LONG),
  });

  const change = (o: OrderSummary, status: string) => {
    if (status === 'Cancelled') setToCancel(o);
    else if (status === 'Shipped') setShipping(o);
    else mutation.mutate({ order: o, status });
  };
  /** The admin chose status for o: confirmed first when it jumps off the usual path. */
  const select = (o: OrderSummary, status: string) => {
    if (status === o.status) return;
    if (status !== 'Cancelled' && !usualNext(o.status, status)) setJump({ order: o, status });
    else change(o, status);
  };

  const dialogs = (
    <>
      <CancelOrderDialog
        order={toCancel}
        onConfirm={(refund) => {
          if (toCancel) mutation.mutate({ order: toCancel, status: 'Cancelled', refund });
          setToCancel(null);
        }}
        onCancel={() => setToCancel(null)}
      />
      <TrackingDialog
        order={shipping}
        onCancel={() => setShipping(null)}
        onSave={(ship) => {
          if (shipping) mutation.mutate({ order: shipping, status: 'Shipped', ...ship });
          setShipping(null);
        }}
      />
      <ConfirmDialog
        open={!!jump}
        title={t('fulfilment.jumpTitle', { number: jump?.order.orderNumber ?? '' })}
        description={t('fulfilment.jumpText', {
          from: t(`common:orderStatus.${jump?.order.status ?? ''}`, jump?.order.status ?? ''),
          to: t(`common:orderStatus.${jump?.status ?? ''}`, jump?.status ?? ''),
        })}
        confirmLabel={t('fulfilment.jumpConfirm')}
        onConfirm={() => {
          if (jump) change(jump.order, jump.status);
          setJump(null);
        }}
        onCancel={() => setJump(null)}
      />
    </>
  );
  const pendingId = mutation.isPending ? mutation.variables?.order.id : undefined;
  return { select, ship: (o: OrderSummary) => select(o, 'Shipped'), pendingId, dialogs };
}
