import { Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePrice } from '../../lib/format';
import { shippingMethodsQuery } from '../shipping/api';

/** The free-shipping threshold as the server has it (the same figure as the shipping page and checkout). */
export function FreeShippingNote() {
  const { t } = useTranslation('common');
  const price = usePrice();
  const { data } = useQuery(shippingMethodsQuery('', 0));
  if (!data || data.freeShippingThreshold <= 0) return null;
  return (
    <Text as="p" size="1" color="gray" data-testid="free-shipping-note">
      {t('shipping.freeOver', { amount: price(data.freeShippingThreshold) })}
    </Text>
  );
}
