import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { queriesTo, renderAdmin, setupAdminI18n } from '../test/helpers';
import type { Overview } from '../../../api/types';


const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const OVERVIEW: Overview = {
  days: 7,
  revenue: { today: 100, last7Days: 178, last30Days: 1258.5 },
  tax: { today: 6.25, last7Days: 10.5, last30Days: 70.12 },
  averageOrderValue: 44.5,
  periodRevenue: 178,
  periodTax: 10.5,
  periodOrders: 4,
  ordersByStatus: { Created: 2, Processing: 1, Processed: 0, Shipped: 1, Delivered: 5, Cancelled: 1 },
  revenueByDay: ['17', '18', '19', '20', '21', '22', '23'].map((d, i) => ({ date: `2026-11-${d}`, revenue: i === 6 ? 100 : 13, tax: 0, orders: 1 })),
  topProducts: [{ id: 'p3', variantId: 'v3', sku: 'CAB-1', name: 'Cable', nameLocalized: { en: 'Cable', ru: 'Кабель' }, units: 4, revenue: 20 }],
  lowStock: [
    { id: 'p3', variantId: 'v3', sku: 'CAB-1', name: 'Cable', nameLocalized: { en: 'Cable' }, stockQuantity: 0 },
    { id: 'p1', variantId: 'v1', sku: 'FOG-1', name: 'Fog machine', nameLocalized: { en: 'Fog machine' }, stockQuantity: 3 },
  ],
  lowStockCount: 2,
  newContactRequests: 2,
  queuedEmails: 3,
  failedEmails: 1,
  awaiting: { amount: 0, orders: 0 },
  quotes: { requested: 2, open: 1, openValue: 1707.54, accepted: 3, acceptedValue: 2494.76 },
};

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/overview': { body: OVERVIEW },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('admin overview', () => {
  it('shows the figures in the shop money format, the period from the URL and the e-mails waiting', async () => {
    const { fn } = api();
    renderAdmin('/admin/overview?days=7');
    const figures = await screen.findByRole('list', { name: 'Key figures' });
    expect(within(figures).getByText('$100.00')).toBeInTheDocument();
    // The tax inside the revenue, as the orders stored it.
    expect(within(figures).getByText(/incl. \$6.25 tax/)).toBeInTheDocument();
    expect(within(figures).getByText('$1,258.50')).toBeInTheDocument();
    expect(within(figures).getByText('$44.50')).toBeInTheDocument();
    expect(within(figures).getByText('3 queued · 1 failed')).toBeInTheDocument();
    // The quotes: the value awaiting the customers' answer, the requests to price, the value accepted in the period.
    const open = within(figures).getByText('Quotes awaiting an answer').closest('li') as HTMLElement;
    expect(open).toHaveTextContent('$1,707.54');
    expect(within(open).getByRole('link', { name: '1 sent' })).toHaveAttribute('href', '/admin/quotes?status=sent');
    expect(within(open).getByRole('link', { name: '2 requests to price' })).toHaveAttribute('href', '/admin/quotes?status=requested');
    expect(within(figures).getByText('Quotes accepted, last 7 days').closest('li')).toHaveTextContent('$2,494.763 quotes');
    expect(within(figures).getByRole('link', { name: 'Open e-mails' })).toHaveAttribute('href', '/admin/emails');
    // The cards' links keep the theme's accent colour (a grey Text around them made them grey).
    for (const link of within(figures).getAllByRole('link')) expect(link.closest('[data-accent-color="gray"]')).toBeNull();
    expect(queriesTo(fn, '/api/admin/overview')[0].get('days')).toBe('7');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(screen.getByText('Top products, last 7 days')).toBeInTheDocument();
  });

  it('switches the period and asks the server for it', async () => {
    const { fn } = api();
    renderAdmin('/admin/overview');
    await screen.findByRole('list', { name: 'Key figures' });
    expect(queriesTo(fn, '/api/admin/overview')[0].get('days')).toBe('30');
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    expect(queriesTo(fn, '/api/admin/overview').at(-1)!.get('days')).toBe('90');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/overview?days=90');
  });

  it('sets the stock of a low-stock product inline and refreshes the overview', async () => {
    const { callsTo, fn } = api({
      'GET /api/products/p3': { body: { id: 'p3', stockQuantity: 2, variants: [{ id: 'v3', stockQuantity: 2 }] } },
      'PUT /api/products/p3': { body: { id: 'p3', stockQuantity: 25 } },
    });
    renderAdmin('/admin/overview');
    await user.click(await screen.findByRole('button', { name: 'Set stock of Cable' }));
    const input = screen.getByRole('spinbutton', { name: 'New stock of Cable' });
    await user.clear(input);
    await user.type(input, '-1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '25{Enter}');
    expect(await screen.findByText('Stock of Cable set to 25')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/products/p3').map((c) => c.body)).toEqual([{ stockQuantity: 25 }]);
    expect(queriesTo(fn, '/api/admin/overview').length).toBeGreaterThanOrEqual(2);
  });
});
