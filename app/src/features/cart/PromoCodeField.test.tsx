import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { CartPopover } from './CartPopover';

const line = (id: string, name: string, totalPrice: number, discountAmount = 0) => ({
  id,
  productId: `p-${id}`,
  productName: { en: name },
  imageFileName: '',
  unitPrice: totalPrice,
  quantity: 1,
  totalPrice,
  availableStock: 5,
  discountAmount,
});

const plain = { id: 'c', items: [line('a', 'Spot', 163)], totalPrice: 163, totalItems: 1, discounts: [], discountAmount: 0, discountedPrice: 163, promoCode: '' };
// The server's answer once TOURING25 applies: every figure is its own (the app subtracts nothing).
const discounted = {
  ...plain,
  items: [line('a', 'Spot', 163, 18.13), line('b', 'Gobo', 37, 6.87)],
  totalPrice: 200,
  totalItems: 2,
  discounts: [{ code: 'TOURING25', name: { en: 'Touring', ru: 'Гастроли' }, amount: 25 }],
  discountAmount: 25,
  discountedPrice: 175,
  promoCode: 'TOURING25',
};

function setup(routes: Parameters<typeof mockFetch>[0] = {}, body: unknown = plain) {
  localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
  const mock = mockFetch({ 'GET /api/cart': { body }, ...routes });
  renderApp(<CartPopover />);
  return mock;
}

async function openCart(count: number) {
  await userEvent.click(await screen.findByRole('button', { name: `Cart, ${count} item${count === 1 ? '' : 's'}` }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText('Discount code'); // the contents load when it opens
  return dialog;
}

describe('PromoCodeField', () => {
  beforeAll(setupTestI18n);

  it('applies a code typed in lower case with Enter and shows the discount, each line\'s share and the server\'s total', async () => {
    const { callsTo } = setup({ 'POST /api/cart/discount': { body: discounted } });
    const dialog = await openCart(1);
    await userEvent.type(within(dialog).getByLabelText('Discount code'), ' touring25{Enter}');
    await waitFor(() => expect(within(dialog).getByTestId('cart-discount')).toHaveTextContent('Touring (TOURING25)−$25.00'));
    expect(callsTo('POST', '/api/cart/discount')[0].body).toEqual({ code: 'TOURING25' });
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$175.00');
    expect(within(dialog).getAllByTestId('line-discount').map((e) => e.textContent)).toEqual(['−$18.13 off', '−$6.87 off']);
    expect(within(dialog).getByTestId('promo-current')).toHaveTextContent('Code TOURING25');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Code TOURING25 applied');
    expect(within(dialog).getByLabelText('Discount code')).toHaveValue('');
  });

  it("says how much more to add, from the server's reason and amount, and keeps the cart as it was", async () => {
    setup({
      'POST /api/cart/discount': {
        status: 409,
        body: { status: 409, code: 'promotion_not_applicable', message: 'server English', reason: 'min_subtotal', missing: 37 },
      },
    });
    const dialog = await openCart(1);
    const input = within(dialog).getByLabelText('Discount code');
    await userEvent.type(input, 'TOURING25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Add $37.00 more to use TOURING25');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', alert.id);
    expect(input).toHaveValue('TOURING25');
    expect(within(dialog).queryByTestId('cart-discounts')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$163.00');
    // Typing again clears the message.
    await userEvent.type(input, 'X');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [404, { code: 'promotion_not_found', message: 'Promotion not found' }, 'NOPE is not a valid code'],
    [409, { code: 'promotion_not_applicable', reason: 'usage_limit', message: 'x' }, 'NOPE has been used up'],
    [409, { code: 'promotion_not_applicable', reason: 'customer_limit', message: 'x' }, 'You have already used NOPE as often as it allows'],
    [409, { code: 'promotion_not_applicable', reason: 'no_eligible_items', message: 'x' }, 'NOPE does not apply to the items in your cart'],
    [429, { code: 'rate_limited', message: 'Too many' }, 'Too many attempts. Please wait a moment and try again.'],
  ])('a %i %o says why', async (status, body, text) => {
    setup({ 'POST /api/cart/discount': { status, body: { status, ...body } } });
    const dialog = await openCart(1);
    await userEvent.type(within(dialog).getByLabelText('Discount code'), 'nope{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });

  it('asks for a code before sending an empty one', async () => {
    const { callsTo } = setup();
    const dialog = await openCart(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter a code');
    expect(callsTo('POST', '/api/cart/discount')).toHaveLength(0);
  });

  it('removes the code by keyboard and shows the cart the server answers', async () => {
    const { callsTo } = setup({ 'DELETE /api/cart/discount': { body: { ...discounted, discounts: [], discountAmount: 0, discountedPrice: 200, promoCode: '', items: discounted.items.map((i) => ({ ...i, discountAmount: 0 })) } } }, discounted);
    const dialog = await openCart(2);
    const remove = within(dialog).getByRole('button', { name: 'Remove code TOURING25' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).queryByTestId('cart-discounts')).not.toBeInTheDocument());
    expect(callsTo('DELETE', '/api/cart/discount')).toHaveLength(1);
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$200.00');
    expect(within(dialog).queryByTestId('promo-current')).not.toBeInTheDocument();
  });

  it('says why a code the cart carries gives nothing now (a line went since it applied)', async () => {
    setup({}, { ...plain, promoCode: 'TOURING25', promoIssue: { reason: 'min_subtotal', missing: 37 } });
    const dialog = await openCart(1);
    expect(within(dialog).getByTestId('promo-issue')).toHaveTextContent('Add $37.00 more to use TOURING25');
    expect(within(dialog).getByRole('button', { name: 'Remove code TOURING25' })).toBeEnabled();
  });

  it('says a code that ended is no longer available', async () => {
    setup({}, { ...plain, promoCode: 'SPRING', promoIssue: { reason: 'promotion_not_found' } });
    const dialog = await openCart(1);
    expect(within(dialog).getByTestId('promo-issue')).toHaveTextContent('SPRING is no longer available');
  });
});
