import type { AdminUser } from '../../../api/types';
import { DataList, Dialog, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../auth/AuthContext';
import { FitTable } from '../../../components/FitTable';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { formatDate, usePrice } from '../../../lib/format';
import { displayName } from '../../../lib/user';
import { LoadError } from '../components/LoadError';
import { userOrdersQuery } from '../overview/api';
import { InvoiceTerms } from './InvoiceTerms';
import { RoleBadges } from './RoleBadges';
import { RolePicker } from './RolePicker';
import { TaxExemptSwitch } from './TaxExemptSwitch';
import { DialogFooter } from '../../../components/DialogFooter';

function CustomerOrders({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const orders = useQuery(userOrdersQuery(userId));
  if (orders.isError) return <LoadError message={t('orders.loadError')} onRetry={() => void orders.refetch()} />;
  if (orders.isPending) return <Spinner aria-label={t('loading')} />;
  if (orders.data.length === 0) return <Text color="gray">{t('customers.noOrders')}</Text>;
  return (
    <FitTable size="1" cardsBelow={440} actions={false}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('orders.columns.orderNumber')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('orders.columns.total')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('orders.columns.status')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('orders.columns.date')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.data.map((o) => (
            <Table.Row key={o.id} align="center">
              <Table.RowHeaderCell className="fit-nowrap">{o.orderNumber}</Table.RowHeaderCell>
              <Table.Cell justify="end">{price(o.totalAmount)}</Table.Cell>
              <Table.Cell>
                <OrderStatusBadge status={o.status} />
              </Table.Cell>
              <Table.Cell className="fit-nowrap">{formatDate(o.createdAt, i18n.language)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
    </FitTable>
  );
}

/** One customer: account details, their orders, and (for Admins) their staff roles. */
export function CustomerDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const { can } = useAuth();
  const name = user ? displayName(user) : '';

  return (
    <Dialog.Root open={!!user} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="720px">
        <Dialog.Title>{name}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {user?.email}
        </Dialog.Description>
        {user && (
          <Flex direction="column" gap="4" mt="4">
            <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
              <DataList.Item>
                <DataList.Label>{t('customers.columns.roles')}</DataList.Label>
                <DataList.Value>
                  <RoleBadges roles={user.roles} />
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{t('customers.columns.memberSince')}</DataList.Label>
                <DataList.Value>{formatDate(user.createdAt, i18n.language)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{t('customers.columns.lastLogin')}</DataList.Label>
                <DataList.Value>{user.lastLoginAt ? formatDate(user.lastLoginAt, i18n.language, true) : t('customers.never')}</DataList.Value>
              </DataList.Item>
              {(user.companyName || user.taxId) && (
                <DataList.Item>
                  <DataList.Label>{t('customers.company')}</DataList.Label>
                  <DataList.Value>{[user.companyName, user.taxId].filter(Boolean).join(' · ')}</DataList.Value>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.Label>{t('customers.columns.spent')}</DataList.Label>
                <DataList.Value>{t('customers.spentIn', { amount: price(user.totalSpent), count: user.ordersCount })}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
            {can('roles') && <RolePicker key={`${user.id} ${user.roles.join(' ')}`} user={user} />}
            {can('customers.write') && <TaxExemptSwitch user={user} />}
            {can('customers.write') && <InvoiceTerms key={user.id} user={user} />}
            <Heading as="h3" size="3">
              {t('customers.orders')}
            </Heading>
            <CustomerOrders userId={user.id} />
          </Flex>
        )}
        <DialogFooter closeLabel={t('actions.close')} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
