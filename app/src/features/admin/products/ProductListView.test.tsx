import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../api/types';
import { mockFetch } from '../../../test/fetchMock';
import { chooseOption, queriesTo, renderAdmin, setupAdminI18n } from '../test/helpers';
import { singleVariant } from '../../../test/products';


const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };

function product(id: string, name: string, stockQuantity: number, isActive = true): Product {
  return {
    id,
    name,
    nameLocalized: { en: name },
    description: `${name} description`,
    descriptionLocalized: { en: `${name} description` },
    category: 'Lighting',
    price: 1234.5,
    stockQuantity,
    isActive,
    imageFileName: `${id}.jpg`,
    imageFileNames: [`${id}.jpg`],
    attributes: [],
    taxClass: 'standard',
    createdAt: '',
    updatedAt: '',
    ...singleVariant(1234.5, stockQuantity, id),
  };
}

const PRODUCTS = [product('p1', 'Par Can', 25), product('p2', 'Fog Machine', 10), product('p3', 'Old Strobe', 0, false)];
const list = (products: Product[], totalCount = products.length) => ({
  body: { products, pagination: { page: 1, pageSize: 20, totalCount, totalPages: Math.ceil(totalCount / 20) } },
});

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/products/categories': { body: ['Lighting', 'Sound', 'Stage', 'Accessories'] },
    'GET /api/products': list(PRODUCTS, 45),
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const lastQuery = (fn: Parameters<typeof queriesTo>[0]) => queriesTo(fn, '/api/products').at(-1)!;

