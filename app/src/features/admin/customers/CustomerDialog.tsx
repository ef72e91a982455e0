import type { AdminUser } from '../../../api/types';
import { useState } from 'react';
import { Button, DataList, Dialog, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { useAuth } from '../../../auth/AuthContext';
import { FitTable } from '../../../components/FitTable';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatDate, usePrice } from '../../../lib/format';
import { displayName, isAdminUser } from '../../../lib/user';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { insightApi, rolesWithAdmin, userOrdersQuery } from '../overview/api';
import { InvoiceTerms } from './InvoiceTerms';
import { RoleBadges } from './RoleBadges';
import { TaxExemptSwitch } from './TaxExemptSwitch';
import { DialogFooter } from '../../../components/DialogFooter';
import { insightKeys } from '../../../api/queryKeys';

/** The refusals the server explains with a code of its own (docs/api.md). */
const ROLE_CODES = ['own_admin_role', 'last_admin'];

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

/** One customer: account details, their orders, and granting or revoking Admin after a confirmation. */
export function CustomerDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const { user: me, can } = useAuth();
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const admin = isAdminUser(user);
  const name = user ? displayName(user) : '';

  const setRoles = useMutation({
    mutationFn: (u: AdminUser) => insightApi.setRoles(u.id, rolesWithAdmin(u.roles, !isAdminUser(u))),
    onSuccess: async (_saved, u) => {
      setConfirming(false);
      toast.success(t(isAdminUser(u) ? 'customers.revoked' : 'customers.granted', { name: displayName(u) }), TOAST_LONG);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: insightKeys.users }),
        queryClient.invalidateQueries({ queryKey: insightKeys.roleChanges }),
      ]);
    },
    onError: (error) => {
      setConfirming(false);
      const coded = isApiError(error) && ROLE_CODES.includes(error.code);
      toast.error(coded ? t(`customers.errors.${error.code}`) : failureText(t, error, 'customers.roleError'), TOAST_LONG);
    },
  });

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
            {can('roles') && (
            <Flex gap="3" align="center" wrap="wrap">
              <Button variant="soft" color={admin ? 'red' : 'indigo'} disabled={admin && me?.id === user.id} onClick={() => setConfirming(true)}>
                {admin ? t('customers.revoke') : t('customers.grant')}
              </Button>
              {admin && me?.id === user.id && (
                <Text size="1" color="gray">
                  {t('customers.errors.own_admin_role')}
                </Text>
              )}
            </Flex>
            )}
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
      <ConfirmDialog
        open={confirming && !!user}
        title={admin ? t('customers.revokeTitle') : t('customers.grantTitle')}
        description={t(admin ? 'customers.revokeConfirm' : 'customers.grantConfirm', { name, email: user?.email ?? '' })}
        confirmLabel={admin ? t('customers.revoke') : t('customers.grant')}
        busy={setRoles.isPending}
        onConfirm={() => user && setRoles.mutate(user)}
        onCancel={() => setConfirming(false)}
      />
    </Dialog.Root>
  );
}
