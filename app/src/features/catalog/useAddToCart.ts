import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_SHORT, useToast } from '../../components/Toast';
import { useCart } from '../cart/CartContext';

/** Adds to the cart and reports the result in the green/red snackbar (4 s). */
export function useAddToCart() {
  const { addItem } = useCart();
  const show = useToast();
  const { t } = useTranslation('shop');
  const [adding, setAdding] = useState(false);

  const add = useCallback(
    async (productId: string, quantity: number, productName: string) => {
      setAdding(true);
      const result = await addItem(productId, quantity);
      setAdding(false);
      if (result.ok) show({ kind: 'success', message: t('addedToCart', { quantity, productName }), duration: TOAST_SHORT });
      else show({ kind: 'error', message: result.error, duration: TOAST_SHORT });
      return result.ok;
    },
    [addItem, show, t],
  );

  return { add, adding };
}
