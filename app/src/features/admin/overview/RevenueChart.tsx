import { useEffect, useId, useRef, useState } from 'react';
import { Box, Flex, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { usePrice } from '../../../lib/format';
import type { DayFigures } from '../../../api/types';
import { bestDay, dayLabel, layoutChart, polylinePoints } from './chartModel';
import './overview.css';
import { TableRoot } from '../../../components/TableRoot';

const HEIGHT = 240;
const FALLBACK_WIDTH = 640;

/** The element's width, followed as it resizes (the chart draws at real pixels, so its text never scales). */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.clientWidth > 0) setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Revenue (bars, left axis) and orders (line, right axis) per UTC day, with the same figures as a table. */
export function RevenueChart({ days, revenue, orders }: { days: DayFigures[]; revenue: number; orders: number }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const lang = i18n.language;
  const [ref, width] = useWidth<HTMLDivElement>();
  const titleId = useId();
  const chart = layoutChart(days, width, HEIGHT, lang);
  const best = bestDay(days);
  // The period's revenue and orders are the server's (periodRevenue, periodOrders), not added up here.
  const summary = t('overview.chart.summary', {
    days: days.length,
    revenue: price(revenue),
    orders,
    best: best ? t('overview.chart.bestDay', { date: dayLabel(best.date, lang), revenue: price(best.revenue) }) : '',
  });
  const { plot } = chart;

  return (
    <Box>
      <Flex gap="4" mb="2" wrap="wrap" aria-hidden="true">
        {/* Grey by class, not color="gray": that prop remaps the accent inside, and the bar's swatch
            came out grey beside indigo bars. */}
        <Text size="1" className="chart-key-label">
          <span className="chart-key chart-key-bar" /> {t('overview.chart.revenue')}
        </Text>
        <Text size="1" className="chart-key-label">
          <span className="chart-key chart-key-line" /> {t('overview.chart.orders')}
        </Text>
      </Flex>
      <div ref={ref} className="revenue-chart">
        <svg width={chart.width} height={chart.height} role="img" aria-labelledby={titleId}>
          <title id={titleId}>{summary}</title>
          {chart.revenueTicks.map((tick) => (
            <g key={`r${tick.value}`}>
              <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} className="chart-grid" />
              <text x={plot.left - 6} y={tick.y} dy="0.32em" textAnchor="end" className="chart-axis">
                {tick.label}
              </text>
            </g>
          ))}
          {chart.orderTicks.map((tick) => (
            <text key={`o${tick.value}`} x={plot.right + 6} y={tick.y} dy="0.32em" className="chart-axis">
              {tick.label}
            </text>
          ))}
          {chart.bars.map((b) => (
            <rect key={b.date} x={b.x} y={b.y} width={Math.max(b.width, 1)} height={b.height} className="chart-bar">
              <title>{`${dayLabel(b.date, lang, true)}: ${price(b.revenue)}, ${t('overview.chart.ordersCount', { count: b.orders })}`}</title>
            </rect>
          ))}
          <polyline points={polylinePoints(chart.orderPoints)} className="chart-line" />
          {chart.xLabels.map((l) => (
            <text key={l.label + l.x} x={l.x} y={plot.bottom + 16} textAnchor="middle" className="chart-axis">
              {l.label}
            </text>
          ))}
          <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="chart-baseline" />
        </svg>
      </div>
      <details className="chart-table">
        <summary>
          <Text size="2">{t('overview.chart.showTable')}</Text>
        </summary>
        <div className="table-scroll" style={{ marginTop: 'var(--space-2)' }}>
          <TableRoot size="1" variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('overview.chart.date')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('overview.chart.revenue')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('overview.chart.orders')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {days.map((d) => (
                <Table.Row key={d.date}>
                  <Table.RowHeaderCell>
                    <time dateTime={d.date}>{dayLabel(d.date, lang, true)}</time>
                  </Table.RowHeaderCell>
                  <Table.Cell justify="end">{price(d.revenue)}</Table.Cell>
                  <Table.Cell justify="end">{d.orders}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </TableRoot>
        </div>
      </details>
    </Box>
  );
}
