import { useState } from 'react';
import { Button, Flex, IconButton, Table, Text } from '@radix-ui/themes';
import { Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import type { AdminPage } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { pagePath } from '../../../api/pages';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FitTable } from '../../../components/FitTable';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { PageEditor } from './PageEditor';
import { adminPagesQuery, deletePage } from './pagesApi';
import { adminKeys, storeKeys } from '../../../api/queryKeys';
import { ActionsHeader } from '../components/ActionsHeader';

/** /admin/pages: the information pages (list, new, edit). */
export function PagesSettings() {
  return (
    <Routes>
      <Route index element={<PagesList />} />
      <Route path="new" element={<EditPage />} />
      <Route path=":slug" element={<EditPage />} />
    </Routes>
  );
}

function EditPage() {
  const { t } = useTranslation('admin');
  const { slug } = useParams();
  const query = useQuery(adminPagesQuery());
  if (query.isError) return <LoadError message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text color="gray">{t('settings.loading')}</Text>;
  const page = slug ? query.data.find((p) => p.slug === slug) : undefined;
  if (slug && !page) return <Text role="alert">{t('settings.pages.notFound')}</Text>;
  return <PageEditor key={slug ?? 'new'} page={page} />;
}

function PagesList() {
  const { t, i18n } = useTranslation('admin');
  const toast = useToastApi();
  const client = useQueryClient();
  const query = useQuery(adminPagesQuery());
  const [doomed, setDoomed] = useState<AdminPage | null>(null);
  const lang = i18n.resolvedLanguage ?? 'en';
  const remove = useMutation({
    mutationFn: (slug: string) => deletePage(slug),
    onSuccess: () => {
      setDoomed(null);
      toast.success(t('settings.pages.deleted'), TOAST_LONG);
      void client.invalidateQueries({ queryKey: adminKeys.pages });
      void client.invalidateQueries({ queryKey: storeKeys.pages });
    },
    onError: (e) => toast.error(failureText(t, e, 'settings.pages.deleteFailed'), TOAST_LONG),
  });
  if (query.isError) return <LoadError message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text color="gray">{t('settings.loading')}</Text>;
  const title = (p: AdminPage) => p.title?.[lang] || p.title?.en || p.slug;
  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text as="p" size="2" color="gray">
          {t('settings.pages.intro')}
        </Text>
        <Button asChild>
          <Link to="/admin/pages/new">
            <PlusIcon /> {t('settings.pages.new')}
          </Link>
        </Button>
      </Flex>
      <FitTable>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('settings.pages.title')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('settings.pages.address')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('settings.pages.languages')}</Table.ColumnHeaderCell>
              <ActionsHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {query.data.map((p) => (
              <Table.Row key={p.slug}>
                <Table.RowHeaderCell>{title(p)}</Table.RowHeaderCell>
                <Table.Cell>
                  <a href={pagePath(p.slug)} target="_blank" rel="noreferrer">
                    {pagePath(p.slug)}
                  </a>
                </Table.Cell>
                <Table.Cell>{Object.keys(p.source ?? {}).sort().join(', ')}</Table.Cell>
                <Table.Cell>
                  <Flex gap="3" justify="end">
                    <IconButton asChild variant="ghost" aria-label={t('settings.pages.edit', { title: title(p) })}>
                      <Link to={`/admin/pages/${p.slug}`}>
                        <Pencil1Icon />
                      </Link>
                    </IconButton>
                    <IconButton variant="ghost" color="red" aria-label={t('settings.pages.delete', { title: title(p) })} onClick={() => setDoomed(p)}>
                      <TrashIcon />
                    </IconButton>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </FitTable>
      <ConfirmDialog
        open={!!doomed}
        title={t('settings.pages.deleteTitle')}
        description={t('settings.pages.deleteText', { title: doomed ? title(doomed) : '' })}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed.slug)}
        onCancel={() => setDoomed(null)}
      />
    </Flex>
  );
}
