import { Link, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FitTable } from '../../../components/FitTable';
import { formatDate, usePrice } from '../../../lib/format';
import { QUOTE_STATUSES } from '../../quotes/quoteModel';
import { QuoteStatusBadge } from '../../quotes/QuoteParts';
import { StatusList } from '../components/StatusList';
import { adminQuotesQuery } from './api';

/** /admin/quotes: the quotes, newest first, filtered by status (kept in the URL: ?status=sent). */
export function QuotesView() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  return (
    <StatusList
      title={t('quotes.title')}
      filterLabel={t('quotes.filter')}
      allLabel={t('quotes.all')}
      statuses={QUOTE_STATUSES}
      statusLabel={(s) => t(`common:quoteStatus.${s}`)}
      filterTestId="quote-status-filter"
      query={adminQuotesQuery}
      loadError={t('quotes.loadError')}
      empty={t('quotes.empty')}
    >
      {(quotes) => (
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
            {quotes.map((q) => (
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
    </StatusList>
  );
}