describe('admin product list', () => {
  it('shows how many shoppers wait for a sold-out product, and nothing where none wait', async () => {
    api({ 'GET /api/products': list([{ ...product('p1', 'Par Can', 0), waitingAlerts: 3 }, { ...product('p2', 'Fog Machine', 10), waitingAlerts: 0 }]) });
    renderAdmin('/admin');
    await screen.findByText('Par Can');
    expect(within(rowOf('Par Can')).getByTestId('waiting-alerts')).toHaveAccessibleName('3 shoppers wait for this product');
    expect(within(rowOf('Fog Machine')).queryByTestId('waiting-alerts')).not.toBeInTheDocument();
  });

  it('shows a product with several variants by its price range and its stock summed over them, saying how many are sold out', async () => {
    const cable = { ...product('p4', 'XLR Cable', 5), variantCount: 4, priceFrom: 12, priceTo: 30, stockTotal: 17, variantsSoldOut: 2 };
    const samePrice = { ...product('p5', 'DMX Cable', 0), variantCount: 2, priceFrom: 8, priceTo: 8, stockTotal: 0, variantsSoldOut: 2 };
    api({ 'GET /api/products': list([cable, samePrice, { ...product('p1', 'Par Can', 25), stockTotal: 25, variantsSoldOut: 0 }]) });
    renderAdmin('/admin');
    await screen.findByText('XLR Cable');
    const row = within(rowOf('XLR Cable'));
    expect(row.getByText('$12.00 - $30.00')).toBeInTheDocument();
    expect(row.getByText('17')).toHaveAttribute('data-color', 'green');
    expect(row.getByTestId('variants-sold-out')).toHaveTextContent('2 of 4 variants sold out');
    const dmx = within(rowOf('DMX Cable'));
    expect(dmx.getByText('$1,234.50')).toBeInTheDocument();
    expect(dmx.getByText('0')).toHaveAttribute('data-color', 'red');
    expect(dmx.getByTestId('variants-sold-out')).toHaveTextContent('2 of 2 variants sold out');
    const plain = within(rowOf('Par Can'));
    expect(plain.getByText('$1,234.50')).toBeInTheDocument();
    expect(plain.queryByTestId('variants-sold-out')).not.toBeInTheDocument();
  });

  it('asks for inactive products too and shows thumbnail, price, stock badge and status', async () => {
    const { fn } = api();
    renderAdmin('/admin');
    await screen.findByText('Par Can');
    const q = lastQuery(fn);
    expect(q.get('includeInactive')).toBe('true');
    expect(q.get('page')).toBe('1');
    expect(q.get('pageSize')).toBe('20');

    const first = within(rowOf('Par Can'));
    expect(first.getByText('Par Can description')).toBeInTheDocument();
    expect(first.getByText('$1,234.50')).toBeInTheDocument();
    expect(first.getByText('25')).toHaveAttribute('data-color', 'green');
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(rowOf('Par Can').querySelector('img')?.getAttribute('src')).toBe('/images/products/p1.jpg?thumb=120x120');

    expect(within(rowOf('Fog Machine')).getByText('10')).toHaveAttribute('data-color', 'amber');
    const inactive = within(rowOf('Old Strobe'));
    expect(inactive.getByText('0')).toHaveAttribute('data-color', 'red');
    expect(inactive.getByText('Inactive')).toBeInTheDocument();
    expect(rowOf('Old Strobe')).toHaveClass('admin-row-inactive');
    expect(rowOf('Par Can')).not.toHaveClass('admin-row-inactive');
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches, filters by category and pages through the server', async () => {
    const { fn } = api();
    renderAdmin('/admin');
    await screen.findByText('Par Can');

    await user.type(screen.getByLabelText('Search'), 'strobe');
    await waitFor(() => expect(lastQuery(fn).get('search')).toBe('strobe'));

    await chooseOption(user, screen.getByLabelText('Category'), 'Sound');
    await waitFor(() => expect(lastQuery(fn).get('category')).toBe('Sound'));
    expect(lastQuery(fn).get('search')).toBe('strobe');
    expect(lastQuery(fn).get('includeInactive')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(fn).get('page')).toBe('2'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?search=strobe&category=Sound&page=2');
  });

  it('deletes a product after the confirmation, which keeps the spec sentence and names the product', async () => {
    const { callsTo } = api({ 'DELETE /api/products/p2': { body: { message: 'Deleted' } } });
    renderAdmin('/admin');
    await screen.findByText('Par Can');
    await user.click(screen.getByRole('button', { name: 'Delete Fog Machine' }));
    const box = await screen.findByRole('alertdialog');
    expect(box).toHaveTextContent('Are you sure you want to delete this product? Fog Machine');
    const dialog = within(box);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted successfully!')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/products/p2')).toHaveLength(1);
  });

  it('reports a failed delete', async () => {
    api({ 'DELETE /api/products/p2': { status: 500, body: { status: 500, code: 'internal', message: 'x' } } });
    renderAdmin('/admin');
    await screen.findByText('Par Can');
    await user.click(screen.getByRole('button', { name: 'Delete Fog Machine' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete product')).toBeInTheDocument();
  });

  it('offers to add the first product when there are none', async () => {
    api({ 'GET /api/products': list([]) });
    renderAdmin('/admin');
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Product' }));
    expect(await screen.findByRole('heading', { name: 'Add Product' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/products/new');
  });

  it('opens a product for editing with its texts, translations, attributes and images', async () => {
    const full: Product = {
      ...product('p9', 'Laser', 3),
      nameLocalized: { en: 'Laser', zh: '激光' },
      attributes: [{ key: 'Power', keyLocalized: { en: 'Power', zh: '功率' }, value: '1 W', valueLocalized: { en: '1 W' } }],
      imageFileNames: ['a.jpg', 'b.jpg'],
    };
    const { callsTo } = api({ 'GET /api/products/p9': { body: full }, 'PUT /api/products/p9': { body: full } });
    renderAdmin('/admin/products/p9/edit');
    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name \(English\)/)).toHaveValue('Laser');
    expect(screen.getByLabelText('Attribute 1 key (English)')).toHaveValue('Power');
    // Radix renders each tab label twice (one copy only sizes the tab), hence the patterns.
    expect(screen.getByRole('tab', { name: /中文/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Русский/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/products/p9')[0].body).toMatchObject({
      nameLocalized: { en: 'Laser', zh: '激光' },
      imageFileNames: ['a.jpg', 'b.jpg'],
      stockQuantity: 3,
      price: 1234.5,
      attributes: [{ key: 'Power', keyLocalized: { en: 'Power', zh: '功率' }, value: '1 W', valueLocalized: { en: '1 W' } }],
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });
});
