import { Text } from '@radix-ui/themes';
import { useFreeShippingText } from '../../lib/freeShippingText';

/** How far the cart is from free shipping: the server's figure for its subtotal (the one checkout charges by). */
export function FreeShippingNote({ subtotal }: { subtotal: number }) {
  const text = useFreeShippingText(subtotal, '');
  if (!text) return null;
  return (
    <Text as="p" size="1" color="gray" data-testid="free-shipping-note">
      {text}
    </Text>
  );
}
