import { useEffect, useState } from 'react';
import { Badge, Box, Button, Flex, Heading, IconButton, Select, Spinner, Strong, Table, Text, TextField, Tooltip } from '@radix-ui/themes';
import { MagnifyingGlassIcon, Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Product } from '../../../api/types';
import { FitTable } from '../../../components/FitTable';
import { ProductImage } from '../../../components/ProductImage';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatPrice } from '../../../lib/format';
import { resolveLocalized } from '../../../lib/localized';
import { CATEGORIES, catalogKeys, categoriesQuery } from '../../catalog/api';
import { ADMIN_PRODUCTS_PAGE_SIZE, adminApi, adminKeys, adminProductListQuery } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { failureText } from '../messages';
import { WaitingBadge } from './WaitingBadge';

const ALL = 'all';

/** Admin stock badge: above 10 green, 1 to 10 amber, 0 red (spec section 9). */
export function stockColor(stock: number): 'green' | 'amber' | 'red' {
  if (stock > 10) return 'green';
  if (stock >= 1) return 'amber';
  return 'red';
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The products table with search, category filter and paging, all kept in the URL. */
export function ProductListView() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const toast = useToastApi();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  const search = params.get('search') ?? '';
  const category = params.get('category') ?? '';
  const page = positiveInt(params.get('page'), 1);
  const [searchInput, setSearchInput] = useState(search);
  const [toDelete, setToDelete] = useState<Product | null>(null);

  const setFilter = (patch: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The search box writes to the URL a moment after typing stops.
  useEffect(() => {
    if (searchInput.trim() === search) return;
    const timer = window.setTimeout(() => setFilter({ search: searchInput.trim() }), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setFilter is rebuilt each render; the input and URL value decide
  }, [searchInput, search]);

  const categories = useQuery(categoriesQuery());
  const categoryList = categories.data?.length ? categories.data : CATEGORIES;
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
        <Button onClick={() => openForm('/admin/products/new')}>
          <PlusIcon /> {t('products.add')}
        </Button>
      </Flex>

      <Flex gap="3" wrap="wrap" mb="3" align="end">
        <Box flexGrow="1" minWidth="200px">
          <Text as="label" htmlFor="admin-product-search" size="2" weight="medium">
            {t('products.search')}
          </Text>
          <TextField.Root
            id="admin-product-search"
            type="search"
            mt="1"
            value={searchInput}
            placeholder={t('products.searchPlaceholder')}
            onChange={(e) => setSearchInput(e.target.value)}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
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

      {list.isError && <LoadError message={t('products.loadError')} onRetry={() => void list.refetch()} />}

      {list.isPending ? (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      ) : products.length === 0 && !list.isError ? (
        <Flex direction="column" align="center" gap="3" py="8">
          <Text color="gray">{t('products.empty')}</Text>
          {!filtered && (
            <Button onClick={() => openForm('/admin/products/new')}>
              <PlusIcon /> {t('products.addFirst')}
            </Button>
          )}
        </Flex>
      ) : (
        products.length > 0 && (
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
                  {products.map((p) => {
                    const name = resolveLocalized(p.nameLocalized, lang, p.name);
                    const description = resolveLocalized(p.descriptionLocalized, lang, p.description);
                    return (
                      <Table.Row key={p.id} align="center" className={p.isActive ? undefined : 'admin-row-inactive'} data-inactive={!p.isActive || undefined}>
                        <Table.Cell>
                          <Flex align="center" gap="3" minWidth="260px">
                            <ProductImage
                              fileName={p.imageFileNames?.[0] || p.imageFileName}
                              thumb="120x120"
                              alt=""
                              width={48}
                              height={48}
                              className="thumb"
                              loading="lazy"
                            />
                            <Box minWidth="0">
                              <Text as="div" weight="medium">
                                {name}
                              </Text>
                              <Text as="div" size="1" color="gray" className="clamp-2">
                                {description}
                              </Text>
                            </Box>
                          </Flex>
                        </Table.Cell>
                        <Table.Cell>{t(`shop:categories.${p.category}`, p.category)}</Table.Cell>
                        <Table.Cell justify="end">{formatPrice(p.price)}</Table.Cell>
                        <Table.Cell justify="center">
                          <Badge color={stockColor(p.stockQuantity)} variant="soft" data-color={stockColor(p.stockQuantity)}>
                            {p.stockQuantity}
                          </Badge>
                          <WaitingBadge count={p.waitingAlerts} />
                        </Table.Cell>
                        <Table.Cell>
                          <Badge color={p.isActive ? 'green' : 'gray'} variant="outline">
                            {t(p.isActive ? 'products.active' : 'products.inactive')}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell justify="end">
                          <Flex gap="2" justify="end">
                            <Tooltip content={t('actions.edit')}>
                              <IconButton
                                variant="soft"
                                aria-label={t('products.editNamed', { name })}
                                onClick={() => openForm(`/admin/products/${encodeURIComponent(p.id)}/edit`)}
                              >
                                <Pencil1Icon />
                              </IconButton>
                            </Tooltip>
                            <Tooltip content={t('actions.delete')}>
                              <IconButton variant="soft" color="red" aria-label={t('products.deleteNamed', { name })} onClick={() => setToDelete(p)}>
                                <TrashIcon />
                              </IconButton>
                            </Tooltip>
                          </Flex>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
            </FitTable>
            <Pager page={page} pageSize={ADMIN_PRODUCTS_PAGE_SIZE} totalCount={totalCount} onPage={(p) => setFilter({ page: String(p) })} />
          </>
        )
      )}

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
