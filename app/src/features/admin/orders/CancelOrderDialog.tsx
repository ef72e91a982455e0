import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '../../../api/types';
import { usePrice } from '../../../lib/format';

interface Props {
  order: OrderSummary | null;
  onConfirm: (refund: boolean) => void;
  onCancel: () => void;
}

/** Cancelling puts the items back in stock; for a paid order it asks whether to refund as well. */
export function CancelOrderDialog({ order, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('admin');
  const price = usePrice();
  // What cancelling would refund: the server's figure.
  const left = order?.payment?.refundable ?? 0;
  return (
    <AlertDialog.Root open={!!order} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{t('safety.cancelTitle', { number: order?.orderNumber ?? '' })}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {left > 0 ? t('payments.cancelPaid', { amount: price(left) }) : t('safety.cancelConfirm')}
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('actions.cancel')}
            </Button>
          </AlertDialog.Cancel>
          {left > 0 && (
            <Button variant="soft" color="red" onClick={() => onConfirm(false)}>
              {t('payments.cancelKeep')}
            </Button>
          )}
          <Button color="red" onClick={() => onConfirm(left > 0)}>
            {left > 0 ? t('payments.cancelRefund', { amount: price(left) }) : t('safety.cancelAction')}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
