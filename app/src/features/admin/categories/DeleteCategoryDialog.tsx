import { useState } from 'react';
import { AlertDialog, Button, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../api/types';
import { NativeSelect } from '../../../components/NativeSelect';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { failureText } from '../messages';
import { deleteCategory } from './api';
import { adminKeys, catalogKeys } from '../../../api/queryKeys';

/**
 * Delete a category. One with products cannot just go (the server answers 409 category_not_empty):
 * the dialog asks where its products move, and they move in the same step.
 */
export function DeleteCategoryDialog({ category, others, onClose }: { category: Category; others: Category[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? '');
  const needsMove = category.productCount > 0;
  const remove = useMutation({
    mutationFn: () => deleteCategory({ id: category.id, moveTo: needsMove ? moveTo : undefined }),
    onSuccess: () => {
      toast.success(t('categories.deleted'), TOAST_LONG);
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      onClose();
    },
    onError: (err) => toast.error(failureText(t, err, 'categories.deleteError'), TOAST_LONG),
  });
  return (
    <AlertDialog.Root open onOpenChange={(o) => !o && !remove.isPending && onClose()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{t('categories.deleteTitle', { name: category.name })}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {needsMove ? t('categories.deleteMove', { count: category.productCount }) : t('categories.deleteConfirm')}
        </AlertDialog.Description>
        {needsMove && (
          <Flex direction="column" gap="1" mt="3">
            <Text as="label" htmlFor="category-move-to" size="2" weight="medium">
              {t('categories.moveTo')}
            </Text>
            <NativeSelect id="category-move-to" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </NativeSelect>
          </Flex>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={remove.isPending}>
              {t('actions.cancel')}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending} disabled={needsMove && !moveTo}>
            {t(needsMove ? 'categories.moveAndDelete' : 'actions.delete')}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
