import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { FakeXhr, fakeFile, renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const list = (products: unknown[]) => ({ products, pagination: { page: 1, pageSize: 100, totalCount: products.length, totalPages: 1 } });
const SUB = { id: 'sub1', name: 'Subwoofer 18', nameLocalized: {}, hire: { enabled: true, saleEnabled: false } };
const SALE_ONLY = { id: 'sub2', name: 'Subwoofer stand', nameLocalized: {}, hire: { enabled: false, saleEnabled: true } };

let user: UserEvent;

beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  FakeXhr.install();
  user = userEvent.setup({ applyAccept: false, delay: null });
});

describe("the kit picker's product search", () => {
  // The kit's choices come from the server's search (issue 46): a component past the first
  // hundred products is found by typing its name, and only products for hire are offered.
  it("lists the server's answer for the typed name and adds the picked component to the kit", async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: ADMIN },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
      'GET /api/products/categories': { body: ['Lighting', 'Sound'] },
      'GET /api/products': (call) => ({ body: list(call.query.get('search') === 'Sub' ? [SUB, SALE_ONLY] : []) }),
      'POST /api/products': { status: 201, body: { id: 'kit1' } },
    });
    renderAdmin('/admin/products/new');
    await screen.findByRole('heading', { name: 'Add Product' });
    await user.click(screen.getByTestId('hire-enabled'));
    await user.click(screen.getByRole('button', { name: 'Add a component' }));
    const component = screen.getByLabelText(/^Component 1/);
    expect(within(component).queryByRole('option', { name: 'Subwoofer 18' })).toBeNull();

    await user.type(screen.getByLabelText(/^Find a product for hire/), 'Sub');
    const option = await within(component).findByRole('option', { name: 'Subwoofer 18' });
    expect(callsTo('GET', '/api/products').at(-1)?.query.get('search')).toBe('Sub');
    expect(within(component).queryByRole('option', { name: 'Subwoofer stand' })).toBeNull();
    await user.selectOptions(component, option);
    expect(component).toHaveValue('sub1');

    await user.type(screen.getByLabelText(/^Name \(English\)/), 'PA for 200');
    await user.type(screen.getByLabelText(/^Description \(English\)/), 'Two tops, two subs and a mixer.');
    await user.type(screen.getByLabelText(/^Price/), '10');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Sound');
    await user.type(screen.getByLabelText(/^Day rate/), '120');
    await user.upload(screen.getByLabelText('Choose image files'), [fakeFile('pa.jpg', 'image/jpeg')]);
    await act(async () => {
      FakeXhr.all[0].respond(201, { fileName: 'pa.jpg', url: '/images/products/pa.jpg' });
    });
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await vi.waitFor(() => expect(callsTo('POST', '/api/products')).toHaveLength(1));
    expect(callsTo('POST', '/api/products')[0].body).toMatchObject({ kit: [{ productId: 'sub1', quantity: 1 }] });
  });
});
