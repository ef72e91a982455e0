import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_SHORT, useToast } from '../../components/Toast';
import { errorText } from '../../i18n/errors';
import { useAddCartItem } from '../cart/cartWrites';
import { remainingStock } from '../cart/rules';

/** Adds to the cart and reports the result in the green/red snackbar (4 s); true when it was added. */
function useAddToCart() {
  const { mutateAsync, isPending } = useAddCartItem();
  const show = useToast();
  const { t } = useTranslation('shop');

  const add = useCallback(
    async (productId: string, variantId: string | undefined, quantity: number, productName: string) => {
      try {
        await mutateAsync({ productId, variantId, quantity });
      } catch (e) {
        show({ kind: 'error', message: errorText(t, e, 'common:cart.errors.add'), duration: TOAST_SHORT });
        return false;
      }
      show({ kind: 'success', message: t('addedToCart', { quantity, productName }), duration: TOAST_SHORT });
      return true;
    },
    [mutateAsync, show, t],
  );

  return { add, adding: isPending };
}

/**
 * The quantity a shopper picks beside a product's variant (1 up to what its stock leaves after
 * the cart) and its Add to cart: props for the QuantityStepper and the Button; a successful add
 * resets the pick to 1. name says what was added ("XLR Cable - 10 m").
 */
export function useQuantityToAdd(productId: string, variantId: string | undefined, stock: number, inCart: number, name: string) {
  const [quantity, setQuantity] = useState(1);
  const { add, adding } = useAddToCart();
  const max = remainingStock(stock, inCart);
  const shown = Math.min(quantity, Math.max(1, max));
  return {
    stepper: { value: shown, max, onChange: setQuantity, disabled: adding },
    button: {
      disabled: max < 1 || adding,
      loading: adding,
      onClick: async () => {
        if (await add(productId, variantId, shown, name)) setQuantity(1);
      },
    },
  };
}
