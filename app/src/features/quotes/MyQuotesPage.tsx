import { Button, Callout, Card, Container, Flex, Heading, Link as RadixLink, Spinner, Table, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FitTable } from '../../components/FitTable';
import { errorText } from '../../i18n/errors';
import { formatDate, usePrice } from '../../lib/format';
import { myQuotesQuery } from './api';
import { QuoteStatusBadge } from './QuoteParts';

/** /account/quotes: the customer's quotes with their status, newest first. */
export default function MyQuotesPage() {
  const { t, i18n } = useTranslation('account');
  const price = usePrice();
  const { data, isPending, error } = useQuery(myQuotesQuery());
  const quotes = data ?? [];
  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Heading as="h1" size="7" mb="4">
        {t('quotes.listTitle')}
      </Heading>
      {error && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{errorText(t, error, 'account:quotes.loadFailed')}</Callout.Text>
        </Callout.Root>
      )}
      {isPending ? (
        <Flex justify="center" py="8" role="status" aria-label={t('common:loading')}>
          <Spinner size="3" />
        </Flex>
      ) : quotes.length === 0 && !error ? (
        <Card size="4">
          <Flex direction="column" align="center" gap="3" py="5">
            <Heading as="h2" size="5">
              {t('quotes.empty.title')}
            </Heading>
            <Text color="gray" align="center">
              {t('quotes.empty.text')}
            </Text>
            <Button asChild>
              <Link to="/">{t('orders.empty.shop')}</Link>
            </Button>
          </Flex>
        </Card>
      ) : (
        quotes.length > 0 && (
          <FitTable actions={false}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('quotes.columns.number')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('quotes.columns.event')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('quotes.columns.status')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('quotes.columns.total')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('quotes.columns.date')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {quotes.map((q) => (
                <Table.Row key={q.id} align="center" data-testid="my-quote">
                  <Table.RowHeaderCell>
                    <RadixLink asChild weight="medium">
                      <Link to={`/account/quotes/${encodeURIComponent(q.id)}`}>{q.number}</Link>
                    </RadixLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>{q.eventName || '—'}</Table.Cell>
                  <Table.Cell>
                    <QuoteStatusBadge quote={q} />
                  </Table.Cell>
                  <Table.Cell>{q.status === 'requested' ? t('quotes.notPriced') : price(q.total)}</Table.Cell>
                  <Table.Cell>
                    <time dateTime={q.createdAt}>{formatDate(q.createdAt, i18n.language)}</time>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </FitTable>
        )
      )}
    </Container>
  );
}
