import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '../../api/types';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { useCart } from '../cart/CartContext';
import { ProductCard } from './ProductCard';
import { singleVariant } from '../../test/products';

const product: Product = {
  id: 'p1',
  name: 'Moving Head Spot',
  nameLocalized: { en: 'Moving Head Spot', ru: 'Прожектор' },
  description: 'Bright',
  descriptionLocalized: { en: 'Bright' },
  category: 'Lighting',
  price: 499.99,
  stockQuantity: 5,
  isActive: true,
  imageFileName: 'a.jpg',
  imageFileNames: ['a.jpg', 'b.jpg'],
  attributes: [],
  taxClass: 'standard',
  createdAt: '',
  updatedAt: '',
  ...singleVariant(499.99, 5, 'p1'),
};

const cartWith = (quantity: number) => ({
  id: 'c',
  items: quantity
    ? [{ id: 'i1', productId: 'p1', productName: { en: 'Moving Head Spot' }, imageFileName: 'a.jpg', unitPrice: 499.99, quantity, totalPrice: 499.99 * quantity, availableStock: 5 }]
    : [],
  totalPrice: 499.99 * quantity,
  totalItems: quantity,
});

function CardWithCart({ p }: { p: Product }) {
  const { quantityInCart } = useCart();
  return <ProductCard product={p} inCart={quantityInCart(p.id)} />;
}

function setup(p: Product, inCart: number, routes: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
  const mock = mockFetch({ 'GET /api/cart': { body: cartWith(inCart) }, ...routes });
  renderApp(<CardWithCart p={p} />);
  return mock;
}

describe('ProductCard', () => {
  beforeAll(setupTestI18n);

  it('shows a 400x300 thumbnail with its size, price, category, stock and in-cart chips', async () => {
    setup(product, 2);
    expect(await screen.findByText('2 in cart')).toBeInTheDocument();
    expect(screen.getByText('$499.99')).toBeInTheDocument();
    expect(screen.getByText('Lighting')).toBeInTheDocument();
    expect(screen.getByText('5 in stock')).toBeInTheDocument();
    const img = document.querySelector('.card-media img')!;
    expect(img.getAttribute('src')).toBe('/images/products/a.jpg?thumb=400x300');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    expect(screen.getByRole('link', { name: 'Moving Head Spot' })).toHaveAttribute('href', '/products/p1');
  });

  it('limits the stepper to stock minus what is already in the cart', async () => {
    setup(product, 2);
    await screen.findByText('2 in cart');
    const inc = screen.getByRole('button', { name: 'Increase quantity' });
    const dec = screen.getByRole('button', { name: 'Decrease quantity' });
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Moving Head Spot' });
    expect(input).toHaveValue(1);
    expect(dec).toBeDisabled();
    await userEvent.click(inc);
    await userEvent.click(inc);
    expect(input).toHaveValue(3);
    expect(inc).toBeDisabled(); // 5 in stock - 2 in cart = 3
    await userEvent.click(dec);
    expect(input).toHaveValue(2);
  });

  it('disables Add to Cart when everything in stock is already in the cart', async () => {
    setup(product, 5);
    await screen.findByText('5 in cart');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('shows a disabled Out of Stock button at stock 0', async () => {
    setup({ ...product, stockQuantity: 0 }, 0);
    const buttons = await screen.findAllByText('Out of Stock');
    expect(buttons.length).toBe(2); // chip and button
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    // A sold-out card offers the back-in-stock alert; one in stock does not.
    expect(screen.getByRole('button', { name: 'Notify me when available' })).toBeInTheDocument();
  });

  it('shows a product for hire only as for hire, with no stock and no Add to Cart (issue 46)', async () => {
    const hire = { enabled: true, saleEnabled: false, deposit: 200, bufferDays: 0, minDays: 1, leadDays: 0 };
    setup({ ...product, stockQuantity: 0, hire }, 0);
    const link = await screen.findByRole('link', { name: 'Choose dates for Moving Head Spot' });
    expect(link).toHaveAttribute('href', '/products/p1');
    expect(screen.getByText('For hire')).toBeInTheDocument();
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me when available' })).not.toBeInTheDocument();
  });

  it('offers no back-in-stock alert while the product is in stock', async () => {
    setup(product, 0);
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByRole('button', { name: 'Notify me when available' })).not.toBeInTheDocument();
  });

  it('adds the chosen quantity, shows the green notice and resets the stepper to 1', async () => {
    const { callsTo } = setup(product, 0, { 'POST /api/cart/items': { body: cartWith(2) } });
    const inc = await screen.findByRole('button', { name: 'Increase quantity' });
    await userEvent.click(inc);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added 2 Moving Head Spot to cart!')).toBeInTheDocument();
    expect(callsTo('POST', '/api/cart/items')[0].body).toEqual({ productId: 'p1', variantId: 'p1-v', quantity: 2 });
    expect(callsTo('POST', '/api/cart/items')[0].headers['X-Session-Id']).toBe('session_1_0123456789abcdef');
    await waitFor(() => expect(screen.getByRole('spinbutton')).toHaveValue(1));
    expect(screen.getByText('2 in cart')).toBeInTheDocument();
  });

  it('shows the translated stock error in the red notice', async () => {
    setup(product, 0, {
      'POST /api/cart/items': { status: 409, body: { status: 409, code: 'insufficient_stock', message: 'Only 4 left in stock', available: { p1: 4 } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 4 left in stock');
  });

  it('wraps around the image carousel', async () => {
    setup(product, 0);
    await screen.findByText('1 / 2');
    await userEvent.click(screen.getByRole('button', { name: 'Previous image of Moving Head Spot' }));
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next image of Moving Head Spot' }));
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
  });
});
