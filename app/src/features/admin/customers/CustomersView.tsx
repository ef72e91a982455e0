import type { AdminUser } from '../../../api/types';
import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Table } from '@radix-ui/themes';
import { EyeOpenIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FitTable } from '../../../components/FitTable';
import { formatDate, usePrice } from '../../../lib/format';
import { displayName } from '../../../lib/user';
import { EmptyListText, ListState } from '../components/ListState';
import { SearchField } from '../components/SearchField';
import { Pager } from '../components/Pager';
import { useListQuery } from '../components/useListQuery';
import { USERS_PAGE_SIZE, usersQuery } from '../overview/api';
import { CustomerDialog } from './CustomerDialog';
import { RoleBadges } from './RoleBadges';
import { RoleChangesList } from './RoleChangesList';
import { useAuth } from '../../../auth/AuthContext';
import { EmailText } from '../../../components/EmailText';


/** The shop's users with search and pages (kept in the URL), their orders and spending; a row opens the customer. */
export function CustomersView() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const { can } = useAuth();
  const lang = i18n.language;
  const { search, page, searchInput, setSearchInput, setPage } = useListQuery();
  const [openId, setOpenId] = useState<string | null>(null);

  const list = useQuery(usersQuery({ search, page }));
  const users = list.data?.users ?? [];
  const open: AdminUser | undefined = users.find((u) => u.id === openId);

  return (
    <Box>
      <Heading as="h2" size="6" mb="4">
        {t('customers.title')}
      </Heading>
      <Box mb="3" maxWidth="420px">
        <SearchField
          id="admin-user-search"
          label={t('customers.search')}
          placeholder={t('customers.searchPlaceholder')}
          value={searchInput}
          onChange={setSearchInput}
        />
      </Box>

      <ListState
        query={list}
        loadError={t('customers.loadError')}
        count={users.length}
        empty={<EmptyListText>{t('customers.empty')}</EmptyListText>}
      >
        <FitTable cardsBelow={900}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('customers.columns.name')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.columns.email')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.columns.roles')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('customers.columns.orders')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('customers.columns.spent')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.columns.memberSince')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('customers.columns.lastLogin')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('orders.columns.actions')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.map((u) => (
                <Table.Row key={u.id} align="center">
                  <Table.RowHeaderCell>{displayName(u)}</Table.RowHeaderCell>
                  <Table.Cell className="fit-break">
                    <EmailText email={u.email} />
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="1" wrap="wrap">
                      <RoleBadges roles={u.roles} />
                      {u.taxExempt && (
                        <Badge color="amber" variant="soft">
                          {t('customers.taxExemptBadge')}
                        </Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell justify="end">{u.ordersCount}</Table.Cell>
                  <Table.Cell justify="end">{price(u.totalSpent)}</Table.Cell>
                  <Table.Cell className="fit-nowrap">{formatDate(u.createdAt, lang)}</Table.Cell>
                  <Table.Cell className="fit-nowrap">{u.lastLoginAt ? formatDate(u.lastLoginAt, lang, true) : t('customers.never')}</Table.Cell>
                  <Table.Cell justify="end">
                    <Button size="1" variant="soft" onClick={() => setOpenId(u.id)} aria-label={t('customers.openFor', { email: u.email })}>
                      <EyeOpenIcon /> {t('customers.open')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
        </FitTable>
      </ListState>
      {list.data && list.data.pagination.totalCount > 0 && (
        <Pager page={page} pageSize={USERS_PAGE_SIZE} totalCount={list.data.pagination.totalCount} onPage={setPage} />
      )}

      <CustomerDialog user={open ?? null} onClose={() => setOpenId(null)} />
      {can('roles') && <RoleChangesList />}
    </Box>
  );
}
