import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { FakeXhr, fakeFile, renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/products/categories': { body: ['Lighting', 'Sound', 'Stage', 'Accessories'] },
    'GET /api/products': { body: { products: [], pagination: { page: 1, pageSize: 20, totalCount: 0, totalPages: 0 } } },
    'POST /api/products': { status: 201, body: { id: 'p1' } },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  FakeXhr.install();
  user = userEvent.setup({ applyAccept: false, delay: null });
});

/** A new cable: texts, category, one uploaded picture, and a "Length" option with three values, generated. */
async function cableWithLengths() {
  renderAdmin('/admin/products/new');
  await screen.findByRole('heading', { name: 'Add Product' });
  await user.type(screen.getByLabelText(/^Name \(English\)/), 'XLR Cable');
  await user.type(screen.getByLabelText(/^Description \(English\)/), 'Balanced.');
  await user.type(screen.getByLabelText(/^Price/), '9.5');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'Sound');
  await user.upload(screen.getByLabelText('Choose image files'), [fakeFile('xlr.jpg', 'image/jpeg')]);
  await act(async () => FakeXhr.all[0].respond(201, { fileName: 'xlr123.jpg', url: '/images/products/xlr123.jpg' }));
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  await user.type(screen.getByLabelText('Option 1 name (English)'), 'Length');
  await user.type(screen.getByLabelText('Option 1 values, separated by commas (English)'), '3 m, 5 m, 10 m');
  await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
}

describe('options and variants in the product form', () => {
  it('adds a "Length" option with three values, generates its variants, sets prices (one, then several at once) and sends them', async () => {
    const { callsTo } = api();
    await cableWithLengths();
    const grid = screen.getByRole('table');
    expect(within(grid).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['3 m', '5 m', '10 m']);
    expect(screen.queryByLabelText(/^Price \*/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('SKU of 10 m')).toHaveValue('XLRCABLE-10M');

    await user.clear(screen.getByLabelText('Price of 3 m'));
    await user.type(screen.getByLabelText('Price of 3 m'), '7.90');
    await user.click(screen.getByRole('checkbox', { name: 'Choose 5 m' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose 10 m' }));
    await user.type(screen.getByLabelText('Price for several variants'), '14.5');
    await user.click(screen.getByRole('button', { name: 'Set price of chosen (2)' }));
    await user.type(screen.getByLabelText('Stock of 10 m'), '{backspace}12');
    await user.type(screen.getByLabelText('Compare-at price of 10 m'), '19.90');

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(callsTo('POST', '/api/products')).toHaveLength(1));
    const body = callsTo('POST', '/api/products')[0].body as Record<string, unknown>;
    expect(body.price).toBeUndefined();
    expect(body.options).toEqual([
      { name: 'Length', nameLocalized: { en: 'Length' }, values: ['3 m', '5 m', '10 m'].map((value) => ({ value, valueLocalized: {} })) },
    ]);
    expect(body.variants).toEqual([
      { sku: 'XLRCABLE-3M', optionValues: ['3 m'], price: 7.9, compareAtPrice: null, stockQuantity: 0, isActive: true, imageFileNames: [] },
      { sku: 'XLRCABLE-5M', optionValues: ['5 m'], price: 14.5, compareAtPrice: null, stockQuantity: 0, isActive: true, imageFileNames: [] },
      { sku: 'XLRCABLE-10M', optionValues: ['10 m'], price: 14.5, compareAtPrice: 19.9, stockQuantity: 12, isActive: true, imageFileNames: [] },
    ]);
  });

  it('refuses two variants with one SKU, whatever the case, and shows the server refusing a SKU another product has', async () => {
    const { callsTo } = api({
      'POST /api/products': {
        status: 409,
        body: { status: 409, code: 'sku_taken', message: 'SKU XLRCABLE-5M is taken by Speaker Cable', errors: { 'variants.1.sku': 'SKU XLRCABLE-5M is taken by Speaker Cable' } },
      },
    });
    await cableWithLengths();
    await user.clear(screen.getByLabelText('SKU of 3 m'));
    await user.type(screen.getByLabelText('SKU of 3 m'), 'xlrcable-10m');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findAllByText('Two variants have this SKU')).toHaveLength(2);
    expect(callsTo('POST', '/api/products')).toHaveLength(0);

    await user.clear(screen.getByLabelText('SKU of 3 m'));
    await user.type(screen.getByLabelText('SKU of 3 m'), 'XLRCABLE-3M');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(callsTo('POST', '/api/products')).toHaveLength(1));
    const row = screen.getByRole('rowheader', { name: '5 m' }).closest('tr') as HTMLElement;
    expect(await within(row).findByText('SKU XLRCABLE-5M is taken by Speaker Cable')).toBeInTheDocument();
  });
});
