import type { ReactNode } from 'react';
import { Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '../../../api/types';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { usePrice } from '../../../lib/format';
import { resolveLocalized } from '../../../lib/localized';
import type { Overview } from '../../../api/types';
import { TableRoot } from '../../../components/TableRoot';

/** An overview card holding a table: its title, the text when there are no rows, the header row's cells. */
export function TableCard(p: { title: string; empty: string; columns: ReactNode; rows: ReactNode[]; footer?: ReactNode }) {
  return (
    <Card>
      <Heading as="h3" size="3" mb="3">
        {p.title}
      </Heading>
      {p.rows.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {p.empty}
        </Text>
      ) : (
        <TableRoot size="1">
          <Table.Header>
            <Table.Row>{p.columns}</Table.Row>
          </Table.Header>
          <Table.Body>{p.rows}</Table.Body>
        </TableRoot>
      )}
      {p.footer}
    </Card>
  );
}

/** Best sellers of the period by units (cancelled orders left out). */
export function TopProducts({ products, days }: { products: Overview['topProducts']; days: number }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  return (
    <TableCard
      title={t('overview.topProducts', { count: days })}
      empty={t('overview.noSales')}
      columns={
        <>
          <Table.ColumnHeaderCell>{t('overview.product')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('overview.units')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('overview.chart.revenue')}</Table.ColumnHeaderCell>
        </>
      }
      rows={products.map((p) => (
        <Table.Row key={p.id + p.variantId}>
          <Table.RowHeaderCell>
            <Text as="div">{resolveLocalized(p.nameLocalized, i18n.language, p.name)}</Text>
            {p.sku && (
              <Text as="div" size="1" color="gray" weight="regular">
                {t('variants.sku')}: {p.sku}
              </Text>
            )}
          </Table.RowHeaderCell>
          <Table.Cell justify="end">{p.units}</Table.Cell>
          <Table.Cell justify="end">{price(p.revenue)}</Table.Cell>
        </Table.Row>
      ))}
    />
  );
}

/** Every order ever placed by its current status, in the spec's chip colours. */
export function OrdersByStatus({ counts }: { counts: Record<string, number> }) {
  const { t } = useTranslation('admin');
  const extra = Object.keys(counts).filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s));
  return (
    <Card>
      <Heading as="h3" size="3" mb="3">
        {t('overview.ordersByStatus')}
      </Heading>
      <ul className="plain-list">
        {[...ORDER_STATUSES, ...extra].map((s) => (
          <Flex asChild key={s} justify="between" align="center" py="1">
            <li>
              <OrderStatusBadge status={s} />
              <Text weight="medium">{counts[s] ?? 0}</Text>
            </li>
          </Flex>
        ))}
      </ul>
    </Card>
  );
}
