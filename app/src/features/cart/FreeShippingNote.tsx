import { Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { freeShippingText } from '../shipping/freeShippingText';
import { shippingMethodsQuery } from '../shipping/api';

/** How far the cart is from free shipping, from the server's threshold (the figure checkout charges by). */
export function FreeShippingNote({ subtotal }: { subtotal: number }) {
  const { t, i18n } = useTranslation('common');
  const { data } = useQuery(shippingMethodsQuery('', 0));
  if (!data) return null;
  const text = freeShippingText(t, { threshold: data.freeShippingThreshold, homeCountry: data.homeCountry, subtotal, country: '', lng: i18n.language });
  if (!text) return null;
  return (
    <Text as="p" size="1" color="gray" data-testid="free-shipping-note">
      {text}
    </Text>
  );
}
