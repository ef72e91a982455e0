import { useState } from 'react';
import { Box, Button, Flex, Heading, Link, Text, TextField } from '@radix-ui/themes';
import { FileTextIcon } from '@radix-ui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, API_BASE } from '../../../api/client';
import type { OrderDetail } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { failureText } from '../messages';
import { CarrierSelect } from './CarrierSelect';
import { setOrderStatus, setShippingQuote } from './ordersApi';
import { adminKeys } from '../../../api/queryKeys';
import { useAuth } from '../../../auth/AuthContext';

/** Saves an order change answered with the order: the detail and the lists follow. */
export function useOrderChange<V>(orderId: string, fn: (v: V) => Promise<OrderDetail>, done: string) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const toast = useToastApi();
  return useMutation({
    mutationFn: fn,
    onSuccess: (d) => {
      client.setQueryData(adminKeys.order(orderId), d);
      void client.invalidateQueries({ queryKey: adminKeys.orderList });
      toast.success(t(done), TOAST_LONG);
    },
    onError: (e) => toast.error(failureText(t, e, 'fulfilment.failed'), TOAST_LONG),
  });
}

/** Opens the packing slip in a new tab with a short-lived file token (a tab sends no bearer token). */
async function openPackingSlip(orderId: string, lang: string) {
  const tab = window.open('', '_blank');
  const { token } = await api.post<{ token: string }>('/files/token', {});
  const url = `${API_BASE}/checkout/admin/packing-slips/${encodeURIComponent(orderId)}?lang=${encodeURIComponent(lang)}&token=${encodeURIComponent(token)}`;
  if (tab) tab.location.href = url;
  else window.location.href = url;
}

/** The order's fulfilment: carrier and tracking number, the freight quote it may wait for, the packing slip. */
export function FulfilmentPanel({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('admin');
  const [carrier, setCarrier] = useState(order.carrier ?? '');
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [quote, setQuote] = useState('');
  const track = useOrderChange(order.id, () => setOrderStatus(order.id, order.status, tracking.trim(), false, carrier), 'fulfilment.trackingSaved');
  const quoted = useOrderChange(order.id, () => setShippingQuote(order.id, Number(quote)), 'fulfilment.quoteSent');
  const slip = useMutation({ mutationFn: () => openPackingSlip(order.id, i18n.language) });
  const { can } = useAuth();
  return (
    <Box data-testid="fulfilment-panel">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h3" size="3">
          {t('fulfilment.title')}
        </Heading>
        <Button type="button" variant="soft" size="1" loading={slip.isPending} onClick={() => slip.mutate()}>
          <FileTextIcon /> {t('fulfilment.packingSlip')}
        </Button>
      </Flex>
      {order.shippingQuote === 'pending' && can('orders.write') && (
        <Flex asChild gap="2" align="end" wrap="wrap" mb="3">
          <form onSubmit={(e) => { e.preventDefault(); quoted.mutate(undefined); }}>
            <Box>
              <Text as="label" size="2" weight="medium" htmlFor="freight-quote" style={{ display: 'block' }}>
                {t('fulfilment.quote', { weight: order.weightKg ?? 0 })}
              </Text>
              <TextField.Root id="freight-quote" inputMode="decimal" value={quote} onChange={(e) => setQuote(e.target.value)} required>
                <TextField.Slot>$</TextField.Slot>
              </TextField.Root>
            </Box>
            <Button type="submit" loading={quoted.isPending} disabled={!/^\d+(\.\d{1,2})?$/.test(quote.trim())}>
              {t('fulfilment.sendQuote')}
            </Button>
          </form>
        </Flex>
      )}
      <Flex asChild gap="2" align="end" wrap="wrap">
        <form onSubmit={(e) => { e.preventDefault(); track.mutate(undefined); }}>
          <Box>
            <Text as="label" size="2" weight="medium" htmlFor="order-carrier" style={{ display: 'block' }}>
              {t('fulfilment.carrier')}
            </Text>
            <CarrierSelect id="order-carrier" value={carrier} onChange={setCarrier} />
          </Box>
          <Box>
            <Text as="label" size="2" weight="medium" htmlFor="order-tracking" style={{ display: 'block' }}>
              {t('ordersAdmin.trackingNumber')}
            </Text>
            <TextField.Root id="order-tracking" value={tracking} maxLength={100} onChange={(e) => setTracking(e.target.value)} />
          </Box>
          <Button type="submit" variant="soft" loading={track.isPending}>
            {t('fulfilment.saveTracking')}
          </Button>
        </form>
      </Flex>
      {order.trackingUrl && (
        <Text as="p" size="2" mt="2">
          <Link href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
            {t('fulfilment.openTracking')}
          </Link>
        </Text>
      )}
    </Box>
  );
}
