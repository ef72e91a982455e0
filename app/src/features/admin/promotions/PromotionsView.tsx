import { useState } from 'react';
import { Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '../../../api/types';
import { FitTable } from '../../../components/FitTable';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { payloadOf, promotionsQuery, useDeletePromotion, useSavePromotion } from './api';
import { duplicateOf, emptyPromotion, fromPromotion, type PromotionFormValues } from './formModel';
import { PromotionDialog } from './PromotionDialog';
import { PromotionRow } from './PromotionRow';

/** /admin/promotions: every promotion with its uses and revenue; add, edit, pause, duplicate, delete. */
export function PromotionsView() {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const list = useQuery(promotionsQuery());
  const save = useSavePromotion();
  const remove = useDeletePromotion();
  const [editing, setEditing] = useState<{ id?: string; initial: PromotionFormValues } | null>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const toggle = (p: Promotion) =>
    save.mutate(
      { id: p.id, body: { ...payloadOf(p), isActive: !p.isActive } },
      { onError: (err) => toast.error(failureText(t, err, 'promotions.saveError'), TOAST_LONG) },
    );
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('promotions.deleted'), TOAST_LONG);
        setDeleting(null);
      },
      onError: (err) => toast.error(failureText(t, err, 'promotions.deleteError'), TOAST_LONG),
    });
  const promotions = list.data ?? [];
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          {t('promotions.title')}
        </Heading>
        <Button onClick={() => setEditing({ initial: emptyPromotion() })}>
          <PlusIcon /> {t('promotions.add')}
        </Button>
      </Flex>
      <Text size="2" color="gray">
        {t('promotions.intro')}
      </Text>
      {list.error ? (
        <LoadError message={t('promotions.loadError')} onRetry={() => void list.refetch()} />
      ) : !list.isPending && promotions.length === 0 ? (
        <Text>{t('promotions.empty')}</Text>
      ) : (
        <FitTable aria-busy={list.isPending || save.isPending} actions>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('promotions.columns.name')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('promotions.columns.offer')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('promotions.columns.window')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('promotions.columns.uses')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('promotions.columns.revenue')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('promotions.columns.status')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('products.columns.actions')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {promotions.map((p) => (
              <PromotionRow
                key={p.id}
                promotion={p}
                onEdit={() => setEditing({ id: p.id, initial: fromPromotion(p) })}
                onToggle={() => toggle(p)}
                onDuplicate={() => setEditing({ initial: duplicateOf(p, t('promotions.copySuffix')) })}
                onDelete={() => setDeleting(p)}
              />
            ))}
          </Table.Body>
        </FitTable>
      )}
      {editing && <PromotionDialog id={editing.id} initial={editing.initial} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('promotions.deleteTitle')}
        description={t('promotions.deleteConfirm')}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}
