import { useState } from 'react';
import { Box, Button, Flex, Heading, Select, Strong, Table, Text } from '@radix-ui/themes';
import { PlusIcon, UploadIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Product } from '../../../api/types';
import { FitTable } from '../../../components/FitTable';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { resolveLocalized } from '../../../lib/localized';
import { useAdminCategoryNames } from '../categories/api';
import { ADMIN_PRODUCTS_PAGE_SIZE, adminApi, adminProductListQuery } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ListState } from '../components/ListState';
import { SearchField } from '../components/SearchField';
import { Pager } from '../components/Pager';
import { useListQuery } from '../components/useListQuery';
import { failureText } from '../messages';
import { ProductRow } from './ProductRow';
import { adminKeys, catalogKeys } from '../../../api/queryKeys';

const ALL = 'all';


/** The products table with search, category filter and paging, all kept in the URL. */
export function ProductListView() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const toast = useToastApi();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { params, search, page, searchInput, setSearchInput, setQuery: setFilter, setPage } = useListQuery();
  const category = params.get('category') ?? '';
  const [toDelete, setToDelete] = useState<Product | null>(null);

  const categoryList = useAdminCategoryNames();
  const list = useQuery(adminProductListQuery({ search, category, page }));
  const products = list.data?.products ?? [];
  const totalCount = list.data?.pagination?.totalCount ?? products.length;

  const remove = useMutation({
    mutationFn: (p: Product) => adminApi.deleteProduct(p.id),
    onSuccess: async () => {
      toast.success(t('products.deleted'), TOAST_LONG);
      setToDelete(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]);
    },
    onError: (error) => {
      setToDelete(null);
      toast.error(failureText(t, error, 'products.deleteError'), TOAST_LONG);
    },
  });

  const openForm = (path: string) => navigate(path, { state: { listSearch: location.search } });
  const filtered = !!(search || category);

  return (
    <Box>
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6">
          {t('products.title')}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button variant="soft" onClick={() => navigate('/admin/products/import')}>
            <UploadIcon /> {t('import.open')}
          </Button>
          <Button onClick={() => openForm('/admin/products/new')}>
            <PlusIcon /> {t('products.add')}
          </Button>
        </Flex>
      </Flex>

      <Flex gap="3" wrap="wrap" mb="3" align="end">
        <Box flexGrow="1" minWidth="200px">
          <SearchField
            id="admin-product-search"
            label={t('products.search')}
            placeholder={t('products.searchPlaceholder')}
            value={searchInput}
            onChange={setSearchInput}
          />
        </Box>
        <Box>
          <Text as="label" htmlFor="admin-product-category" size="2" weight="medium" style={{ display: 'block' }} mb="1">
            {t('products.category')}
          </Text>
          <Select.Root value={category || ALL} onValueChange={(v) => setFilter({ category: v === ALL ? '' : v })}>
            <Select.Trigger id="admin-product-category" style={{ minWidth: 180 }} />
            <Select.Content position="popper">
              <Select.Item value={ALL}>{t('products.allCategories')}</Select.Item>
              {categoryList.map((c) => (
                <Select.Item key={c} value={c}>
                  {t(`shop:categories.${c}`, c)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Box>
      </Flex>

      <ListState
        query={list}
        loadError={t('products.loadError')}
        count={products.length}
        empty={
          <Flex direction="column" align="center" gap="3" py="8">
            <Text color="gray">{t('products.empty')}</Text>
            {!filtered && (
              <Button onClick={() => openForm('/admin/products/new')}>
                <PlusIcon /> {t('products.addFirst')}
              </Button>
            )}
          </Flex>
        }
      >
          <>
            <FitTable aria-busy={list.isFetching}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t('products.columns.product')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('products.columns.category')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('products.columns.price')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="center">{t('products.columns.stock')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('products.columns.status')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('products.columns.actions')}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {products.map((p) => (
                    <ProductRow
                      key={p.id}
                      product={p}
                      lang={lang}
                      onEdit={() => openForm(`/admin/products/${encodeURIComponent(p.id)}/edit`)}
                      onDelete={() => setToDelete(p)}
                    />
                  ))}
                </Table.Body>
            </FitTable>
            <Pager page={page} pageSize={ADMIN_PRODUCTS_PAGE_SIZE} totalCount={totalCount} onPage={setPage} />
          </>
      </ListState>

      <ConfirmDialog
        open={!!toDelete}
        title={t('products.deleteTitle')}
        description={
          <>
            {t('products.deleteConfirm')} <Strong>{toDelete ? resolveLocalized(toDelete.nameLocalized, lang, toDelete.name) : ''}</Strong>
          </>
        }
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}
