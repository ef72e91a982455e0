import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { LockClosedIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePrice } from '../../lib/format';
import { useCart } from '../cart/CartContext';
import type { AuthState } from './authReturn';

/** Why a shopper on the way to checkout is asked to sign in: the order waiting (count and total) and a way to register. */
export function CheckoutReason({ state, register = true, title }: { state: AuthState; register?: boolean; title?: string }) {
  const { t } = useTranslation('account');
  const price = usePrice();
  const { cart } = useCart();
  const count = cart?.totalItems ?? 0;
  return (
    <Callout.Root color="indigo" data-testid="checkout-reason">
      <Callout.Icon>
        <LockClosedIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Text weight="bold">{title ?? t('checkoutReason.title')}</Text>
        {count > 0 && <Text size="2">{t('checkoutReason.cart', { count, total: price(cart?.totalPrice ?? 0) })}</Text>}
        {register && (
          <Button asChild variant="soft" size="2" style={{ alignSelf: 'flex-start' }}>
            <Link to="/register" state={{ from: state.from }}>
              {t('checkoutReason.register')}
            </Link>
          </Button>
        )}
      </Flex>
    </Callout.Root>
  );
}
