import { useMemo } from 'react';
import { Box, Button, Flex, Spinner } from '@radix-ui/themes';
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { adminProductQuery } from '../api';
import { LoadError } from '../components/LoadError';
import { emptyForm, fromProduct } from './formModel';
import { ProductForm } from './ProductForm';
import { ProductPromotions } from '../promotions/ProductPromotions';

/** /admin/products/new and /admin/products/:productId/edit; back to the list (with its filters) when done. */
export function ProductFormPage() {
  const { t } = useTranslation('admin');
  const { productId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const back = () => navigate({ pathname: '/admin', search: listSearch });

  const product = useQuery({ ...adminProductQuery(productId ?? ''), enabled: !!productId });
  const initial = useMemo(() => (product.data ? fromProduct(product.data) : emptyForm()), [product.data]);

  return (
    <Box>
      <Button variant="ghost" mb="3" onClick={back}>
        <ArrowLeftIcon /> {t('productForm.back')}
      </Button>
      {productId && product.isPending ? (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      ) : productId && product.isError ? (
        <LoadError message={t('productForm.loadError')} onRetry={() => void product.refetch()} />
      ) : (
        <ProductForm key={productId ?? 'new'} productId={productId} initial={initial} onDone={back} />
      )}
      {productId && product.data && (
        <Box mt="4">
          <ProductPromotions productId={productId} categoryId={product.data.categoryId ?? ''} />
        </Box>
      )}
    </Box>
  );
}
