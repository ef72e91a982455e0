import { useState } from 'react';
import { Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../api/types';
import { FitTable } from '../../../components/FitTable';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { adminCategoriesQuery, payloadOf, updateCategory } from './api';
import { CategoryDialog } from './CategoryDialog';
import { CategoryRow } from './CategoryRow';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';
import { adminKeys, catalogKeys } from '../../../api/queryKeys';

/** /admin/categories: the catalog's categories in the shop's order; add, rename, reorder, hide, delete. */
export function CategoriesView() {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const list = useQuery(adminCategoriesQuery());
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const move = useMutation({
    mutationFn: ({ c, to }: { c: Category; to: number }) => updateCategory({ id: c.id, ...payloadOf(c), sortOrder: to }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError: (err) => toast.error(failureText(t, err, 'categories.saveError'), TOAST_LONG),
  });
  const cats = list.data ?? [];
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          {t('categories.title')}
        </Heading>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon /> {t('categories.add')}
        </Button>
      </Flex>
      <Text size="2" color="gray">
        {t('categories.intro')}
      </Text>
      {list.error ? (
        <LoadError message={t('categories.loadError')} onRetry={() => void list.refetch()} />
      ) : (
        <FitTable aria-busy={list.isPending || move.isPending}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('categories.columns.name')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('categories.columns.address')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('categories.columns.products')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('categories.columns.status')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('products.columns.actions')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {cats.map((c, i) => (
              <CategoryRow
                key={c.id}
                category={c}
                first={i === 0}
                last={i === cats.length - 1}
                onMove={(by) => move.mutate({ c, to: i + by })}
                onEdit={() => setEditing(c)}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </Table.Body>
        </FitTable>
      )}
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteCategoryDialog category={deleting} others={cats.filter((c) => c.id !== deleting.id)} onClose={() => setDeleting(null)} />}
    </Flex>
  );
}
