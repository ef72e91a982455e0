import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartKeys, orderKeys } from '../../api/queryKeys';
import { mockFetch, type Call } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import CheckoutPage from './CheckoutPage';
import { DRAFT_KEY } from './draft';

// Each test walks several steps of a form: give a busy machine time.

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: ['Customer'] };
const item = {
  id: 'i1',
  productId: 'p1',
  productName: { en: 'Moving Head Spot', ru: 'Вращающаяся голова' },
  imageFileName: 'a.jpg',
  unitPrice: 24.9,
  quantity: 2,
  totalPrice: 49.8,
  availableStock: 5,
};
const cart = { id: 'c1', items: [item], totalPrice: 49.8, totalItems: 2 };
const methods = {
  homeCountry: 'US',
  freeShippingThreshold: 500,
  // The server's figure for the cart's $49.80.
  freeShippingMissing: 450.2,
  methods: [
    { code: 'standard', name: { en: 'Standard' }, region: 'domestic', amount: 9.99, deliveryDays: '5-7' },
    { code: 'express', name: { en: 'Express' }, region: 'domestic', amount: 19.99, deliveryDays: '2-3' },
    { code: 'overnight', name: { en: 'Overnight' }, region: 'domestic', amount: 29.99, deliveryDays: '1' },
  ],
};
const placed = { id: 'o1', orderNumber: 'ORD-20261122-7KQ2MX', totalAmount: 69.79, items: [], shipping: {}, status: 'Created' };

type CartBody = typeof cart;
const SHIPPING_AMOUNTS: Record<string, number> = { standard: 9.99, express: 19.99, overnight: 29.99, intl_standard: 49.99, intl_express: 79.99 };

/**
 * GET /api/cart as the server answers it: the carts in order (the last repeats), and for a request
 * with an address the latest cart with its taxEstimate: Texas at 6.25 % of the goods, nothing elsewhere.
 */
function cartServer(carts: CartBody[]) {
  let served = 0;
  let latest = carts[0];
  return (call: Call) => {
    if (!call.query.get('country')) {
      latest = carts[Math.min(served++, carts.length - 1)];
      return { body: latest };
    }
    const shipping = SHIPPING_AMOUNTS[call.query.get('shippingMethod') ?? ''] ?? 0;
    const texas = call.query.get('state') === 'TX';
    const taxCents = texas ? Math.round(latest.totalPrice * 100 * 0.0625) : 0;
    const taxLines = texas ? [{ name: 'Texas sales tax', rate: 6.25, base: latest.totalPrice, amount: taxCents / 100 }] : [];
    const totalAmount = (Math.round(latest.totalPrice * 100) + Math.round(shipping * 100) + taxCents) / 100;
    return {
      body: {
        ...latest,
        taxEstimate: { subtotalAmount: latest.totalPrice, shippingAmount: shipping, taxAmount: taxCents / 100, totalAmount, taxLines, pricesIncludeTax: false, taxExempt: false,
          taxRows: taxLines.length ? taxLines.map((l) => ({ ...l, kind: 'line' })) : [{ kind: 'none', name: '', rate: 0, base: 0, amount: 0 }] },
      },
    };
  };
}

function setup(routes: Parameters<typeof mockFetch>[0] = {}, cartBody: CartBody = cart, carts: CartBody[] = [cartBody]) {
  localStorage.setItem('authToken', 't');
  const mock = mockFetch({
    'GET /api/auth/profile': { body: user },
    'GET /api/cart': cartServer(carts),
    'GET /api/shipping/methods': { body: methods },
    ...routes,
  });
  const view = renderApp(<CheckoutPage />, { route: '/checkout', path: '/checkout' });
  return { ...mock, ...view };
}

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));
const summary = () => within(screen.getByTestId('order-summary'));

/** Types a value in one go (a paste), which keeps these tests quick on a busy machine. */
async function fill(name: string, value: string) {
  await userEvent.click(field(name));
  await userEvent.paste(value);
}

/** The country and a US state come from lists (ISO codes as values); the home country is preset. */
async function fillShipping(country = 'US', state = 'IL') {
  await waitFor(() => expect(field('Country')).toHaveValue('US'));
  await userEvent.selectOptions(field('Country'), country);
  await fill('Phone', '+1 (555) 0100');
  await fill('Address', '1 Main St');
  await fill('City', 'Springfield');
  if (country === 'US') await userEvent.selectOptions(field('State'), state);
  else await fill('State', 'Greater London');
  await fill('ZIP Code', '62701');
}

