import { Badge, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../api/types';

function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation('shop');
  if (stock <= 0)
    return (
      <Badge color="red" variant="soft">
        {t('outOfStock')}
      </Badge>
    );
  return (
    <Badge color="green" variant="soft">
      {t('inStock', { count: stock })}
    </Badge>
  );
}

/** A product's badges on its card and its page: category, stock, and how many are in the cart. */
export function ProductBadges({ product, inCart }: { product: Pick<Product, 'category' | 'stockQuantity'>; inCart: number }) {
  const { t } = useTranslation('shop');
  return (
    <Flex gap="2" wrap="wrap">
      <Badge variant="soft">{t(`categories.${product.category}`, product.category)}</Badge>
      <StockBadge stock={product.stockQuantity} />
      {inCart > 0 && (
        <Badge color="cyan" variant="soft">
          {t('inCart', { count: inCart })}
        </Badge>
      )}
    </Flex>
  );
}
