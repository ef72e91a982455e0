import type { Product } from '../api/types';

/** The options and variant summary of a product without options (one variant), for test products. */
export function singleVariant(price: number, stockQuantity: number, id = 'p'): Pick<
  Product,
  'options' | 'defaultVariantId' | 'compareAtPrice' | 'priceFrom' | 'priceTo' | 'inStock' | 'onSale' | 'variantCount'
> {
  return {
    options: [],
    defaultVariantId: `${id}-v`,
    compareAtPrice: null,
    priceFrom: price,
    priceTo: price,
    inStock: stockQuantity > 0,
    onSale: false,
    variantCount: 1,
  };
}

/** The variant members of a cart line of a product without options. */
export const plainLine = { variantId: 'v1', sku: 'SKU-1', variantLabel: '', variantLabelLocalized: {}, discountAmount: 0 };
