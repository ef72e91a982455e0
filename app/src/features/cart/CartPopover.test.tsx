import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type Call } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { CartPopover } from './CartPopover';

const item = (id: string, name: string, quantity: number, availableStock: number, unitPrice = 10) => ({
  id,
  productId: `p-${id}`,
  productName: { en: name, ru: `${name} RU` },
  imageFileName: `${id}.jpg`,
  unitPrice,
  quantity,
  totalPrice: unitPrice * quantity,
  availableStock,
});

const cart = {
  id: 'c',
  items: [item('a', 'Spot', 1, 5), item('b', 'Mixer', 3, 3, 250.5)],
  totalPrice: 761.5,
  totalItems: 4,
};

function setup(routes: Parameters<typeof mockFetch>[0] = {}, body: unknown = cart) {
  localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
  const mock = mockFetch({ 'GET /api/cart': { body }, ...routes });
  renderApp(<CartPopover />);
  return mock;
}

describe('CartPopover', () => {
  beforeAll(setupTestI18n);

  it('shows the item count badge, capped at 99+', async () => {
    setup({}, { ...cart, totalItems: 150 });
    expect(await screen.findByRole('button', { name: 'Cart, 150 items' })).toHaveTextContent('99+');
  });

  it('lists items with price × quantity, line totals and the total', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Spot')).toBeInTheDocument();
    expect(within(dialog).getByText('$250.50 × 3')).toBeInTheDocument();
    expect(within(dialog).getByText('$751.50')).toBeInTheDocument();
    expect(within(dialog).getByText('$761.50')).toBeInTheDocument();
  });

  it("says how far the cart is from the server's free-shipping threshold, the figure checkout uses", async () => {
    const { callsTo } = setup({
      'GET /api/shipping/methods': { body: { homeCountry: 'US', freeShippingThreshold: 800, freeShippingMissing: 38.5, methods: [] } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    const dialog = await screen.findByRole('dialog');
    // $761.50 of $800.00, as the server counts it.
    expect(await within(dialog).findByTestId('free-shipping-note')).toHaveTextContent('Add $38.50 for free US shipping');
    expect(within(dialog).queryByText(/\$50\b/)).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/shipping/methods').some((c) => c.query.get('subtotal') === '761.5')).toBe(true);
  });

  it('says the shipping is free at or above the threshold', async () => {
    setup({ 'GET /api/shipping/methods': { body: { homeCountry: 'US', freeShippingThreshold: 250, freeShippingMissing: 0, methods: [] } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('free-shipping-note')).toHaveTextContent(/^Free US shipping$/);
  });

  it('disables decrease at 1 and increase at the available stock', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    await screen.findByRole('dialog');
    expect(await screen.findByRole('button', { name: 'Decrease quantity of Spot' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Spot' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Mixer' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Mixer' })).toBeDisabled();
  });

  it('updates a line and removes one, replacing the cart with the answer', async () => {
    const after = { ...cart, items: [item('a', 'Spot', 2, 5), cart.items[1]], totalItems: 5, totalPrice: 771.5 };
    const { callsTo } = setup({
      'PUT /api/cart/items/a': { body: after },
      'DELETE /api/cart/items/b': { body: { ...after, items: [after.items[0]], totalItems: 2, totalPrice: 20 } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Spot' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart, 5 items' })).toBeInTheDocument());
    expect(callsTo('PUT', '/api/cart/items/a')[0].body).toEqual({ quantity: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mixer from cart' }));
    await waitFor(() => expect(screen.queryByText('Mixer')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it("shows a failed write's reason until the next write succeeds", async () => {
    const after = { ...cart, items: [cart.items[0]], totalItems: 1, totalPrice: 10 };
    setup({
      'PUT /api/cart/items/a': { status: 409, body: { status: 409, code: 'insufficient_stock', message: 'Only 1 left', available: { 'p-a': 1 } } },
      'DELETE /api/cart/items/b': { body: after },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Spot' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left in stock');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mixer from cart' }));
    await waitFor(() => expect(screen.queryByText('Mixer')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the cart is empty and goes to checkout from a full cart', async () => {
    setup({}, { id: '', items: [], totalPrice: 0, totalItems: 0 });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 0 items' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('Proceed to Checkout closes the popover and navigates', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says tax is calculated at checkout until the address typed there is known, then shows the estimate for it', async () => {
    localStorage.setItem('authToken', 't');
    const profile = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'L', roles: ['Customer'] };
    const estimate = { subtotalAmount: 761.5, shippingAmount: 0, taxAmount: 47.59, totalAmount: 809.09, pricesIncludeTax: false, taxExempt: false,
      taxLines: [{ name: 'Texas sales tax', rate: 6.25, base: 761.5, amount: 47.59 }],
      taxRows: [{ kind: 'line', name: 'Texas sales tax', rate: 6.25, base: 761.5, amount: 47.59 }] };
    const { callsTo } = setup({
      'GET /api/auth/profile': { body: profile },
      'GET /api/cart': (call: Call) => ({ body: call.query.get('country') ? { ...cart, taxEstimate: estimate } : cart }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('cart-tax')).toHaveTextContent('Tax: calculated at checkout');
    await userEvent.keyboard('{Escape}');

    // The shopper typed a Texas address at checkout (this tab's draft).
    const shipping = { firstName: 'Ada', lastName: 'L', address: '1 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US', phone: '1', email: 'a@b.c' };
    sessionStorage.setItem('checkoutDraft', JSON.stringify({ userId: 'u1', step: 0, shipping, billing: shipping, sameAsShipping: true, shippingMethod: '' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 4 items' }));
    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('cart-tax')).toHaveTextContent('Texas sales tax (6.25%)$47.59'));
    expect(within(dialog).getByTestId('cart-tax')).toHaveTextContent('Estimated for TX, US');
    expect(callsTo('GET', '/api/cart').some((c) => c.query.get('country') === 'US' && c.query.get('state') === 'TX')).toBe(true);
  });
});
