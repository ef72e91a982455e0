import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from './test/helpers';

const FULFILMENT = {
  id: 'u7', email: 'pack@example.com', firstName: 'Pat', lastName: 'Packer', language: 'en',
  roles: ['Fulfilment'], isAdmin: false, permissions: ['orders.read', 'orders.status'],
};
const ORDER = {
  id: 'o1', orderNumber: 'ORD-20261122-7KQ2MX', customerName: 'Jane Doe', customerEmail: 'jane@example.com',
  totalAmount: 100, subtotalAmount: 100, shippingAmount: 0, itemCount: 1, status: 'Processing', createdAt: '2026-11-22T10:00:00Z',
  history: [{ status: 'Created', at: '2026-11-22T10:00:00Z' }],
  items: [{ id: 'i1', productId: 'p1', productName: 'XLR Cable', productImage: '', quantity: 1, unitPrice: 100, totalPrice: 100 }],
  payment: {
    method: 'bank_transfer', status: 'partially_paid', amountDue: 100, amountPaid: 50, amountRefunded: 0, outstanding: 50, refundable: 50,
    paidAt: '', dueDate: '', poNumber: '', reference: 'ORD-1', refunds: [{ id: 'r1', amount: 10, status: 'requested', provider: 'manual', surplus: false }],
  },
  shippingQuote: 'pending',
};

function api() {
  return mockFetch({
    'GET /api/auth/profile': { body: FULFILMENT },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/checkout/admin/orders': { body: [ORDER] },
    'GET /api/checkout/admin/orders/o1': { body: ORDER },
  });
}

beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'staff-token');
});

describe('a Fulfilment member in the admin area', () => {
  it('starts at the orders and sees only the order screens in the nav', async () => {
    api();
    renderAdmin('/admin');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders'));
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    await waitFor(() => expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Bookings', expect.stringMatching(/^Orders/)]));
    expect(await screen.findByText('ORD-20261122-7KQ2MX')).toBeInTheDocument();
  });

  it('gets the no-access page at a screen its role lacks, and asks the server nothing for it', async () => {
    const { calls } = api();
    renderAdmin('/admin/settings/payments');
    expect(await screen.findByRole('link', { name: 'Go to Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this page');
    expect(within(screen.getByRole('navigation', { name: 'Admin sections' })).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/admin/'))).toEqual([]);
  });

  it('sees no refund, payment or freight-quote actions on an order, but its status and tracking', async () => {
    api();
    renderAdmin('/admin/orders/o1');
    expect(await screen.findByRole('combobox', { name: /Status of order/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save tracking' })).toBeInTheDocument();
    for (const name of [/^Refund/, 'Record payment', 'Mark as sent', /Send quote/]) {
      expect(screen.queryByRole('button', { name }), String(name)).toBeNull();
    }
  });
});
