import { Badge, Box, Button, Callout, Card, Container, DataList, Flex, Grid, Heading, Separator, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { QuantityStepper } from '../cart/QuantityStepper';
import { resolveLocalized } from '../../lib/localized';
import { useCart } from '../cart/CartContext';
import { productQuery } from '../../api/catalog';
import { ImageGallery } from './ImageGallery';
import { ProductBadges } from './ProductBadges';
import { useQuantityToAdd } from './useAddToCart';
import { NotifyMe } from './NotifyMe';
import { PriceTag } from './PriceTag';
import { VariantPicker } from './VariantPicker';
import { HirePanel } from './HirePanel';
import { singleLinePath } from '../../lib/quotePath';
import { chosenVariant, variantImages, variantLabel } from '../../lib/variants';
import type { ProductVariant } from '../../api/types';

export default function ProductPage() {
  const { productId = '' } = useParams();
  const { t, i18n } = useTranslation('shop');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { data: product, isLoading, isError } = useQuery(productQuery(productId));
  const { quantityInCart } = useCart();
  const lang = i18n.language;
  const name = product ? resolveLocalized(product.nameLocalized, lang, product.name) : '';
  // The variant shown is the URL's (?variant=, shared and kept on reload and Back), else the default.
  const variant = product ? chosenVariant(product, params.get('variant')) : undefined;
  const label = product ? variantLabel(product, variant, lang) : '';
  const stock = variant?.stockQuantity ?? product?.stockQuantity ?? 0;
  const inCart = quantityInCart(productId, variant?.id);
  const pick = useQuantityToAdd(productId, variant?.id, stock, inCart, label ? `${name} - ${label}` : name);
  // A choice replaces the entry: Back leaves the product rather than stepping through the picks
  // (docs/decisions/variant-history.md).
  const choose = (v: ProductVariant) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('variant', v.id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // Back in history while the shop has an entry before this one; a product opened from a link
  // (the router's first entry, key "default") goes to the shop home, not out of the shop.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/'));

  if (isLoading) {
    return (
      <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
        <Text role="status">{t('common:loading')}</Text>
      </Container>
    );
  }
  if (isError || !product) {
    return (
      <Container size="2" px={{ initial: '3', sm: '5' }} py="5">
        <Flex direction="column" gap="4" align="center" justify="center" py="9" style={{ minHeight: '50vh', textAlign: 'center' }}>
          <Heading as="h1" size="6">
            {t('productNotFound')}
          </Heading>
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{t('productLoadError')}</Callout.Text>
          </Callout.Root>
          <Button asChild>
            <Link to="/">{t('backToShop')}</Link>
          </Button>
        </Flex>
      </Container>
    );
  }

  const description = resolveLocalized(product.descriptionLocalized, lang, product.description);
  const images = variantImages(product, variant);
  const price = variant?.price ?? product.price;
  const compareAt = variant ? variant.compareAtPrice : product.compareAtPrice;
  // A product deactivated or deleted while open (live update) can no longer be bought.
  const gone = !product.isActive;
  // A product for hire only has no sale price, cart button or stock alert (issue 46).
  const forSale = !product.hire?.enabled || product.hire.saleEnabled;
  const attributes = (product.attributes ?? [])
    .map((a) => ({
      key: resolveLocalized(a.keyLocalized, lang, a.key).trim(),
      value: resolveLocalized(a.valueLocalized, lang, a.value).trim(),
    }))
    .filter((a) => a.key && a.value);

  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Flex align="center" gap="3" mb="4" wrap="wrap">
        <Button variant="ghost" onClick={back}>
          <ArrowLeftIcon /> {t('back')}
        </Button>
        <nav aria-label={t('breadcrumb')}>
          <ol className="plain-list" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <li>
              <Link to="/" className="title-link">
                <Text size="2" color="indigo">
                  {t('common:nav.home')}
                </Text>
              </Link>
            </li>
            <li aria-hidden="true">
              <Text size="2" color="gray">
                /
              </Text>
            </li>
            <li aria-current="page">
              <Text size="2" color="gray">
                {name}
              </Text>
            </li>
          </ol>
        </nav>
      </Flex>

      <Grid columns={{ initial: '1', md: '2' }} gap="6">
        <ImageGallery key={images.join()} images={images} alt={label ? `${name} - ${label}` : name} />
        <Flex direction="column" gap="3">
          <ProductBadges product={{ category: product.category, stockQuantity: stock }} inCart={inCart} hireOnly={!forSale} />
          <Heading as="h1" size="7">
            {name}
          </Heading>
          {variant?.sku && product.variantCount > 1 && (
            <Text as="p" size="2" color="gray" data-testid="sku">
              {t('variants.sku')}: {variant.sku}
            </Text>
          )}
          {!forSale ? null : stock > 0 ? (
            <PriceTag price={price} compareAt={compareAt} size="7" />
          ) : (
            // Out of stock is said beside the price, where a shopper looks before buying.
            <Flex align="center" gap="3" wrap="wrap">
              <PriceTag price={price} compareAt={compareAt} size="7" />
              {/* Dark red on light red: white on the solid red failed AA contrast (3.9:1). */}
              <Badge color="red" size="3" variant="soft" highContrast data-testid="out-of-stock">
                {t('outOfStock')}
              </Badge>
            </Flex>
          )}
          {product.options.length > 0 && <VariantPicker product={product} current={variant} onPick={choose} />}
          <Text as="p" color="gray" style={{ whiteSpace: 'pre-line' }}>
            {description}
          </Text>
          {gone && (
            <Callout.Root color="amber" role="status">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>{t('live.unavailable')}</Callout.Text>
            </Callout.Root>
          )}
          {product.hire?.enabled && !gone && <HirePanel key={variant?.id} product={product} variant={variant} name={label ? `${name} - ${label}` : name} />}
          {forSale && stock > 0 && !gone && (
            <Flex gap="3" align="end" wrap="wrap" mt="2" data-toast-avoid>
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor="detail-qty">
                  {t('quantity')}
                </Text>
                <QuantityStepper id="detail-qty" {...pick.stepper} label={t('quantity')} />
              </Flex>
              <Button size="3" {...pick.button}>
                {t('addToCart')}
              </Button>
              <Button size="3" variant="soft" asChild>
                <Link to={singleLinePath({ productId: product.id, variantId: variant?.id, quantity: pick.stepper.value })} data-testid="product-request-quote">
                  {t('requestQuote')}
                </Link>
              </Button>
            </Flex>
          )}
          {forSale && stock <= 0 && (
            <Flex mt="2">
              <NotifyMe key={variant?.id} productId={product.id} variantId={variant?.id} size="3" />
            </Flex>
          )}
          {attributes.length > 0 && (
            <Box mt="4">
              <Separator size="4" mb="4" />
              <Heading as="h2" size="4" mb="3">
                {t('specifications')}
              </Heading>
              <Card>
                <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
                  {attributes.map((a, i) => (
                    <DataList.Item key={a.key + i}>
                      <DataList.Label minWidth="140px">{a.key}</DataList.Label>
                      <DataList.Value>{a.value}</DataList.Value>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              </Card>
            </Box>
          )}
        </Flex>
      </Grid>
    </Container>
  );
}
