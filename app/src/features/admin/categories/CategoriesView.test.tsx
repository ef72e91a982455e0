import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const cat = (id: string, name: string, sortOrder: number, productCount: number, hidden = false) => ({
  id, slug: name.toLowerCase(), name, nameLocalized: { en: name, ru: `${name} ru` }, sortOrder, imageFileName: '', imageUrl: '', productCount, hidden,
});
const LIST = [cat('c1', 'Lighting', 0, 3), cat('c2', 'Sound', 1, 0), cat('c3', 'Rigging', 2, 2, true)];

function api() {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/categories': { body: LIST },
    'POST /api/admin/categories': { status: 201, body: cat('c4', 'Truss', 3, 0) },
    'PUT /api/admin/categories/c3': { body: LIST[2] },
    'DELETE /api/admin/categories/c1': { body: { message: 'Category deleted' } },
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('CategoriesView (issue 35)', () => {
  it('lists the categories in order with their products and whether they are hidden; adds one', async () => {
    const { calls } = api();
    renderAdmin('/admin/categories');
    const row = (await screen.findByText('Rigging')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Move Rigging up' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && (c.body as { sortOrder: number }).sortOrder === 1)).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await user.type(screen.getByLabelText(/Name \(English\)/), 'Truss');
    await user.type(screen.getByLabelText(/Name \(Russian\)/), 'Фермы');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category added')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Truss', nameLocalized: { en: 'Truss', ru: 'Фермы' }, hidden: false });
  });

  it('deletes a category with products only by moving them, and sends where', async () => {
    const { calls } = api();
    renderAdmin('/admin/categories');
    const row = (await screen.findByText('Lighting')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete Lighting' }));
    expect(await screen.findByText(/3 products are in this category/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Move the products to'), 'c3');
    await user.click(screen.getByRole('button', { name: 'Move and delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.query.get('moveTo') === 'c3')).toBe(true));
  });
});
