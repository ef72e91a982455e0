import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { queriesTo, renderAdmin, setupAdminI18n } from '../test/helpers';


const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
const USERS = [
  { ...ADMIN, createdAt: '2026-01-02T10:00:00Z', lastLoginAt: '2026-11-23T09:00:00Z', ordersCount: 0, totalSpent: 0 },
  {
    id: 'u2', email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', roles: ['Customer'], isAdmin: false,
    createdAt: '2026-03-04T10:00:00Z', lastLoginAt: null, ordersCount: 2, totalSpent: 1349.9,
  },
];
const page = (users = USERS, totalCount = users.length) => ({ users, pagination: { page: 1, pageSize: 20, totalCount, totalPages: 1 } });
const CHANGES = {
  changes: [{ id: 'c1', userId: 'u9', userEmail: 'old@example.com', by: 'admin@example.com', from: ['Admin', 'Customer'], to: ['Customer'], at: '2026-11-20T10:00:00Z' }],
  pagination: { page: 1, pageSize: 10, totalCount: 1, totalPages: 1 },
};

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/users': { body: page() },
    'GET /api/admin/role-changes': { body: CHANGES },
    'GET /api/admin/users/u2/orders': {
      body: [{ id: 'o1', orderNumber: 'ORD-20261122-7KQ2MX', customerName: 'Jane Doe', customerEmail: 'jane@example.com', totalAmount: 1299.9, itemCount: 3, status: 'Shipped', createdAt: '2026-11-22T10:00:00Z' }],
    },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('admin customers', () => {
  it('lists users with roles, orders, spending and dates, and the role changes', async () => {
    api();
    renderAdmin('/admin/customers');
    await screen.findByText('Jane Doe');
    const jane = within(rowOf('Jane Doe'));
    expect(jane.getByText('jane@example.com')).toBeInTheDocument();
    expect(jane.getByText('$1,349.90')).toBeInTheDocument();
    expect(jane.getByText('Never')).toBeInTheDocument();
    expect(jane.getByText('Mar 4, 2026')).toBeInTheDocument();
    const changes = await screen.findByText('old@example.com');
    expect(within(changes.closest('tr') as HTMLElement).getByText('admin@example.com')).toBeInTheDocument();
  });

  it('searches by name or e-mail through the URL', async () => {
    const { fn } = api();
    renderAdmin('/admin/customers?page=2');
    await screen.findByText('Jane Doe');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'jane');
    await vi.waitFor(() => expect(queriesTo(fn, '/api/admin/users').at(-1)!.get('search')).toBe('jane'));
    expect(queriesTo(fn, '/api/admin/users').at(-1)!.get('page')).toBe('1');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/customers?search=jane');
  });

  it("shows a customer's orders and grants Admin after a confirmation", async () => {
    const { callsTo } = api({ 'PUT /api/admin/users/u2/roles': { body: { ...USERS[1], roles: ['Admin', 'Customer'], isAdmin: true } } });
    renderAdmin('/admin/customers');
    await user.click(await screen.findByRole('button', { name: 'Details of jane@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('ORD-20261122-7KQ2MX')).toBeInTheDocument();
    expect(within(dialog).getByText('Shipped')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Admin/ }));
    await user.click(save);
    const confirm = await screen.findByRole('alertdialog');
    expect(callsTo('PUT', '/api/admin/users/u2/roles')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('Jane Doe is now an admin')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/users/u2/roles').map((c) => c.body)).toEqual([{ roles: ['Admin', 'Customer'] }]);
  });

  it('makes a customer Fulfilment staff with the role picker, keeping Customer', async () => {
    const { callsTo } = api({ 'PUT /api/admin/users/u2/roles': { body: { ...USERS[1], roles: ['Fulfilment', 'Customer'], permissions: ['orders.read', 'orders.status'] } } });
    renderAdmin('/admin/customers');
    await user.click(await screen.findByRole('button', { name: 'Details of jane@example.com' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(within(dialog).getByRole('group', { name: 'Staff roles' }));
    expect(picker.getAllByRole('checkbox').map((c) => c.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'false']);
    expect(picker.getByText('Orders and bookings: view, status, tracking, packing slips; no refunds, prices or customers')).toBeInTheDocument();
    await user.click(picker.getByRole('checkbox', { name: /^Fulfilment/ }));
    await user.click(picker.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText("Jane Doe's roles are saved")).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo('PUT', '/api/admin/users/u2/roles').map((c) => c.body)).toEqual([{ roles: ['Fulfilment', 'Customer'] }]);
  });

  it('explains a refused change and does not offer to drop your own Admin role', async () => {
    const admin2 = { ...USERS[1], id: 'u3', email: 'bo@example.com', firstName: 'Bo', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
    api({
      'GET /api/admin/users': { body: page([USERS[0], admin2]) },
      'GET /api/admin/users/u1/orders': { body: [] },
      'GET /api/admin/users/u3/orders': { body: [] },
      'PUT /api/admin/users/u3/roles': { status: 409, body: { status: 409, code: 'last_admin', message: 'The shop must keep at least one admin' } },
    });
    renderAdmin('/admin/customers');
    await user.click(await screen.findByRole('button', { name: 'Details of admin@example.com' }));
    let dialog = await screen.findByRole('dialog');
    const own = within(dialog).getByRole('checkbox', { name: /^Admin/ });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleName(/You cannot remove your own Admin role/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Details of bo@example.com' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Admin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove admin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The shop must keep at least one admin.');
  });
});
