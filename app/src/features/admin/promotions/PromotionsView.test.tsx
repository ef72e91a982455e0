import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Promotion } from '../../../api/types';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const promotion = (over: Partial<Promotion>): Promotion => ({
  id: 'p1', code: 'TOURING25', automatic: false, name: { en: 'Touring 25', ru: 'Гастроли 25' }, kind: 'percentage', value: 25,
  target: 'order', productIds: [], categoryIds: [], minSubtotal: 200, startsAt: null, endsAt: null, usageLimit: 100,
  perCustomerLimit: 1, timesUsed: 7, combinable: true, isActive: true, orders: 7, revenue: 2450.5, discounted: 612.5,
  createdAt: '2026-11-20T10:00:00Z', ...over,
});
const LIST = [promotion({}), promotion({ id: 'p2', code: '', automatic: true, name: { en: 'Free shipping week' }, kind: 'free_shipping', value: 0, isActive: false, usageLimit: 0, timesUsed: 0 })];

function api() {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/promotions': { body: LIST },
    'GET /api/admin/categories': { body: [{ id: 'c1', slug: 'lighting', name: 'Lighting', nameLocalized: { en: 'Lighting' }, sortOrder: 0, imageFileName: '', imageUrl: '', productCount: 3, hidden: false }] },
    'POST /api/admin/promotions': { status: 201, body: promotion({ id: 'p3', code: 'VENUE10' }) },
    'PUT /api/admin/promotions/p1': { body: { ...LIST[0], isActive: false } },
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('PromotionsView (issue 45)', () => {
  it('lists each promotion with its offer, uses, revenue and state; pauses one', async () => {
    const { calls } = api();
    renderAdmin('/admin/promotions');
    const row = (await screen.findByText('Touring 25')).closest('tr') as HTMLElement;
    expect(within(row).getByText('TOURING25')).toBeInTheDocument();
    expect(within(row).getByText('25 % off')).toBeInTheDocument();
    expect(within(row).getByText('7 of 100')).toBeInTheDocument();
    expect(within(row).getByText('$2,450.50')).toBeInTheDocument();
    expect(within(row).getByText('Running')).toBeInTheDocument();
    const auto = (screen.getByText('Free shipping week')).closest('tr') as HTMLElement;
    expect(within(auto).getByText('Automatic')).toBeInTheDocument();
    expect(within(auto).getByText('Paused')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Pause Touring 25' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ code: 'TOURING25', isActive: false, value: 25 }));
  });

  it('creates the issue\'s VENUE10: 10 % off Lighting from $200, checking the form first', async () => {
    const { calls } = api();
    renderAdmin('/admin/promotions');
    await user.click(await screen.findByRole('button', { name: 'Add promotion' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText(/Name \(English\)/), 'Venues: 10 % off lighting');
    await user.type(screen.getByLabelText(/^Code/), 'venue10');
    await user.type(screen.getByLabelText(/Percent off/), '10');
    await user.selectOptions(screen.getByLabelText('Applies to'), 'categories');
    await user.click(await screen.findByRole('checkbox', { name: 'Lighting' }));
    await user.type(screen.getByLabelText(/Minimum subtotal/), '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promotion created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      code: 'VENUE10', kind: 'percentage', value: 10, target: 'categories', categoryIds: ['c1'], productIds: [], minSubtotal: 200,
      name: { en: 'Venues: 10 % off lighting' }, isActive: true, combinable: true, usageLimit: 0,
    });
  });

  it('duplicates a promotion as a paused copy without its code', async () => {
    api();
    renderAdmin('/admin/promotions');
    const row = (await screen.findByText('Touring 25')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Duplicate Touring 25' }));
    expect(screen.getByLabelText(/Name \(English\)/)).toHaveValue('Touring 25 (copy)');
    expect(screen.getByLabelText(/^Code/)).toHaveValue('');
    expect(screen.getByLabelText(/Minimum subtotal/)).toHaveValue('200');
  });

  it("shows the server's field errors on their fields (a code already taken, a minimum the server refuses)", async () => {
    mockFetch({
      'GET /api/auth/profile': { body: ADMIN },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
      'GET /api/admin/promotions': { body: LIST },
      'POST /api/admin/promotions': {
        status: 400,
        body: { status: 400, code: 'validation_failed', message: 'Invalid promotion', errors: { code: 'Another promotion has this code', minSubtotal: 'Must be 0 or more' } },
      },
    });
    renderAdmin('/admin/promotions');
    await user.click(await screen.findByRole('button', { name: 'Add promotion' }));
    await user.type(screen.getByLabelText(/Name \(English\)/), 'Touring again');
    await user.type(screen.getByLabelText(/^Code/), 'TOURING25');
    await user.type(screen.getByLabelText(/Percent off/), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const code = screen.getByLabelText(/^Code/);
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Another promotion has this code'));
    expect(screen.getByLabelText(/Minimum subtotal/)).toHaveAccessibleDescription(expect.stringContaining('Must be 0 or more'));
  });
});
