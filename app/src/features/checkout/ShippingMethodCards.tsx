import { Flex, RadioCards, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { ShippingMethod } from '../../api/types';
import { usePrice } from '../../lib/format';
import { resolveLocalized } from '../../lib/localized';
import { deliveryText } from '../../lib/deliveryText';

/** A method's delivery time in words: "5-7 business days", "Next business day". */
export function useDeliveryText() {
  const { t } = useTranslation('common');
  return (m: Pick<ShippingMethod, 'deliveryDays'>) => deliveryText(t, m.deliveryDays);
}

interface Props {
  methods: ShippingMethod[];
  value: string;
  onChange: (code: string) => void;
}

/** The shipping methods that fit the address, as cards with price and delivery time. */
export function ShippingMethodCards({ methods, value, onChange }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const price = usePrice();
  const delivery = useDeliveryText();
  return (
    <RadioCards.Root value={value} onValueChange={onChange} columns={{ initial: '1', sm: '3' }} aria-label={t('method.title')}>
      {methods.map((m) => (
        <RadioCards.Item key={m.code} value={m.code} data-testid={`method-${m.code}`}>
          {/* A span: the card is a button, which may hold phrasing content only. */}
          <Flex as="span" direction="column" width="100%">
            <Text weight="bold">{resolveLocalized(m.name, i18n.language)}</Text>
            {m.deliveryDays && (
              <Text size="2" color="gray">
                {delivery(m)}
              </Text>
            )}
            <Text size="2" weight="medium">
              {m.freight ? t('common:shipping.quoted') : m.amount === 0 ? t('common:shipping.free') : price(m.amount)}
            </Text>
          </Flex>
        </RadioCards.Item>
      ))}
    </RadioCards.Root>
  );
}
