import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const OVERVIEW = {
  days: 30, revenue: { today: 0, last7Days: 0, last30Days: 0 }, tax: { today: 0, last7Days: 0, last30Days: 0 }, averageOrderValue: 0,
  ordersByStatus: {}, revenueByDay: [], periodRevenue: 0, periodTax: 0, periodOrders: 0, topProducts: [], lowStock: [], lowStockCount: 0,
  newContactRequests: 0, queuedEmails: 0, failedEmails: 0, awaiting: { amount: 0, orders: 0 },
};
const items = (ok: Record<string, boolean>) =>
  ['mail_server', 'sender', 'bank_details', 'card_payments', 'store_details', 'legal_pages', 'demo_content'].map((key) => ({
    key, ok: ok[key] ?? false, link: key === 'mail_server' ? '/_/#/settings/mail' : key === 'legal_pages' ? '/admin/pages' : '/admin/settings',
  }));

function api(ok: Record<string, boolean>) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/overview': { body: OVERVIEW },
    'GET /api/admin/readiness': { body: { items: items(ok) } },
  });
}

describe('ReadinessCard', () => {
  beforeEach(async () => {
    await setupAdminI18n();
    localStorage.setItem('authToken', 'admin-token');
  });

  it('lists what is not ready on the Overview, each with the way to fix it', async () => {
    api({ store_details: true });
    renderAdmin('/admin/overview');
    const card = await screen.findByTestId('readiness');
    expect(within(card).getByRole('heading', { name: 'Ready to open?' })).toBeInTheDocument();
    expect(within(card).getByTestId('readiness-count')).toHaveTextContent('1 of 7 ready');
    expect(within(card).getByRole('link', { name: 'Edit the pages' })).toHaveAttribute('href', '/admin/pages');
    // The mail settings are PocketBase's dashboard: a page of its own.
    expect(within(card).getByRole('link', { name: 'Open the mail settings' })).toHaveAttribute('href', '/_/#/settings/mail');
    expect(within(within(card).getByTestId('readiness-store_details')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says the shop is ready when every item is', async () => {
    api(Object.fromEntries(items({}).map((i) => [i.key, true])));
    renderAdmin('/admin/overview');
    expect(await screen.findByText('Everything is set: the shop is ready to open.')).toBeInTheDocument();
    expect(screen.getByTestId('readiness-count')).toHaveTextContent('7 of 7 ready');
    expect(within(screen.getByTestId('readiness')).queryByRole('link')).not.toBeInTheDocument();
  });
});