async function toReview(method = 'Express', state = 'IL') {
  await screen.findByRole('button', { name: 'Continue to Billing' });
  await fillShipping('US', state);
  await userEvent.click(await screen.findByRole('radio', { name: new RegExp(method) }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));
  await userEvent.click(screen.getByRole('button', { name: 'Review Order' }));
}

describe('CheckoutPage', () => {
  beforeAll(setupTestI18n);

  it("shows the estimate's discounts (a code and free shipping) in the summary and the review, with the server's total", async () => {
    const discounts = [
      { code: 'TOURING25', name: { en: 'Touring' }, amount: 25 },
      { code: '', name: { en: 'Free shipping this week' }, amount: 19.99 },
    ];
    const withCode = { ...cart, discounts: [discounts[0]], discountAmount: 25, discountedPrice: 24.8, promoCode: 'TOURING25' };
    setup({
      'GET /api/cart': (call: Call) => ({
        body: call.query.get('country')
          ? { ...withCode, items: [{ ...item, discountAmount: 25 }], discounts,
              taxEstimate: { subtotalAmount: 49.8, discountAmount: 25, shippingAmount: 0, taxAmount: 1.55, totalAmount: 26.35, taxLines: [], pricesIncludeTax: false, taxExempt: false,
                taxRows: [{ kind: 'line', name: 'Texas sales tax', rate: 6.25, base: 24.8, amount: 1.55 }] } }
          : withCode,
      }),
    });
    await toReview('Express', 'TX');
    await waitFor(() => expect(screen.getByTestId('review-total')).toHaveTextContent('$26.35'));
    expect(summary().getAllByTestId('summary-discount').map((e) => e.textContent)).toEqual(['Touring (TOURING25)−$25.00', 'Free shipping this week−$19.99']);
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(summary().getByTestId('summary-line-discount')).toHaveTextContent('−$25.00 off');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('$26.35');
    expect(screen.getAllByTestId('review-discount').map((e) => e.textContent)).toEqual(['Touring (TOURING25): −$25.00', 'Free shipping this week: −$19.99']);
    expect(screen.getByLabelText('Discount code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove code TOURING25' })).toBeInTheDocument();
  });

  it('shows a hire line with its dates and deposit beside a sale line (issue 46)', async () => {
    const hire = { ...item, id: 'i2', productId: 'p2', productName: { en: 'PA for 200' }, unitPrice: 250, quantity: 1, totalPrice: 250, hire: { start: '2031-05-16', end: '2031-05-19', days: 4, unitPrice: 250 }, deposit: 500 };
    setup({}, { ...cart, items: [item, hire], totalPrice: 299.8, totalItems: 3 } as CartBody);
    await screen.findByTestId('order-summary');
    const dates = await summary().findByTestId('summary-hire-dates');
    expect(dates).toHaveTextContent('Hire 2031-05-16 to 2031-05-19 (4 days) · deposit $500.00');
    expect(summary().getAllByTestId('summary-hire-dates')).toHaveLength(1);
  });

  it('shows the heading and the steps at once while the cart is on its way, and the step under them', async () => {
    let answer: (a: { body: CartBody }) => void = () => {};
    const later = new Promise<{ body: CartBody }>((resolve) => (answer = resolve));
    setup({ 'GET /api/cart': () => later });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Checkout steps' }));
    expect(steps.getByText('1. Shipping').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer({ body: cart });
    expect(await screen.findByRole('button', { name: 'Continue to Billing' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('tells the shopper when the cart is empty', async () => {
    setup({}, { id: '', items: [], totalPrice: 0, totalItems: 0 });
    expect(await screen.findByText('Your cart is empty. Please add some products before checkout.')).toBeInTheDocument();
  });

  it('names the missing fields on Continue and checks phone and ZIP loosely', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Billing' }));
    const alert = screen.getByTestId('missing-fields');
    expect(alert).toHaveTextContent('Phone');
    expect(alert).toHaveTextContent('ZIP Code');
    expect(alert).not.toHaveTextContent('First Name');
    expect(screen.getByRole('heading', { name: 'Shipping' })).toBeInTheDocument();

    await fillShipping();
    await userEvent.clear(field('Phone'));
    await fill('Phone', 'call me');
    await userEvent.clear(field('ZIP Code'));
    await fill('ZIP Code', 'AB1');
    expect(screen.getByText('Please enter a phone number (digits, spaces, + - ( ))')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid ZIP / postal code')).toBeInTheDocument();
    // Letters are fine in a postal code abroad.
    await userEvent.selectOptions(field('Country'), 'GB');
    expect(screen.queryByText('Please enter a valid ZIP / postal code')).not.toBeInTheDocument();
  });

  it('offers the methods as cards and the summary follows the choice', async () => {
    setup();
    await screen.findByRole('button', { name: 'Continue to Billing' });
    await fillShipping();
    const express = await screen.findByRole('radio', { name: /Express/ });
    expect(screen.getByRole('radio', { name: /Standard/ })).toHaveTextContent('5-7 business days');
    expect(screen.getByRole('radio', { name: /Overnight/ })).toHaveTextContent('Next business day');
    await waitFor(() => expect(summary().getByTestId('summary-total')).toHaveTextContent('$59.79'));
    await userEvent.click(express);
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('$19.99');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('$69.79');
    // $49.80 of $500.00: what the server says is missing, for the home country's address.
    expect(summary().getByText('Add $450.20 for free US shipping')).toBeInTheDocument();
  });

  it('asks the server for the methods of the address and switches them with the country', async () => {
    const international = {
      ...methods,
      methods: [
        { code: 'intl_standard', name: { en: 'International standard' }, region: 'international', amount: 49.99, deliveryDays: '10-15' },
        { code: 'intl_express', name: { en: 'International express' }, region: 'international', amount: 79.99, deliveryDays: '5-7' },
      ],
    };
    // The mock sees no query string: the reply follows the country of the request being answered.
    const byCountry = () => {
      const url = new URL(String(vi.mocked(fetch).mock.calls.at(-1)![0]), 'http://localhost');
      return { body: url.searchParams.get('country') === 'GB' ? international : methods };
    };
    const { fn } = setup({ 'GET /api/shipping/methods': byCountry });
    await screen.findByRole('button', { name: 'Continue to Billing' });
    await fillShipping('GB');
    const intl = await screen.findByRole('radio', { name: /International standard/ });
    // Only the home country's standard shipping becomes free: nothing is promised abroad.
    expect(summary().queryByText(/free US shipping/)).toBeNull();
    expect(intl).toHaveTextContent('10-15 business days');
    expect(screen.getByRole('radio', { name: /International express/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^Standard/ })).toBeNull();
    await waitFor(() => expect(intl).toBeChecked());
    await waitFor(() => expect(summary().getByTestId('summary-total')).toHaveTextContent('$99.79'));
    const asked = fn.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost').searchParams);
    expect(asked.some((q) => q.get('country') === 'GB' && q.get('subtotal') === '49.8')).toBe(true);

    await userEvent.selectOptions(field('Country'), 'US');
    const standard = await screen.findByRole('radio', { name: /^Standard/ });
    await waitFor(() => expect(standard).toBeChecked());
    expect(screen.queryByRole('radio', { name: /International/ })).toBeNull();
    await waitFor(() => expect(summary().getByTestId('summary-total')).toHaveTextContent('$59.79'));
  });

  it('keeps what was typed in billing when the option is toggled, and the form across a reload', async () => {
    const first = setup();
    await screen.findByRole('button', { name: 'Continue to Billing' });
    await fillShipping();
    await screen.findByRole('radio', { name: /Standard/ });
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));
    const same = screen.getByRole('checkbox', { name: 'Use shipping address for billing' });
    expect(field('City')).toBeDisabled();
    await userEvent.click(same);
    await userEvent.clear(field('City'));
    await fill('City', 'Shelbyville');
    await userEvent.click(same);
    expect(field('City')).toHaveValue('Springfield');
    await userEvent.click(same);
    expect(field('City')).toHaveValue('Shelbyville');

    first.unmount();
    setup();
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(field('City')).toHaveValue('Shelbyville');
  });

  it('sends the total shown in the review and clears the saved form after the order', async () => {
    const { callsTo, client } = setup({ 'POST /api/checkout/create-order': { status: 201, body: placed } });
    client.setQueryData(orderKeys.mine, []);
    await toReview();
    expect(screen.getByTestId('review-total')).toHaveTextContent('$69.79');
    const cartFetches = callsTo('GET', '/api/cart').length;
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ORD-20261122-7KQ2MX');
    // The order emptied the cart on the server: the app empties its copy without asking, and My
    // Orders is refetched when next shown.
    expect(client.getQueryData<{ totalItems: number }>(cartKeys.current('user:u1'))?.totalItems).toBe(0);
    expect(callsTo('GET', '/api/cart')).toHaveLength(cartFetches);
    expect(client.getQueryState(orderKeys.mine)?.isInvalidated).toBe(true);
    const body = callsTo('POST', '/api/checkout/create-order')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ shippingMethod: 'express', expectedTotal: 69.79, useShippingForBilling: true });
    expect(body.shippingInfo).toMatchObject({ city: 'Springfield', phone: '+1 (555) 0100', country: 'US', state: 'IL' });
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('shows what changed when the total changed, and asks again', async () => {
    const raised = { ...cart, items: [{ ...item, unitPrice: 999999.99, totalPrice: 1999999.98 }], totalPrice: 1999999.98 };
    const { callsTo } = setup({
      'POST /api/checkout/create-order': [
        { status: 409, body: { status: 409, code: 'total_changed', message: 'changed', total: 2000019.97 } },
        { status: 201, body: { ...placed, totalAmount: 2000019.97 } },
      ],
    }, cart, [cart, raised]);
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByTestId('place-problem');
    expect(alert).toHaveTextContent('The total changed from $69.79 to $2,000,019.97');
    await waitFor(() => expect(alert).toHaveTextContent('Moving Head Spot: price changed from $24.90 to $999,999.99'));
    const again = await screen.findByRole('button', { name: 'Place order for $2,000,019.97' });
    await waitFor(() => expect(again).toBeEnabled());
    await userEvent.click(again);
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect((callsTo('POST', '/api/checkout/create-order')[1].body as { expectedTotal: number }).expectedTotal).toBe(2000019.97);
  });

  it('does not let a live price change alter the total silently on the review step', async () => {
    const raised = { ...cart, items: [{ ...item, unitPrice: 29.9, totalPrice: 59.8 }], totalPrice: 59.8 };
    const { client, callsTo } = setup({ 'POST /api/checkout/create-order': { status: 201, body: { ...placed, totalAmount: 79.79 } } }, cart, [cart, raised]);
    await toReview();
    expect(screen.getByTestId('review-total')).toHaveTextContent('$69.79');
    // What a realtime product event does (features/live): the cart is refetched with the new price.
    await client.invalidateQueries({ queryKey: ['cart'] });
    const alert = await screen.findByTestId('place-problem');
    expect(alert).toHaveTextContent('The total changed from $69.79 to $79.79');
    expect(alert).toHaveTextContent('Moving Head Spot: price changed from $24.90 to $29.90');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
    const again = screen.getByRole('button', { name: 'Place order for $79.79' });
    await waitFor(() => expect(again).toBeEnabled());
    await userEvent.click(again);
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect((callsTo('POST', '/api/checkout/create-order')[0].body as { expectedTotal: number }).expectedTotal).toBe(79.79);
  });

  it('never confirms new figures in the instant they appear: Place order waits until the notice can be read', async () => {
    const raised = { ...cart, items: [{ ...item, unitPrice: 29.9, totalPrice: 59.8, availableStock: 1 }], totalPrice: 59.8 };
    const { client, callsTo } = setup({ 'POST /api/checkout/create-order': { status: 201, body: { ...placed, totalAmount: 79.79 } } }, cart, [cart, raised]);
    await toReview();
    await client.invalidateQueries({ queryKey: ['cart'] });
    const again = await screen.findByRole('button', { name: 'Place order for $79.79' });
    // The same instant as the change: the click cannot confirm what the shopper has not seen.
    expect(again).toBeDisabled();
    fireEvent.click(again);
    expect(callsTo('POST', '/api/checkout/create-order')).toHaveLength(0);
    // Price and stock changed together: both are said.
    const alert = screen.getByTestId('place-problem');
    expect(alert).toHaveTextContent('Moving Head Spot: price changed from $24.90 to $29.90');
    expect(alert).toHaveTextContent('Only 1 left of Moving Head Spot');
    await waitFor(() => expect(again).toBeEnabled());
  });

  it("opens a repeat buyer's checkout on the default address, and keeps a new address on request", async () => {
    const home = { id: 'a1', label: 'Home', firstName: 'Ada', lastName: 'Lovelace', address: '9 Saved Rd', city: 'Chicago', state: 'IL', zipCode: '60601', country: 'US', phone: '+1 555 0199', isDefault: true };
    const { callsTo } = setup({
      'GET /api/auth/addresses': { body: [home] },
      'POST /api/auth/addresses': { status: 201, body: { ...home, id: 'a2', city: 'Evanston', isDefault: false } },
    });
    await waitFor(() => expect(field('City')).toHaveValue('Chicago'));
    expect(field('Address')).toHaveValue('9 Saved Rd');
    expect(screen.getByRole('radio', { name: /Home/ })).toBeChecked();
    // Ships as it is: no copy is saved.
    await userEvent.click(await screen.findByRole('radio', { name: /^Standard/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/addresses')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.clear(field('City'));
    await fill('City', 'Evanston');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save this address to my address book' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));
    await waitFor(() => expect(callsTo('POST', '/api/auth/addresses')).toHaveLength(1));
    expect(callsTo('POST', '/api/auth/addresses')[0].body).toMatchObject({ city: 'Evanston', address: '9 Saved Rd', country: 'US' });
  });

  it('Continue pressed while the rates of a new country load waits for them and goes on', async () => {
    let release: () => void = () => {};
    // Germany has other methods than the US: the new country's first one is chosen on arrival.
    const international = { ...methods, methods: [{ code: 'intl_standard', name: { en: 'International standard' }, region: 'international', amount: 49.99, deliveryDays: '10-15' }] };
    const { fn } = setup();
    const answer = fn.getMockImplementation()!;
    const germany = () => new Response(JSON.stringify(international), { status: 200, headers: { 'Content-Type': 'application/json' } });
    fn.mockImplementation((input, init) => (String(input).includes('country=DE') ? new Promise<Response>((ok) => (release = () => ok(germany()))) : answer(input, init)));
    await screen.findByRole('button', { name: 'Continue to Billing' });
    await fillShipping();
    await screen.findByRole('radio', { name: /^Standard/ });
    await userEvent.selectOptions(field('Country'), 'DE');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));
    expect(await screen.findByText('Getting the shipping rates for this address…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shipping' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('$49.99');
  });

  it('names the lines that ran short', async () => {
    setup({
      'POST /api/checkout/create-order': {
        status: 409,
        body: { status: 409, code: 'insufficient_stock', message: 'Only 1 left in stock', errors: { 'items.p1': 'Only 1 left in stock' }, available: { p1: 1 } },
      },
    });
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('place-problem')).toHaveTextContent('Only 1 left of Moving Head Spot'));
  });

  it("shows the server's tax for the address in the summary and the review, sends the total with it and the billing company", async () => {
    const { callsTo } = setup({ 'POST /api/checkout/create-order': { status: 201, body: { ...placed, totalAmount: 72.9 } } });
    await screen.findByRole('button', { name: 'Continue to Billing' });
    expect(summary().getByTestId('summary-tax')).toHaveTextContent('—');
    await toReview('Express', 'TX');
    // $49.80 at 6.25 %: $3.1125, the server's $3.11.
    expect(summary().getByTestId('summary-tax')).toHaveTextContent('Texas sales tax (6.25%)$3.11');
    expect(screen.getByTestId('review-tax')).toHaveTextContent('Texas sales tax (6.25%): $3.11');
    expect(screen.getByTestId('review-total')).toHaveTextContent('$72.90');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await fill('Company name', 'Stage Rentals LLC');
    await fill('Tax ID', 'DE=1');
    await userEvent.click(screen.getByRole('button', { name: 'Review Order' }));
    expect(await screen.findByText(/A tax ID has letters/)).toBeInTheDocument();
    await userEvent.clear(field('Tax ID'));
    await fill('Tax ID', '12-3456789');
    await userEvent.click(screen.getByRole('button', { name: 'Review Order' }));
    expect(await screen.findByTestId('review-business')).toHaveTextContent('Stage Rentals LLC · Tax ID: 12-3456789');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    const body = callsTo('POST', '/api/checkout/create-order')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ expectedTotal: 72.9, billingInfo: { companyName: 'Stage Rentals LLC', taxId: '12-3456789' } });
    const asked = callsTo('GET', '/api/cart').map((c) => c.query);
    expect(asked.some((q) => q.get('country') === 'US' && q.get('state') === 'TX' && q.get('shippingMethod') === 'express')).toBe(true);
  });
});

describe('the account step of checkout (issue 44)', () => {
  beforeAll(setupTestI18n);

  it('makes the account on the checkout page with one button, signs in, merges the guest cart and goes on to Shipping prefilled', async () => {
    localStorage.removeItem('authToken');
    localStorage.setItem('cartSessionId', 'session_1764640000000_9f8e7d6c5b4a39281706f5e4d3c2b1a0');
    const shopper = { ...user, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' };
    const { callsTo } = mockFetch({
      'POST /api/auth/register': { status: 201, body: { message: 'ok', user: shopper } },
      'POST /api/auth/login': { body: { token: 't2', refreshToken: 'r2', ...shopper } },
      'GET /api/auth/profile': { body: shopper },
      'POST /api/cart/merge': { body: { ...cart, mergeReport: { addedLines: 1, addedUnits: 2, capped: [], dropped: [] } } },
      'GET /api/cart': cartServer([cart]),
      'GET /api/shipping/methods': { body: methods },
    });
    renderApp(<CheckoutPage />, { route: '/checkout', path: '/checkout' });
    const form = await screen.findByTestId('checkout-account');
    expect(screen.getByRole('heading', { name: 'Checkout: create your account' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-sign-in')).toHaveAttribute('href', '/login');
    const u = userEvent.setup({ delay: null });
    await u.type(within(form).getByLabelText(/^First Name/), 'Grace');
    await u.type(within(form).getByLabelText(/^Last Name/), 'Hopper');
    await u.type(within(form).getByLabelText(/^Email/), 'Grace@Example.com');
    await u.type(within(form).getByLabelText(/^Password/), 'Stage1234');
    await u.click(within(form).getByRole('button', { name: 'Create account and continue' }));
    expect(await screen.findByRole('heading', { name: 'Shipping', exact: true } as never, { timeout: 10_000 })).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/register')[0].body).toMatchObject({
      email: 'grace@example.com', password: 'Stage1234', confirmPassword: 'Stage1234', firstName: 'Grace', lastName: 'Hopper',
    });
    expect(callsTo('POST', '/api/auth/login')[0].body).toMatchObject({ email: 'grace@example.com', password: 'Stage1234' });
    await waitFor(() => expect(callsTo('POST', '/api/cart/merge')).toHaveLength(1));
    // Nothing typed twice: the name and e-mail are on the Shipping step already.
    expect(field('First Name')).toHaveValue('Grace');
    expect(field('Email')).toHaveValue('grace@example.com');
  }, 30_000);

  it('checks the fields before asking the server, and says what the server refused', async () => {
    localStorage.removeItem('authToken');
    const { callsTo } = mockFetch({
      'POST /api/auth/register': { status: 409, body: { status: 409, code: 'email_taken', message: 'Email already registered' } },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    });
    renderApp(<CheckoutPage />, { route: '/checkout', path: '/checkout' });
    const form = await screen.findByTestId('checkout-account');
    const u = userEvent.setup({ delay: null });
    await u.click(within(form).getByRole('button', { name: 'Create account and continue' }));
    expect(callsTo('POST', '/api/auth/register')).toHaveLength(0);
    await u.type(within(form).getByLabelText(/^First Name/), 'Ada');
    await u.type(within(form).getByLabelText(/^Last Name/), 'Lovelace');
    await u.type(within(form).getByLabelText(/^Email/), 'ada@example.com');
    await u.type(within(form).getByLabelText(/^Password/), 'Stage1234');
    await u.click(within(form).getByRole('button', { name: 'Create account and continue' }));
    await waitFor(() => expect(callsTo('POST', '/api/auth/register')).toHaveLength(1));
    expect((await screen.findAllByText(/already/i)).length).toBeGreaterThan(0);
  }, 30_000);
});
