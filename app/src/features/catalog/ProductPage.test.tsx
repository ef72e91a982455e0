import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import ProductPage from './ProductPage';
import { singleVariant } from '../../test/products';

const product = {
  id: 'p1',
  name: 'Line Array',
  nameLocalized: { en: 'Line Array', ru: 'Линейный массив' },
  description: 'Loud',
  descriptionLocalized: { en: 'Loud' },
  category: 'Sound',
  price: 1299.9,
  stockQuantity: 4,
  isActive: true,
  imageFileName: 'a.jpg',
  imageFileNames: ['a.jpg', 'b.jpg', 'c.jpg'],
  attributes: [
    { key: 'Power', value: '1200 W' },
    { key: '', value: 'hidden' },
    { key: 'Weight', value: '' },
    { key: 'Colour', keyLocalized: { en: 'Colour', ru: 'Цвет' }, value: 'Black' },
  ],
  ...singleVariant(1299.9, 4, 'p1'),
};

describe('ProductPage', () => {
  beforeAll(setupTestI18n);

  it('shows the product with gallery, price, stock, breadcrumb and the non-empty specifications', async () => {
    mockFetch({ 'GET /api/products/p1': { body: product } });
    renderApp(<ProductPage />, { route: '/products/p1', path: '/products/:productId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Line Array' })).toBeInTheDocument();
    expect(screen.getByText('$1,299.90')).toBeInTheDocument();
    expect(screen.getByText('4 in stock')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home/Line Array');
    expect(screen.getByText('Power')).toBeInTheDocument();
    expect(screen.getByText('Colour')).toBeInTheDocument();
    expect(screen.queryByText('hidden')).not.toBeInTheDocument();
    expect(screen.queryByText('Weight')).not.toBeInTheDocument();

    const badge = screen.getByTestId('gallery-count');
    expect(badge).toHaveTextContent('1 / 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous image of Line Array' }));
    expect(badge).toHaveTextContent('3 / 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next image of Line Array' }));
    expect(badge).toHaveTextContent('1 / 3');
    const thumbs = screen.getAllByRole('button', { name: /^Show image \d of 3$/ });
    expect(thumbs).toHaveLength(3);
    // The primary image's P is for admins (below), not shoppers.
    expect(within(thumbs[0]).queryByText('P')).not.toBeInTheDocument();
    await userEvent.click(thumbs[1]);
    expect(badge).toHaveTextContent('2 / 3');
  });

  it('says Product not found with a way back to the shop', async () => {
    mockFetch({ 'GET /api/products/zz': { status: 404, body: { status: 404, code: 'not_found', message: 'Product not found' } } });
    renderApp(<ProductPage />, { route: '/products/zz', path: '/products/:productId' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/');
  });

  it('hides the quantity selector when out of stock and says so beside the price', async () => {
    mockFetch({ 'GET /api/products/p1': { body: { ...product, stockQuantity: 0 } } });
    renderApp(<ProductPage />, { route: '/products/p1', path: '/products/:productId' });
    await screen.findByRole('heading', { level: 1, name: 'Line Array' });
    const beside = screen.getByTestId('out-of-stock');
    expect(beside).toHaveTextContent('Out of Stock');
    expect(beside.parentElement).toHaveTextContent(/^\$[\d,.]+Out of Stock$/);
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it("marks the primary image P for an admin only", async () => {
    localStorage.setItem('authToken', 't');
    mockFetch({
      'GET /api/products/p1': { body: product },
      'GET /api/auth/profile': { body: { id: 'a', email: 'a@x.io', firstName: 'A', lastName: 'B', language: 'en', roles: ['Admin'], isAdmin: true } },
    });
    renderApp(<ProductPage />, { route: '/products/p1', path: '/products/:productId' });
    const thumbs = await screen.findAllByRole('button', { name: /^Show image \d of 3$/ });
    expect(await within(thumbs[0]).findByText('P')).toBeInTheDocument();
    expect(within(thumbs[1]).queryByText('P')).not.toBeInTheDocument();
  });
});
