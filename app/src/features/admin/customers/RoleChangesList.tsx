import { useState } from 'react';
import { Box, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FitTable } from '../../../components/FitTable';
import { formatDate } from '../../../lib/format';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { ROLE_CHANGES_PAGE_SIZE, roleChangesQuery } from '../overview/api';
import { RoleBadges } from './RoleBadges';

/** The record of role changes: when, who changed whose roles, from what to what. Newest first. */
export function RoleChangesList() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const changes = useQuery(roleChangesQuery(page));
  const list = changes.data?.changes ?? [];
  return (
    <Box mt="6">
      <Heading as="h3" size="4" mb="3">
        {t('customers.roleChanges')}
      </Heading>
      {changes.isError && <LoadError message={t('customers.roleChangesError')} onRetry={() => void changes.refetch()} />}
      {changes.isPending ? (
        <Flex justify="center" py="4">
          <Spinner aria-label={t('loading')} />
        </Flex>
      ) : list.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {t('customers.noRoleChanges')}
        </Text>
      ) : (
        <FitTable size="1" actions={false}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('customers.change.at')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.change.user')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.change.by')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.change.from')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.change.to')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((c) => (
                <Table.Row key={c.id}>
                  <Table.Cell className="fit-nowrap">
                    <time dateTime={c.at}>{formatDate(c.at, i18n.language, true)}</time>
                  </Table.Cell>
                  <Table.RowHeaderCell className="fit-break">{c.userEmail}</Table.RowHeaderCell>
                  <Table.Cell className="fit-break">{c.by || '—'}</Table.Cell>
                  <Table.Cell>
                    <RoleBadges roles={c.from} />
                  </Table.Cell>
                  <Table.Cell>
                    <RoleBadges roles={c.to} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
        </FitTable>
      )}
      {changes.data && changes.data.pagination.totalCount > ROLE_CHANGES_PAGE_SIZE && (
        <Pager page={page} pageSize={ROLE_CHANGES_PAGE_SIZE} totalCount={changes.data.pagination.totalCount} onPage={setPage} />
      )}
    </Box>
  );
}
