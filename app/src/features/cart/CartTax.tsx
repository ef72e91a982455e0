import { Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import { usePrice } from '../../lib/format';
import { taxRows } from '../../lib/tax';
import { knownTaxAddress } from '../../lib/taxAddress';
import { useCart } from './CartContext';
import { cartEstimateQuery, cartLinesKey } from '../../api/cart';

/**
 * The cart's tax: "calculated at checkout" until an address is known (the one typed at checkout),
 * then the server's estimate for it (goods only: shipping is chosen at checkout).
 */
export function CartTax() {
  const { t } = useTranslation('common');
  const price = usePrice();
  const { user } = useAuth();
  const { cart } = useCart();
  const address = knownTaxAddress(user?.id);
  const lines = cartLinesKey(cart);
  const { data: estimated } = useQuery({
    ...cartEstimateQuery(`user:${user?.id ?? ''}`, address ?? { country: '', state: '' }, lines),
    enabled: !!address && lines !== '',
  });
  const data = estimated?.taxEstimate;
  if (!address || !data) {
    return (
      <Text as="p" size="2" color="gray" data-testid="cart-tax">
        {t('tax.atCheckout')}
      </Text>
    );
  }
  const rows = taxRows(data, t, price);
  const place = [address.state, address.country].filter(Boolean).join(', ');
  return (
    <Flex direction="column" gap="1" data-testid="cart-tax">
      {[...rows.before, ...rows.after].map((r) => (
        <Flex justify="between" gap="2" key={r.key}>
          <Text size="2" color="gray">
            {r.label}
          </Text>
          {r.value && <Text size="2">{r.value}</Text>}
        </Flex>
      ))}
      <Text as="p" size="1" color="gray">
        {t('tax.estimateFor', { place })}
      </Text>
    </Flex>
  );
}
