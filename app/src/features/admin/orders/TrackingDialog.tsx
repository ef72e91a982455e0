import { useState } from 'react';
import { Button, Dialog, Flex, Spinner, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../../api/types';
import { adminOrderQuery } from '../api';
import { CarrierSelect } from './CarrierSelect';

/** What the Ship dialog saves: only what the admin changed (undefined keeps the saved value, the contract's rule). */
export interface ShipChange {
  trackingNumber?: string;
  carrier?: string;
}

interface Props {
  order: { id: string; orderNumber: string } | null;
  onCancel: () => void;
  onSave: (change: ShipChange) => void;
}

/** The form, started from the order's saved carrier and number so that shipping never erases them. */
function ShipForm({ detail, onSave }: { detail: OrderDetail; onSave: (change: ShipChange) => void }) {
  const { t } = useTranslation('admin');
  const savedTracking = detail.trackingNumber ?? '';
  const savedCarrier = detail.carrier ?? '';
  const [tracking, setTracking] = useState(savedTracking);
  const [carrier, setCarrier] = useState(savedCarrier);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const number = tracking.trim();
        onSave({
          trackingNumber: number === savedTracking ? undefined : number,
          carrier: carrier === savedCarrier ? undefined : carrier,
        });
      }}
    >
      <Flex direction="column" gap="1" mb="3">
        <Text as="label" size="2" weight="medium" htmlFor="ship-carrier">
          {t('fulfilment.carrier')}
        </Text>
        <CarrierSelect id="ship-carrier" value={carrier} onChange={setCarrier} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="tracking-number">
          {t('ordersAdmin.trackingNumber')}
        </Text>
        <TextField.Root id="tracking-number" value={tracking} maxLength={100} onChange={(e) => setTracking(e.target.value)} autoFocus />
      </Flex>
      <Flex gap="3" mt="4" justify="end">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            {t('ordersAdmin.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit">{t('ordersAdmin.markShipped')}</Button>
      </Flex>
    </form>
  );
}

/** Setting Shipped asks for the carrier and tracking number (optional; the customer's e-mail shows them), prefilled with the saved ones. */
export function TrackingDialog({ order, onCancel, onSave }: Props) {
  const { t } = useTranslation('admin');
  // The list has summaries only: the saved carrier and number come with the detail (cached on the order page).
  const detail = useQuery({ ...adminOrderQuery(order?.id ?? ''), enabled: !!order });
  return (
    <Dialog.Root open={!!order} onOpenChange={(o) => !o && onCancel()}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{t('ordersAdmin.shipTitle', { number: order?.orderNumber ?? '' })}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {t('ordersAdmin.shipText')}
        </Dialog.Description>
        {detail.data && detail.data.id === order?.id ? (
          <ShipForm key={detail.data.id} detail={detail.data} onSave={onSave} />
        ) : detail.isError ? (
          <Text as="p" color="red" size="2">
            {t('orders.detailError')}
          </Text>
        ) : (
          <Flex justify="center" py="4" role="status" aria-label={t('loading')}>
            <Spinner size="3" />
          </Flex>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
