import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '../../api/types';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import ProductPage from './ProductPage';

const v = (id: string, optionValues: string[], price: number, stockQuantity: number, compareAtPrice: number | null = null) => ({
  id,
  sku: `XLR-${id.toUpperCase()}`,
  optionValues,
  price,
  compareAtPrice,
  stockQuantity,
  isActive: true,
  imageFileNames: id === 'red10' ? ['red.jpg'] : [],
});

/** An XLR cable in 3, 5 and 10 m, black or red; no red 3 m; the red 5 m sold out; the black 10 m on sale. */
const cable: Product = {
  id: 'xlr',
  name: 'XLR Cable',
  nameLocalized: { en: 'XLR Cable', ru: 'Кабель XLR' },
  description: 'Balanced',
  descriptionLocalized: { en: 'Balanced' },
  category: 'Accessories',
  taxClass: 'standard',
  price: 9,
  stockQuantity: 5,
  isActive: true,
  imageFileName: 'cable.jpg',
  imageFileNames: ['cable.jpg'],
  attributes: [],
  createdAt: '',
  updatedAt: '',
  options: [
    {
      name: 'Length',
      nameLocalized: { en: 'Length', ru: 'Длина' },
      values: ['3 m', '5 m', '10 m', '20 m'].map((x) => ({ value: x, valueLocalized: { en: x, ru: x.replace('m', 'м') } })),
    },
    {
      name: 'Colour',
      nameLocalized: { en: 'Colour', ru: 'Цвет' },
      values: [
        { value: 'Black', valueLocalized: { en: 'Black', ru: 'Чёрный' } },
        { value: 'Red', valueLocalized: { en: 'Red', ru: 'Красный' } },
      ],
    },
  ],
  variants: [
    v('black3', ['3 m', 'Black'], 9, 5),
    v('black5', ['5 m', 'Black'], 12, 3),
    v('red5', ['5 m', 'Red'], 12, 0),
    v('black10', ['10 m', 'Black'], 18, 7, 24),
    v('red10', ['10 m', 'Red'], 19, 2),
  ],
  defaultVariantId: 'black3',
  compareAtPrice: null,
  priceFrom: 9,
  priceTo: 19,
  inStock: true,
  onSale: true,
  variantCount: 5,
};

const cart = { id: 'c', items: [], totalPrice: 0, totalItems: 0 };

describe('product options on the product page', () => {
  beforeAll(setupTestI18n);

  it('offers only the values a variant has, follows the choice in price, SKU, pictures and URL, and adds that variant', async () => {
    const { callsTo } = mockFetch({ 'GET /api/products/xlr': { body: cable }, 'POST /api/cart/items': { body: cart } });
    renderApp(<ProductPage />, { route: '/products/xlr', path: '/products/:productId' });
    await screen.findByRole('heading', { level: 1, name: 'XLR Cable' });
    const length = screen.getByRole('group', { name: /Length/ });
    // 20 m is an option value no variant has: not offered.
    expect(within(length).getAllByRole('button').map((b) => b.textContent)).toEqual(['3 m', '5 m', '10 m']);
    expect(within(length).getByRole('button', { name: '3 m' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('price')).toHaveTextContent('$9.00');

    await userEvent.click(within(length).getByRole('button', { name: '10 m' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products/xlr?variant=black10');
    expect(screen.getByTestId('price')).toHaveTextContent('$18.00$24.00Sale');
    expect(screen.getByTestId('sku')).toHaveTextContent('XLR-BLACK10');
    expect(screen.getByText('7 in stock')).toBeInTheDocument();

    const colour = screen.getByRole('group', { name: /Colour/ });
    await userEvent.click(within(colour).getByRole('button', { name: 'Red' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?variant=red10');
    expect(screen.getByTestId('price')).toHaveTextContent('$19.00');
    expect(screen.getByTestId('price')).not.toHaveTextContent('Sale');
    expect(screen.getByRole('img', { name: 'XLR Cable - 10 m, Red (1 / 1)' }).getAttribute('src')).toContain('red.jpg');

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(callsTo('POST', '/api/cart/items')).toHaveLength(1));
    expect(callsTo('POST', '/api/cart/items')[0].body).toEqual({ productId: 'xlr', variantId: 'red10', quantity: 1 });
    expect(await screen.findByText('Added 1 XLR Cable - 10 m, Red to cart!')).toBeInTheDocument();
  });

  it('opens the variant named in the URL and says a sold-out combination is sold out', async () => {
    mockFetch({ 'GET /api/products/xlr': { body: cable }, 'POST /api/products/xlr/stock-alerts': { status: 201, body: { message: 'ok' } } });
    renderApp(<ProductPage />, { route: '/products/xlr?variant=red5', path: '/products/:productId' });
    await screen.findByRole('heading', { level: 1, name: 'XLR Cable' });
    expect(screen.getByRole('group', { name: /Length/ })).toHaveTextContent('Length: 5 m');
    expect(screen.getByTestId('out-of-stock')).toHaveTextContent('Out of Stock');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    // With 5 m chosen, red is the sold-out combination; black is not.
    const colour = screen.getByRole('group', { name: /Colour/ });
    expect(within(colour).getByRole('button', { name: 'Red (sold out)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(colour).getByRole('button', { name: 'Black' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me when available' })).toBeInTheDocument();
  });

  it('shows an option with many values as a select', async () => {
    const lengths = ['1 m', '2 m', '3 m', '5 m', '7 m', '10 m', '15 m'];
    const many: Product = {
      ...cable,
      options: [{ name: 'Length', nameLocalized: { en: 'Length' }, values: lengths.map((x) => ({ value: x, valueLocalized: { en: x } })) }],
      variants: lengths.map((x, i) => v(`l${i}`, [x], 5 + i, i === 2 ? 0 : 4)),
      defaultVariantId: 'l0',
    };
    mockFetch({ 'GET /api/products/xlr': { body: many } });
    renderApp(<ProductPage />, { route: '/products/xlr?variant=l5', path: '/products/:productId' });
    await screen.findByRole('heading', { level: 1, name: 'XLR Cable' });
    const select = screen.getByRole('combobox', { name: 'Length' });
    expect(select).toHaveTextContent('10 m');
    expect(screen.getByTestId('price')).toHaveTextContent('$10.00');
  });

  // docs/decisions/variant-history.md: a choice replaces the page's history entry.
  it('keeps one history entry however many choices: Back leaves the product, the URL keeps the last choice', async () => {
    mockFetch({ 'GET /api/products/xlr': { body: cable } });
    renderApp(<ProductPage />, { before: ['/'], route: '/products/xlr', path: '/products/:productId' });
    await screen.findByRole('heading', { level: 1, name: 'XLR Cable' });
    const length = screen.getByRole('group', { name: /Length/ });
    await userEvent.click(within(length).getByRole('button', { name: '10 m' }));
    await userEvent.click(within(screen.getByRole('group', { name: /Colour/ })).getByRole('button', { name: 'Red' }));
    await userEvent.click(within(length).getByRole('button', { name: '5 m (sold out)' }));
    await userEvent.click(within(length).getByRole('button', { name: '10 m' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products/xlr?variant=red10');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
