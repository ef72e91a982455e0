import { Badge, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../api/types';
import { useCategoryLabel } from './categoryLabel';

function StockBadge({ stock, anyVariant }: { stock: number; anyVariant?: boolean }) {
  const { t } = useTranslation('shop');
  if (stock <= 0)
    return (
      <Badge color="red" variant="soft">
        {t('outOfStock')}
      </Badge>
    );
  return (
    <Badge color="green" variant="soft">
      {anyVariant ? t('variants.inStock') : t('inStock', { count: stock })}
    </Badge>
  );
}

/**
 * A product's badges on its card and its page: category, stock, and how many are in the cart.
 * anyVariant: the card of a product with several variants, in stock when any of them is.
 * hireOnly: a product for hire only, whose stock for sale says nothing: "For hire" instead.
 */
export function ProductBadges({
  product,
  inCart,
  anyVariant,
  hireOnly,
}: {
  product: Pick<Product, 'category' | 'stockQuantity'> & Partial<Pick<Product, 'inStock'>>;
  inCart: number;
  anyVariant?: boolean;
  hireOnly?: boolean;
}) {
  const { t } = useTranslation('shop');
  const label = useCategoryLabel();
  return (
    <Flex gap="2" wrap="wrap">
      <Badge variant="soft">{label(product.category)}</Badge>
      {hireOnly ? (
        <Badge color="blue" variant="soft">
          {t('hire.badge')}
        </Badge>
      ) : (
        <StockBadge stock={anyVariant ? (product.inStock ? 1 : 0) : product.stockQuantity} anyVariant={anyVariant} />
      )}
      {inCart > 0 && (
        <Badge color="cyan" variant="soft">
          {t('inCart', { count: inCart })}
        </Badge>
      )}
    </Flex>
  );
}
