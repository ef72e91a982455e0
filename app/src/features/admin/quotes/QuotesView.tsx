import { Box, Flex, Heading, Link, Spinner, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FitTable } from '../../../components/FitTable';
import { NativeSelect } from '../../../components/NativeSelect';
import { formatDate, usePrice } from '../../../lib/format';
import { QUOTE_STATUSES } from '../../quotes/quoteModel';
import { QuoteStatusBadge } from '../../quotes/QuoteParts';
import { LoadError } from '../components/LoadError';
import { adminQuotesQuery } from './api';

/** /admin/quotes: the quotes, newest first, filtered by status (kept in the URL: ?status=sent). */
export function QuotesView() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const list = useQuery(adminQuotesQuery(status));
  return (
    <Box>
      <Flex justify="between" align="end" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6">
          {t('quotes.title')}
        </Heading>
        <label className="return-field">
          <Text size="2">{t('quotes.filter')}</Text>
          <NativeSelect value={status} onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})} data-testid="quote-status-filter">
            <option value="">{t('quotes.all')}</option>
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common:quoteStatus.${s}`)}
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
      {list.isError && <LoadError message={t('quotes.loadError')} onRetry={() => void list.refetch()} />}
      {list.data && !list.data.length && <Text color="gray">{t('quotes.empty')}</Text>}
      {list.data && list.data.length > 0 && (
        <FitTable actions={false}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('quotes.number')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('quotes.customer')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('quotes.event')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('quotes.status')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('quotes.total')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('quotes.date')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.map((q) => (
              <Table.Row key={q.id} data-testid="admin-quote-row">
                <Table.RowHeaderCell>
                  <Link asChild weight="medium">
                    <RouterLink to={`/admin/quotes/${encodeURIComponent(q.id)}`}>{q.number}</RouterLink>
                  </Link>
                </Table.RowHeaderCell>
                <Table.Cell className="fit-break">{q.customerName || q.customerEmail}</Table.Cell>
                <Table.Cell>{[q.eventName, q.eventDate].filter(Boolean).join(' · ') || '—'}</Table.Cell>
                <Table.Cell>
                  <QuoteStatusBadge quote={q} />
                </Table.Cell>
                <Table.Cell>{price(q.total)}</Table.Cell>
                <Table.Cell>{formatDate(q.createdAt, i18n.language)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </FitTable>
      )}
    </Box>
  );
}
