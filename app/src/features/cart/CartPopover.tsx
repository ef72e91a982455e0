import { useState } from 'react';
import { IconButton } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CartIcon } from '../../components/icons';
import { DeferredPopover } from '../../components/DeferredPopover';
import { lazyWithPreload } from '../../lib/lazyWithPreload';
import { useCart } from './CartContext';

const BADGE_MAX = 99;

const CartContents = lazyWithPreload(() => import('./CartContents'));

export function CartPopover() {
  const { t } = useTranslation('common');
  const { cart } = useCart();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = cart?.totalItems ?? 0;
  const badge = count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);

  return (
    <DeferredPopover
      open={open}
      onOpenChange={setOpen}
      onPreload={() => void CartContents.preload()}
      content={{ width: '360px', maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(640px, calc(100dvh - 72px))', align: 'end', 'aria-label': t('cart.title') }}
      trigger={
        <IconButton variant="ghost" size="3" aria-label={t('cart.open', { count })} className="cart-trigger">
          <CartIcon />
          {count > 0 && (
            <span className="cart-badge" aria-hidden="true">
              {badge}
            </span>
          )}
        </IconButton>
      }
    >
      <CartContents
        onCheckout={() => {
          setOpen(false);
          navigate('/checkout');
        }}
        onQuote={() => {
          setOpen(false);
          navigate('/quotes/new');
        }}
      />
    </DeferredPopover>
  );
}
