import { useState } from 'react';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pagePath, usePages } from '../../api/pages';
import type { Product, ProductVariant } from '../../api/wire.gen';
import { TOAST_SHORT, useToast } from '../../components/Toast';
import { errorText } from '../../i18n/errors';
import { useAddCartItem } from '../cart/cartWrites';
import { singleLinePath } from '../../lib/quotePath';
import { HireDates } from './HireDates';

interface Props {
  product: Product;
  variant?: ProductVariant;
  name: string;
}

/** The hire information page's slug (seeded by pb_migrations/1796239968_hire_page.go). */
const HIRE_PAGE = 'hire';

/**
 * The link to the hire information page (deposits, collection and return), while the shop has it:
 * the owner may delete the page in /admin/pages. The footer asks for the same list of pages.
 */
function HireInfoLink() {
  const { t } = useTranslation('shop');
  if (!usePages().some((p) => p.slug === HIRE_PAGE)) return null;
  return (
    <Text as="p" size="2" mb="2">
      <Link to={pagePath(HIRE_PAGE)} data-testid="hire-info-link">
        {t('hire.infoLink')}
      </Link>
    </Text>
  );
}

/**
 * Hire on a product's page (issue 46): the quantity and dates (HireDates), Add to cart, and
 * Request a quote for the hire (issue 47: the request form opens with these dates, so a product
 * for hire only can be quoted from its page).
 */
export function HirePanel({ product, variant, name }: Props) {
  const { t } = useTranslation('shop');
  const [quantity, setQuantity] = useState(1);
  const [range, setRange] = useState({ start: '', end: '' });
  const add = useAddCartItem();
  const show = useToast();
  if (!product.hire?.enabled) return null;

  const addToCart = async () => {
    try {
      await add.mutateAsync({ productId: product.id, variantId: variant?.id, quantity, hire: range });
      show({ kind: 'success', message: t('hire.added', { name, start: range.start, end: range.end }), duration: TOAST_SHORT });
      setRange({ start: '', end: '' });
    } catch (e) {
      show({ kind: 'error', message: errorText(t, e, 'common:cart.errors.add'), duration: TOAST_SHORT });
    }
  };
  const quotePath = singleLinePath({ productId: product.id, variantId: variant?.id, quantity, hire: range });
  return (
    <Card size="2" className="hire-panel" data-testid="hire-panel">
      <Heading as="h2" size="4" mb="1">
        {t('hire.title')}
      </Heading>
      <HireInfoLink />
      <HireDates
        product={product}
        variant={variant}
        quantity={quantity}
        onQuantity={setQuantity}
        range={range}
        onRange={setRange}
        action={(ready) => (
          <Flex mt="3" gap="3" wrap="wrap" data-toast-avoid>
            <Button size="3" disabled={!ready || add.isPending} loading={add.isPending} onClick={addToCart}>
              {t('addToCart')}
            </Button>
            <Button size="3" variant="soft" asChild>
              <Link to={quotePath} data-testid="hire-request-quote">
                {t('requestQuote')}
              </Link>
            </Button>
          </Flex>
        )}
      />
    </Card>
  );
}
