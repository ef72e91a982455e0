import { useState } from 'react';
import { Badge, Button, Flex, Table, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { resolveLocalized } from '../../../lib/localized';
import { failureText } from '../messages';
import { stockColor } from '../products/ProductRow';
import type { Overview } from '../../../api/types';
import { insightApi } from './api';
import { TableCard } from './OverviewLists';
import { adminKeys, catalogKeys, insightKeys } from '../../../api/queryKeys';

type Item = Overview['lowStock'][number];

/** The inline "set stock" form of one row: a whole number of at least 0, saved with a mutation. */
function SetStock({ item, name, onDone }: { item: Item; name: string; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(item.stockQuantity));
  const n = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 1_000_000;
  const save = useMutation({
    mutationFn: () => insightApi.setStock(item.id, item.variantId, n),
    onSuccess: async () => {
      toast.success(t('overview.stockSaved', { name, count: n }), TOAST_LONG);
      onDone();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: insightKeys.overview }),
        queryClient.invalidateQueries({ queryKey: adminKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]);
    },
    onError: (error) => toast.error(failureText(t, error, 'overview.stockError'), TOAST_LONG),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate();
      }}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
    >
      <Flex gap="2" align="center" wrap="wrap">
        <TextField.Root
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          size="1"
          style={{ width: 88 }}
          value={value}
          autoFocus
          aria-label={t('overview.newStockFor', { name })}
          aria-invalid={!valid}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button size="1" type="submit" disabled={!valid} loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button size="1" type="button" variant="soft" color="gray" onClick={onDone} disabled={save.isPending}>
          {t('actions.cancel')}
        </Button>
      </Flex>
    </form>
  );
}

/** Active products with 10 or fewer units (the spec's warning band), out of stock first, each with a quick stock edit. */
export function LowStockList({ products, total }: { products: Overview['lowStock']; total: number }) {
  const { t, i18n } = useTranslation('admin');
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <TableCard
      title={t('overview.lowStock', { count: total })}
      empty={t('overview.noLowStock')}
      columns={
        <>
          <Table.ColumnHeaderCell>{t('overview.product')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('products.columns.stock')}</Table.ColumnHeaderCell>
        </>
      }
      rows={products.map((p) => {
        const name = resolveLocalized(p.nameLocalized, i18n.language, p.name);
        return (
          <Table.Row key={p.id + p.variantId} align="center">
            <Table.RowHeaderCell>{name}</Table.RowHeaderCell>
            <Table.Cell>
              {editing === p.variantId + p.id ? (
                <SetStock item={p} name={name} onDone={() => setEditing(null)} />
              ) : (
                <Flex gap="2" align="center" wrap="wrap">
                  <Badge color={stockColor(p.stockQuantity)} variant="soft">
                    {p.stockQuantity === 0 ? t('overview.outOfStock') : p.stockQuantity}
                  </Badge>
                  <Button size="1" variant="ghost" onClick={() => setEditing(p.variantId + p.id)} aria-label={t('overview.setStockFor', { name })}>
                    {t('overview.setStock')}
                  </Button>
                </Flex>
              )}
            </Table.Cell>
          </Table.Row>
        );
      })}
      footer={
        total > products.length && (
          <Text as="p" size="1" color="gray" mt="2">
            {t('overview.lowStockMore', { shown: products.length, total })}
          </Text>
        )
      }
    />
  );
}
