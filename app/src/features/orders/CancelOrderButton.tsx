import { useState } from 'react';
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { OrderDetail } from '../../api/types';
import { errorText } from '../../i18n/errors';
import { catalogKeys, orderKeys } from '../../api/queryKeys';

/** "Cancel order" while the order is Created, after a confirmation; the server restocks. */
export function CancelOrderButton({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => api.post<OrderDetail>(`/checkout/orders/${encodeURIComponent(order.id)}/cancel`),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderKeys.detail(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      setOpen(false);
    },
  });
  if (order.status !== 'Created') return null;
  return (
    <Flex direction="column" gap="2" align="start">
      {cancel.isError && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{errorText(t, cancel.error, 'account:cancelOrder.failed')}</Callout.Text>
        </Callout.Root>
      )}
      <AlertDialog.Root open={open} onOpenChange={(o) => !cancel.isPending && setOpen(o)}>
        <AlertDialog.Trigger>
          <Button color="red" variant="soft">
            {t('cancelOrder.button')}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>{t('cancelOrder.title', { number: order.orderNumber })}</AlertDialog.Title>
          <AlertDialog.Description size="2">{t('cancelOrder.text')}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" disabled={cancel.isPending}>
                {t('cancelOrder.keep')}
              </Button>
            </AlertDialog.Cancel>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {t('cancelOrder.confirm')}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
