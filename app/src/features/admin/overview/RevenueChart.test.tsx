import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { setupAdminI18n } from '../test/helpers';
import type { DayFigures } from '../../../api/types';
import { RevenueChart } from './RevenueChart';

const DAYS: DayFigures[] = [
  { date: '2026-11-21', revenue: 0, tax: 0, orders: 0 },
  { date: '2026-11-22', revenue: 1299.9, tax: 0, orders: 2 },
  { date: '2026-11-23', revenue: 50, tax: 0, orders: 1 },
];

let i18n: I18n;
beforeEach(async () => {
  i18n = await setupAdminI18n();
});

function renderChart(days = DAYS, revenue = 1349.9, orders = 3) {
  return render(
    <I18nextProvider i18n={i18n}>
      <RevenueChart days={days} revenue={revenue} orders={orders} />
    </I18nextProvider>,
  );
}

describe('RevenueChart', () => {
  it('has a text alternative: a summary on the image and every day, zero days too, in a table', async () => {
    renderChart();
    const img = screen.getByRole('img');
    expect(img).toHaveAccessibleName(
      'Revenue and orders per day over 3 days: $1,349.90 from 3 orders. Best day: Nov 22, $1,299.90.',
    );

    await userEvent.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent))).toEqual([
      ['Nov 21, 2026', '$0.00', '0'],
      ['Nov 22, 2026', '$1,299.90', '2'],
      ['Nov 23, 2026', '$50.00', '1'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Date (UTC)' })).toBeInTheDocument();
  });

  it('draws a bar per day with its figures as a tooltip, and the orders line', () => {
    const { container } = renderChart();
    const bars = container.querySelectorAll('rect.chart-bar');
    expect(bars).toHaveLength(3);
    expect(bars[1].querySelector('title')?.textContent).toBe('Nov 22, 2026: $1,299.90, 2 orders');
    expect(bars[0].getAttribute('height')).toBe('0');
    expect(container.querySelector('polyline.chart-line')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    // The legend's swatches take the chart's colours: not inside a grey-accent element, which
    // turned the bar's swatch grey beside indigo bars.
    for (const key of container.querySelectorAll('.chart-key')) expect(key.closest('[data-accent-color="gray"]')).toBeNull();
  });

  it('says when a period had no sales', () => {
    renderChart(DAYS.map((d) => ({ ...d, revenue: 0, tax: 0, orders: 0 })), 0, 0);
    expect(screen.getByRole('img')).toHaveAccessibleName('Revenue and orders per day over 3 days: $0.00 from 0 orders.');
  });
});
