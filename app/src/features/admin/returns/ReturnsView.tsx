import { Link, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, usePrice } from '../../../lib/format';
import { ReturnStatusBadge } from '../../orders/OrderReturns';
import { StatusList } from '../components/StatusList';
import { adminReturnsQuery } from './api';

const STATUSES = ['requested', 'approved', 'received', 'rejected'] as const;

/** /admin/returns: the returns, newest first, filtered by status (kept in the URL). */
export function ReturnsView() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  return (
    <StatusList
      title={t('returns.title')}
      filterLabel={t('returns.filter')}
      allLabel={t('returns.all')}
      statuses={STATUSES}
      statusLabel={(s) => t(`account:returns.status.${s}`)}
      query={adminReturnsQuery}
      loadError={t('returns.loadError')}
      empty={t('returns.empty')}
    >
      {(returns) => (
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('returns.number')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('returns.order')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('returns.status')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('returns.refund')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('returns.date')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {returns.map((r) => (
              <Table.Row key={r.id}>
                <Table.RowHeaderCell>
                  <Link asChild>
                    <RouterLink to={`/admin/returns/${r.id}`}>{r.number}</RouterLink>
                  </Link>
                </Table.RowHeaderCell>
                <Table.Cell>{r.orderNumber}</Table.Cell>
                <Table.Cell>
                  <ReturnStatusBadge status={r.status} />
                </Table.Cell>
                <Table.Cell>{r.status === 'received' ? price(r.refundAmount) : ''}</Table.Cell>
                <Table.Cell>{formatDate(r.createdAt, i18n.language)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </StatusList>
  );
}
