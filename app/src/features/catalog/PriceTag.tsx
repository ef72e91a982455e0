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
          {/* Read as "Was $24.00": the word comes from CSS (.was-price::before), since the Nu
              checker refuses aria-label on <s> (its role is deletion) and a hidden element's
              text would join the price's text. */}
          <s className="was-price" data-was={t('variants.was')}>
            {format(compareAt)}
          </s>
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
