import { Box, Flex, Heading, Link, Spinner, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { NativeSelect } from '../../../components/NativeSelect';
import { formatDate, usePrice } from '../../../lib/format';
import { ReturnStatusBadge } from '../../orders/OrderReturns';
import { LoadError } from '../components/LoadError';
import { adminReturnsQuery } from './api';

const STATUSES = ['requested', 'approved', 'received', 'rejected'] as const;

/** /admin/returns: the returns, newest first, filtered by status (kept in the URL). */
export function ReturnsView() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const list = useQuery(adminReturnsQuery(status));
  return (
    <Box>
      <Flex justify="between" align="end" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6">
          {t('returns.title')}
        </Heading>
        <label className="return-field">
          <Text size="2">{t('returns.filter')}</Text>
          <NativeSelect value={status} onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}>
            <option value="">{t('returns.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`account:returns.status.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </Flex>
      {list.isPending && (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      )}
      {list.isError && <LoadError message={t('returns.loadError')} onRetry={() => void list.refetch()} />}
      {list.data && !list.data.length && <Text color="gray">{t('returns.empty')}</Text>}
      {list.data && list.data.length > 0 && (
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
            {list.data.map((r) => (
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
    </Box>
  );
}
