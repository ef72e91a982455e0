import { Badge, Box, Button, Flex, IconButton, Separator, Text } from '@radix-ui/themes';
import { MinusIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { ProductImage } from '../../components/ProductImage';
import { usePrice } from '../../lib/format';
import { useCart } from './CartContext';
import { useCartProblem, useRemoveCartItem, useUpdateCartItem } from './cartWrites';
import { lineLimits } from './rules';
import { FreeShippingNote } from './FreeShippingNote';
import { lineName } from '../../lib/variants';
import { CartTax } from './CartTax';
import { PromoCodeField } from './PromoCodeField';
import { discountRows } from '../../lib/discounts';

/** The cart popover's contents: lines with steppers, total, checkout and Request a quote. Loaded when it opens. */
export default function CartContents({ onCheckout, onQuote }: { onCheckout: () => void; onQuote: () => void }) {
  const { t, i18n } = useTranslation('common');
  const price = usePrice();
  const { cart, loading } = useCart();
  const error = useCartProblem();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const count = cart?.totalItems ?? 0;
  const items = cart?.items ?? [];
  const discounts = discountRows(cart?.discounts, i18n.language, price, t('shipping.free'));
  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="center">
        <Text as="p" weight="bold" size="4">
          {t('cart.title')}
        </Text>
        {count > 0 && <Badge variant="soft">{t('cart.itemCount', { count })}</Badge>}
      </Flex>
      {error && (
        <Text as="p" size="2" color="red" role="alert">
          {error}
        </Text>
      )}
      {items.length === 0 ? (
        <Text as="p" color="gray" align="center" my="4">
          {t('cart.empty')}
        </Text>
      ) : (
        <>
          <div className="cart-items">
            <Flex direction="column" gap="3" asChild>
              <ul className="plain-list">
                {items.map((item) => {
                  const name = lineName(item.productName, item.variantLabelLocalized, i18n.language);
                  const { canDecrease, canIncrease } = lineLimits(item.quantity, item.availableStock);
                  return (
                    <li key={item.id}>
                      <Flex gap="3" align="start">
                        <ProductImage
                          fileName={item.imageFileName}
                          thumb="120x120"
                          alt=""
                          width={56}
                          height={56}
                          className="thumb"
                          loading="lazy"
                        />
                        <Box flexGrow="1" minWidth="0">
                          {/* Wraps, never truncated: a cut name hid which variant it was ("XLR Cable - 1…"). */}
                          <Text as="p" size="2" weight="medium" style={{ overflowWrap: 'anywhere' }} data-testid="cart-line-name">
                            {name}
                          </Text>
                          <Text as="p" size="1" color="gray">
                            {price(item.unitPrice)} × {item.quantity}
                          </Text>
                          {item.discountAmount > 0 && (
                            <Text as="p" size="1" color="green" data-testid="line-discount">
                              {t('promo.lineDiscount', { price: price(item.discountAmount) })}
                            </Text>
                          )}
                          {item.hire && (
                            <Text as="p" size="1" color="gray" data-testid="hire-dates">
                              {t('cart.hireDates', { start: item.hire.start, end: item.hire.end, count: item.hire.days })}
                              {item.deposit ? ` · ${t('cart.hireDeposit', { price: price(item.deposit) })}` : ''}
                            </Text>
                          )}
                          <Flex align="center" gap="2" mt="1">
                            <IconButton
                              size="1"
                              variant="soft"
                              aria-label={t('cart.decreaseItem', { name })}
                              disabled={!canDecrease || loading}
                              onClick={() =>
                                item.quantity - 1 <= 0
                                  ? remove.mutate(item.id)
                                  : update.mutate({ itemId: item.id, quantity: item.quantity - 1 })
                              }
                            >
                              <MinusIcon />
                            </IconButton>
                            <Text size="2" aria-label={t('cart.quantity')}>
                              {item.quantity}
                            </Text>
                            <IconButton
                              size="1"
                              variant="soft"
                              aria-label={t('cart.increaseItem', { name })}
                              disabled={!canIncrease || loading}
                              onClick={() => update.mutate({ itemId: item.id, quantity: item.quantity + 1 })}
                            >
                              <PlusIcon />
                            </IconButton>
                            <IconButton
                              size="1"
                              variant="ghost"
                              color="red"
                              aria-label={t('cart.removeItem', { name })}
                              disabled={loading}
                              onClick={() => remove.mutate(item.id)}
                            >
                              <TrashIcon />
                            </IconButton>
                          </Flex>
                        </Box>
                        <Text size="2" weight="bold" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                          {price(item.totalPrice)}
                        </Text>
                      </Flex>
                    </li>
                  );
                })}
              </ul>
            </Flex>
          </div>
          <Separator size="4" />
          <PromoCodeField />
          {discounts.length > 0 && (
            <Flex direction="column" gap="1" data-testid="cart-discounts">
              <Flex justify="between">
                <Text size="2" color="gray">
                  {t('promo.subtotal')}
                </Text>
                <Text size="2">{price(cart?.totalPrice ?? 0)}</Text>
              </Flex>
              {discounts.map((r) => (
                <Flex justify="between" gap="2" key={r.key} data-testid="cart-discount">
                  <Text size="2" color="green">
                    {r.label}
                  </Text>
                  <Text size="2" color="green" style={{ whiteSpace: 'nowrap' }}>
                    {r.value}
                  </Text>
                </Flex>
              ))}
            </Flex>
          )}
          <Flex justify="between">
            <Text weight="bold">{t('cart.total')}</Text>
            <Text weight="bold" data-testid="cart-total">
              {price(cart?.discountedPrice ?? 0)}
            </Text>
          </Flex>
          <CartTax />
          <FreeShippingNote subtotal={cart?.totalPrice ?? 0} />
          <Flex gap="2" direction="column">
            <Button size="3" onClick={onCheckout}>
              {t('cart.checkout')}
            </Button>
            <Button size="3" variant="soft" onClick={onQuote} data-testid="cart-request-quote">
              {t('cart.requestQuote')}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}
