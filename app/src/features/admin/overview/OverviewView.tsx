import { Box, Card, Flex, Grid, Heading, SegmentedControl, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../components/LoadError';
import { DEFAULT_OVERVIEW_DAYS, OVERVIEW_DAYS, overviewQuery, type OverviewDays } from './api';
import { LowStockList } from './LowStockList';
import { OverviewCards } from './OverviewCards';
import { OrdersByStatus, TopProducts } from './OverviewLists';
import { ReadinessCard } from './ReadinessCard';
import { RevenueChart } from './RevenueChart';

function daysFrom(value: string | null): OverviewDays {
  const n = Number(value);
  return (OVERVIEW_DAYS as readonly number[]).includes(n) ? (n as OverviewDays) : DEFAULT_OVERVIEW_DAYS;
}

/** The shop at a glance: the go-live checklist, takings, the chart per day, orders by status, best sellers and low stock. The period is in the URL. */
export function OverviewView() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const days = daysFrom(params.get('days'));
  const overview = useQuery(overviewQuery(days));
  const o = overview.data;

  const setDays = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (Number(value) === DEFAULT_OVERVIEW_DAYS) next.delete('days');
        else next.set('days', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Box>
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6">
          {t('overview.title')}
        </Heading>
        <SegmentedControl.Root value={String(days)} onValueChange={setDays} aria-label={t('overview.period')}>
          {OVERVIEW_DAYS.map((d) => (
            <SegmentedControl.Item key={d} value={String(d)}>
              {t('overview.days', { count: d })}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>

      <Box mb="4">
        <ReadinessCard />
      </Box>

      {overview.isError && <LoadError message={t('overview.loadError')} onRetry={() => void overview.refetch()} />}
      {overview.isPending && (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      )}

      {o && (
        <Flex direction="column" gap="4">
          <OverviewCards overview={o} />
          <Card>
            <Heading as="h3" size="3" mb="1">
              {t('overview.chart.title', { count: o.revenueByDay.length })}
            </Heading>
            <Text as="p" size="1" color="gray" mb="3">
              {t('overview.chart.note')}
            </Text>
            <RevenueChart days={o.revenueByDay} revenue={o.periodRevenue} orders={o.periodOrders} />
          </Card>
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <TopProducts products={o.topProducts} days={o.days} />
            <OrdersByStatus counts={o.ordersByStatus} />
          </Grid>
          <LowStockList products={o.lowStock} total={o.lowStockCount} />
        </Flex>
      )}
    </Box>
  );
}
