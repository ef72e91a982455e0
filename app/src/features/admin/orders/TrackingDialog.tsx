import { useState } from 'react';
import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { CarrierSelect } from './CarrierSelect';

interface Props {
  orderNumber: string | null;
  onCancel: () => void;
  onSave: (trackingNumber: string, carrier: string) => void;
}

/** Setting Shipped asks for the carrier's tracking number (optional; the customer's e-mail shows it). */
export function TrackingDialog({ orderNumber, onCancel, onSave }: Props) {
  const { t } = useTranslation('admin');
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  return (
    <Dialog.Root open={!!orderNumber} onOpenChange={(o) => !o && onCancel()}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{t('ordersAdmin.shipTitle', { number: orderNumber ?? '' })}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {t('ordersAdmin.shipText')}
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSave(tracking.trim(), carrier);
            setTracking('');
            setCarrier('');
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
      </Dialog.Content>
    </Dialog.Root>
  );
}
