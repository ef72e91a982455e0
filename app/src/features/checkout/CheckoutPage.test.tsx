import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: ['Customer'] };
const cart = {
  id: 'c1',
  items: [
    {
      id: 'i1',
      productId: 'p1',
      productName: { en: 'Moving Head Spot', ru: 'Вращающаяся голова' },
      imageFileName: 'a.jpg',
      unitPrice: 499.99,
      quantity: 2,
      totalPrice: 999.98,
      availableStock: 5,
    },
  ],
  totalPrice: 999.98,
  totalItems: 2,
};

function setup(routes: Parameters<typeof mockFetch>[0] = {}, cartBody: unknown = cart) {
  localStorage.setItem('authToken', 't');
  const methods = {
    homeCountry: 'US',
    freeShippingThreshold: 500,
    methods: [{ code: 'standard', name: { en: 'Standard' }, region: 'domestic', amount: 0, deliveryDays: '5-7' }],
  };
  const mock = mockFetch({
    'GET /api/auth/profile': { body: user },
    'GET /api/cart': { body: cartBody },
    'GET /api/shipping/methods': { body: methods },
    ...routes,
  });
  renderApp(<CheckoutPage />, { route: '/checkout', path: '/checkout' });
  return mock;
}

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));

async function fillShipping() {
  await userEvent.type(field('Phone'), '+1 555 0100');
  await userEvent.type(field('Address'), '1 Main St');
  await userEvent.type(field('City'), 'Springfield');
  await userEvent.type(field('State'), 'IL');
  await userEvent.type(field('ZIP Code'), '62701');
  await userEvent.type(field('Country'), 'USA');
}

describe('CheckoutPage', () => {
  beforeAll(setupTestI18n);

  it('tells the shopper when the cart is empty', async () => {
    setup({}, { id: '', items: [], totalPrice: 0, totalItems: 0 });
    expect(await screen.findByText('Your cart is empty. Please add some products before checkout.')).toBeInTheDocument();
  });

  it('keeps Continue disabled until every shipping field is filled, with messages on leaving a field', async () => {
    setup();
    const cont = await screen.findByRole('button', { name: 'Continue to Billing' });
    expect(field('First Name')).toHaveValue('Ada');
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(cont).toBeDisabled();

    await userEvent.click(field('City'));
    await userEvent.tab();
    expect(screen.getByText('This field is required')).toBeInTheDocument();

    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'ada@');
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();

    await fillShipping();
    expect(cont).toBeDisabled();
    await userEvent.type(field('Email'), 'example.com');
    expect(cont).toBeEnabled();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('uses the shipping address for billing by default, and asks for billing fields when unticked', async () => {
    setup();
    await screen.findByRole('button', { name: 'Continue to Billing' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));

    const same = screen.getByRole('checkbox', { name: 'Use shipping address for billing' });
    expect(same).toBeChecked();
    expect(field('City')).toBeDisabled();
    expect(field('City')).toHaveValue('Springfield');
    expect(screen.queryByLabelText(/^Phone/)).not.toBeInTheDocument();

    await userEvent.click(same);
    expect(field('City')).toBeEnabled();
    await userEvent.clear(field('City'));
    await userEvent.tab();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review Order' })).toBeDisabled();
  });

  it('places the order and shows the confirmation with the order number', async () => {
    const { callsTo } = setup({
      'POST /api/checkout/create-order': {
        status: 201,
        body: { id: 'o1', orderNumber: 'ORD-20261122-7KQ2MX', totalAmount: 999.98, items: [], shipping: {}, status: 'Created' },
      },
    });
    await screen.findByRole('button', { name: 'Continue to Billing' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Review Order' }));
    expect(screen.getByText('Moving Head Spot')).toBeInTheDocument();
    expect(screen.getAllByText('$999.98').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ORD-20261122-7KQ2MX');
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/account/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    const body = callsTo('POST', '/api/checkout/create-order')[0].body as Record<string, unknown>;
    expect(body.useShippingForBilling).toBe(true);
    expect(body.shippingInfo).toMatchObject({ firstName: 'Ada', city: 'Springfield', email: 'ada@example.com', phone: '+1 555 0100' });
    expect(body.billingInfo).toMatchObject({ city: 'Springfield', zipCode: '62701' });
  });

  it('shows the server reason when stock ran out', async () => {
    setup({
      'POST /api/checkout/create-order': {
        status: 409,
        body: { status: 409, code: 'insufficient_stock', message: 'Only 1 left in stock', errors: { 'items.p1': 'Only 1 left in stock' } },
      },
    });
    await screen.findByRole('button', { name: 'Continue to Billing' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Billing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Review Order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Only 1 left in stock'));
  });
});
