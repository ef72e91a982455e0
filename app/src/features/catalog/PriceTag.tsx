import { Badge, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { usePrice } from '../../lib/format';

interface Props {
  price: number;
  /** The compare-at price, shown struck through beside the price ("Sale"); null for none. */
  compareAt?: number | null;
  /** "from $X": the product's variants differ in price and none is chosen yet. */
  from?: boolean;
  /** A variant of the product is on sale (cards of products with several variants). */
  sale?: boolean;
  size: '5' | '7';
}

/** A price as a shopper reads it: "from" when variants differ, the compare-at price struck through and "Sale" when lower. */
export function PriceTag({ price, compareAt, from, sale, size }: Props) {
  const { t } = useTranslation('shop');
  const format = usePrice();
  const reduced = compareAt != null && compareAt > price;
  return (
    <Flex align="baseline" gap="2" wrap="wrap" data-testid="price">
      <Text as="p" size={size} weight="bold" color={reduced ? 'crimson' : undefined}>
        {from ? t('variants.priceFrom', { price: format(price) }) : format(price)}
      </Text>
      {reduced && (
        <Text as="p" size="3" color="gray">
          <s aria-label={t('variants.wasPrice', { price: format(compareAt) })}>{format(compareAt)}</s>
        </Text>
      )}
      {(reduced || sale) && (
        <Badge color="crimson" variant="soft" highContrast>
          {t('variants.sale')}
        </Badge>
      )}
    </Flex>
  );
}
