import { memo, useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Product } from '../../api/types';
import { ProductImage } from '../../components/ProductImage';
import { QuantityStepper } from '../cart/QuantityStepper';
import { resolveLocalized } from '../../lib/localized';
import { ProductBadges } from './ProductBadges';
import { useQuantityToAdd } from './useAddToCart';
import { NotifyMe } from './NotifyMe';
import { PriceTag } from './PriceTag';
import { needsChoice, priceVaries } from '../../lib/variants';

interface Props {
  product: Product;
  inCart: number;
  /** The first cards of the page load eagerly (largest contentful paint). */
  eager?: boolean;
  onOpen?: () => void;
}

function images(p: Product): string[] {
  if (p.imageFileNames?.length) return p.imageFileNames;
  return p.imageFileName ? [p.imageFileName] : [];
}

export const ProductCard = memo(function ProductCard({ product, inCart, eager, onOpen }: Props) {
  const { t, i18n } = useTranslation('shop');
  const name = resolveLocalized(product.nameLocalized, i18n.language, product.name);
  const description = resolveLocalized(product.descriptionLocalized, i18n.language, product.description);
  const pics = images(product);
  const [index, setIndex] = useState(0);
  const pick = useQuantityToAdd(product.id, product.defaultVariantId, product.stockQuantity, inCart, name);
  // A product with several variants is chosen on its page; its card is in stock when any variant is.
  const choose = needsChoice(product);
  const outOfStock = choose ? !product.inStock : product.stockQuantity <= 0;
  // A product for hire only is hired on its page, by dates: no stock for sale, no Add to cart.
  const hireOnly = !!product.hire?.enabled && !product.hire.saleEnabled;
  const href = `/products/${encodeURIComponent(product.id)}`;

  return (
    <Card className="product-card" asChild>
      <article aria-labelledby={`p-${product.id}`}>
        <div className="card-media">
          <Link to={href} onClick={onOpen} tabIndex={-1} aria-hidden="true">
            <ProductImage
              fileName={pics[index]}
              thumb="400x300"
              alt=""
              width={400}
              height={300}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
            />
          </Link>
          {pics.length > 1 && (
            <>
              <IconButton
                className="media-arrow"
                data-side="prev"
                size="1"
                variant="surface"
                radius="full"
                aria-label={t('gallery.previousOf', { name })}
                onClick={() => setIndex((i) => (i - 1 + pics.length) % pics.length)}
              >
                <ChevronLeftIcon />
              </IconButton>
              <IconButton
                className="media-arrow"
                data-side="next"
                size="1"
                variant="surface"
                radius="full"
                aria-label={t('gallery.nextOf', { name })}
                onClick={() => setIndex((i) => (i + 1) % pics.length)}
              >
                <ChevronRightIcon />
              </IconButton>
              <Badge className="media-count" variant="surface" color="gray">
                {index + 1} / {pics.length}
              </Badge>
            </>
          )}
        </div>
        <Flex direction="column" gap="2" pt="3" flexGrow="1">
          <ProductBadges product={product} inCart={inCart} anyVariant={choose} hireOnly={hireOnly} />
          <Heading as="h2" size="3" id={`p-${product.id}`}>
            <Link to={href} onClick={onOpen} className="title-link">
              {name}
            </Link>
          </Heading>
          <Text as="p" size="2" color="gray" className="clamp-2">
            {description}
          </Text>
          <Box flexGrow="1" />
          {priceVaries(product) ? (
            <PriceTag price={product.priceFrom} from sale={product.onSale} size="5" />
          ) : (
            <PriceTag price={product.price} compareAt={product.compareAtPrice} sale={product.onSale} size="5" />
          )}
          {hireOnly ? (
            <Button asChild>
              <Link to={href} onClick={onOpen} aria-label={t('hire.chooseDatesFor', { name })}>
                {t('hire.chooseDates')}
              </Link>
            </Button>
          ) : choose ? (
            <Button asChild variant={outOfStock ? 'soft' : 'solid'}>
              <Link to={href} onClick={onOpen} aria-label={t('variants.chooseFor', { name })}>
                {t('variants.choose')}
              </Link>
            </Button>
          ) : outOfStock ? (
            <Flex direction="column" gap="2">
              <Button disabled variant="soft" color="gray">
                {t('outOfStock')}
              </Button>
              <NotifyMe productId={product.id} variantId={product.defaultVariantId} />
            </Flex>
          ) : (
            <Flex gap="2" align="center" justify="between" wrap="wrap" data-toast-avoid>
              <QuantityStepper {...pick.stepper} label={t('quantityFor', { name })} />
              <Button {...pick.button}>{t('addToCart')}</Button>
            </Flex>
          )}
        </Flex>
      </article>
    </Card>
  );
});
