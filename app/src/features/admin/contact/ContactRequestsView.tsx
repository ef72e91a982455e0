import { useState } from 'react';
import { Box, Card, Flex, Grid, Heading, Select, Table, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ContactRequest } from '../../../api/types';
import { ContactStatusItems } from './ContactStatusItems';
import { FitTable } from '../../../components/FitTable';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { CONTACT_PAGE_SIZES, adminApi, contactRequestsQuery, contactStatsQuery } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyListText, ListState } from '../components/ListState';
import { Pager } from '../components/Pager';
import { failureText } from '../messages';
import { ContactDetailDialog, ContactStatusDialog } from './ContactDialogs';
import { ContactRow } from './ContactRow';
import { readFilters, writeFilters, type ContactFilters } from './contactFilters';
import { adminKeys } from '../../../api/queryKeys';

const ALL = 'all';


type DialogState = { kind: 'view' | 'edit' | 'delete'; request: ContactRequest } | null;

/** Contact requests: stats, status filter, paged table and the three dialogs. Polls for new requests. */
export function ContactRequestsView() {
  const { t, i18n } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [openDialog, setOpenDialog] = useState<DialogState>(null);

  const stats = useQuery(contactStatsQuery());
  const list = useQuery(contactRequestsQuery(filters));
  const requests = list.data?.requests ?? [];
  // The admins' e-mail about a new request links here with ?request=<id>: it opens that request.
  const linked = params.get('request');
  const linkedRequest = linked ? requests.find((r) => r.id === linked) : undefined;
  const dialog: DialogState = openDialog ?? (linkedRequest ? { kind: 'view', request: linkedRequest } : null);
  const setDialog = (next: DialogState) => {
    setOpenDialog(next);
    if (linked) setParams((prev) => Object.fromEntries([...prev].filter(([k]) => k !== 'request')), { replace: true });
  };
  const totalCount = list.data?.pagination?.totalCount ?? requests.length;

  const setFilters = (patch: Partial<ContactFilters>) => setParams((prev) => writeFilters(prev, patch), { replace: true });

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: adminKeys.contact });

  const updateStatus = useMutation({
    mutationFn: ({ id, status, adminNotes }: { id: string; status: string; adminNotes: string }) =>
      adminApi.setContactStatus(id, status, adminNotes),
    onSuccess: async () => {
      toast.success(t('contact.statusUpdated'), TOAST_LONG);
      setDialog(null);
      await refreshAll();
    },
    onError: (error) => toast.error(failureText(t, error, 'contact.statusUpdateError'), TOAST_LONG),
  });

  const remove = useMutation({
    mutationFn: (id: string) => adminApi.deleteContactRequest(id),
    onSuccess: async () => {
      toast.success(t('contact.requestDeleted'), TOAST_LONG);
      setDialog(null);
      // Deleting the last row of the last page steps back one page.
      if (requests.length === 1 && filters.page > 1) setFilters({ page: filters.page - 1 });
      await refreshAll();
    },
    onError: (error) => {
      setDialog(null);
      toast.error(failureText(t, error, 'contact.deleteError'), TOAST_LONG);
    },
  });

  const cards = [
    { key: 'total', value: stats.data?.totalRequests, color: undefined },
    { key: 'new', value: stats.data?.newRequests, color: 'indigo' as const },
    { key: 'inProgress', value: stats.data?.inProgressRequests, color: 'amber' as const },
    { key: 'resolved', value: stats.data?.resolvedRequests, color: 'green' as const },
  ];

  return (
    <Box>
      <Heading as="h2" size="6" mb="4">
        {t('contact.title')}
      </Heading>

      <Grid columns={{ initial: '2', md: '4' }} gap="3" asChild>
        <ul className="plain-list admin-stats" aria-label={t('contact.stats.label')}>
          {cards.map((c) => (
            <li key={c.key}>
              <Card>
                <Text as="div" size="2" color="gray">
                  {t(`contact.stats.${c.key}`)}
                </Text>
                <Text as="div" size="6" weight="bold" color={c.color} data-testid={`stat-${c.key}`}>
                  {stats.isPending ? '…' : stats.isError ? '—' : (c.value ?? 0)}
                </Text>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>

      <Flex align="center" gap="2" mb="3" wrap="wrap">
        <Text as="label" htmlFor="contact-status-filter" size="2" weight="medium">
          {t('contact.filter')}
        </Text>
        <Select.Root value={filters.status || ALL} onValueChange={(v) => setFilters({ status: v === ALL ? '' : v })}>
          <Select.Trigger id="contact-status-filter" style={{ minWidth: 160 }} />
          <Select.Content position="popper">
            <Select.Item value={ALL}>{t('contact.allStatuses')}</Select.Item>
            <ContactStatusItems />
          </Select.Content>
        </Select.Root>
      </Flex>

      <ListState
        query={list}
        loadError={t('contact.loadError')}
        count={requests.length}
        empty={<EmptyListText>{t('contact.noRequests')}</EmptyListText>}
      >
          <FitTable aria-busy={list.isFetching}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('contact.columns.name')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('contact.columns.email')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('contact.columns.subject')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('contact.columns.status')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('contact.columns.date')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('contact.columns.actions')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {requests.map((r) => (
                  <ContactRow key={r.id} request={r} lang={i18n.language} onAction={(kind) => setDialog({ kind, request: r })} />
                ))}
              </Table.Body>
          </FitTable>
      </ListState>

      {(requests.length > 0 || filters.page > 1) && (
        <Pager
          page={filters.page}
          pageSize={filters.pageSize}
          totalCount={totalCount}
          onPage={(page) => setFilters({ page })}
          pageSizes={CONTACT_PAGE_SIZES}
          onPageSize={(pageSize) => setFilters({ pageSize })}
        />
      )}

      <ContactDetailDialog
        request={dialog?.kind === 'view' ? dialog.request : null}
        onClose={() => setDialog(null)}
        onEdit={(request) => setDialog({ kind: 'edit', request })}
      />
      <ContactStatusDialog
        request={dialog?.kind === 'edit' ? dialog.request : null}
        busy={updateStatus.isPending}
        onClose={() => setDialog(null)}
        onSave={(status, adminNotes) => dialog && updateStatus.mutate({ id: dialog.request.id, status, adminNotes })}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('contact.deleteTitle')}
        description={t('contact.deleteConfirm', { name: dialog?.request.name ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => dialog && remove.mutate(dialog.request.id)}
        onCancel={() => setDialog(null)}
      />
    </Box>
  );
}
