import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import QuotePage from './QuotePage';

const { goToPaymentPage } = vi.hoisted(() => ({ goToPaymentPage: vi.fn() }));
vi.mock('../../api/orders', async (original) => ({ ...(await original<typeof import('../../api/orders')>()), goToPaymentPage }));

const VENUE = { id: 'u1', email: 'venue@example.com', firstName: 'Town', lastName: 'Hall', roles: ['Customer'], invoiceAllowed: true };
const QUOTE = {
  id: 'q1', number: 'Q-2031-000042', status: 'sent', revision: 2, lines: [], serviceLines: [], eventName: 'Spring gala', eventDate: '', venue: '', message: '',
  validUntil: '2099-01-01T00:00:00Z', poNumber: '', declineReason: '', subtotal: 358, discountAmount: 40, shippingAmount: 50, taxAmount: 29.54, depositAmount: 0, total: 437.54,
  orderId: '', orderNumber: '', createdAt: '2031-05-01T10:00:00Z', history: [],
};
const ORDER = { id: 'o1', orderNumber: 'ORD-20310501-AAAAAA', totalAmount: 437.54 };

function setup(accept: { status?: number; body?: unknown } | { status?: number; body?: unknown }[], user = VENUE) {
  localStorage.setItem('authToken', 't');
  return mockFetch({
    'GET /api/auth/profile': { body: user },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/payments/methods': { body: { methods: [{ code: 'card', enabled: true }, { code: 'bank_transfer', enabled: true }], holdMinutes: 60 } },
    'GET /api/quotes/q1': { body: QUOTE },
    'POST /api/quotes/q1/accept': accept,
    'POST /api/quotes/q1/decline': { body: { ...QUOTE, status: 'declined', declineReason: 'Over budget' } },
  });
}

const open = () => renderApp(<QuotePage />, { route: '/account/quotes/q1', path: '/account/quotes/:quoteId' });
const respond = async () => within(await screen.findByTestId('quote-respond'));

beforeEach(async () => {
  localStorage.clear();
  goToPaymentPage.mockReset();
  await setupTestI18n();
});

describe("accepting a quote", () => {
  it('by card goes on to the payment page with the revision seen', async () => {
    const { callsTo } = setup({ status: 201, body: { ...ORDER, checkoutUrl: 'https://checkout.stripe.test/c/pay_1' } });
    open();
    const r = await respond();
    await waitFor(() => expect(r.getByTestId('payment-card')).toBeInTheDocument());
    await userEvent.click(r.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay_1'));
    expect(callsTo('POST', '/api/quotes/q1/accept')[0].body).toEqual({ revision: 2, paymentMethod: 'card', poNumber: '' });
    expect(screen.getByTestId('location')).toHaveTextContent('/account/quotes/q1');
  });

  it('by bank transfer goes to the order among My Orders', async () => {
    const { callsTo } = setup({ status: 201, body: { ...ORDER, checkoutUrl: '' } });
    open();
    const r = await respond();
    await userEvent.click(await r.findByTestId('payment-bank_transfer'));
    await userEvent.click(r.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/orders?order=o1'));
    expect(callsTo('POST', '/api/quotes/q1/accept')[0].body).toMatchObject({ paymentMethod: 'bank_transfer' });
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('on invoice terms asks for the PO number first and sends it', async () => {
    const { callsTo } = setup({ status: 201, body: ORDER });
    open();
    const r = await respond();
    // Invoice terms are offered to an approved customer though the shop's checkout lists card and transfer.
    await userEvent.click(await r.findByTestId('payment-invoice'));
    await userEvent.click(r.getByRole('button', { name: 'Accept quote' }));
    expect(await r.findByText('This field is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/quotes/q1/accept')).toHaveLength(0);
    await userEvent.type(r.getByLabelText('Purchase order (PO) number'), ' PO-4471 ');
    await userEvent.click(r.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/orders?order=o1'));
    expect(callsTo('POST', '/api/quotes/q1/accept')[0].body).toEqual({ revision: 2, paymentMethod: 'invoice', poNumber: 'PO-4471' });
  });

  it("offers no invoice terms to a customer not approved for them", async () => {
    setup({ status: 201, body: ORDER }, { ...VENUE, invoiceAllowed: false });
    open();
    const r = await respond();
    await waitFor(() => expect(r.getByTestId('payment-card')).toBeInTheDocument());
    expect(r.queryByTestId('payment-invoice')).toBeNull();
  });

  it("says the server's refusals in the customer's words and reloads a changed quote", async () => {
    const { callsTo } = setup([
      { status: 409, body: { status: 409, code: 'quote_changed', message: 'The quote has changed; please review it again' } },
      { status: 409, body: { status: 409, code: 'not_available', message: 'Only 0 available for these dates', available: { p1: 0 } } },
      { status: 409, body: { status: 409, code: 'insufficient_stock', message: 'Insufficient stock', available: { p2: 1 } } },
    ]);
    open();
    const r = await respond();
    const accept = () => userEvent.click(r.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(r.getByTestId('payment-card')).toBeInTheDocument());
    await accept();
    expect(await r.findByRole('alert')).toHaveTextContent('The shop has changed this quote since you opened it. Please review the new figures and accept again.');
    await waitFor(() => expect(callsTo('GET', '/api/quotes/q1').length).toBeGreaterThanOrEqual(2));
    await accept();
    await waitFor(() => expect(r.getByRole('alert')).toHaveTextContent('Some hire items are no longer free on those dates. Please ask us to update the quote.'));
    await accept();
    await waitFor(() => expect(r.getByRole('alert')).toHaveTextContent('Some items of this quote are no longer in stock in these quantities. Please ask us to update the quote.'));
    expect(goToPaymentPage).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/account/quotes/q1');
  });
});

describe('declining a quote', () => {
  it('sends the reason and shows the quote declined', async () => {
    const { callsTo } = setup({ status: 201, body: ORDER });
    open();
    const r = await respond();
    await userEvent.click(r.getByRole('button', { name: 'Decline' }));
    await userEvent.type(r.getByLabelText('Reason (optional)'), ' Over budget ');
    await userEvent.click(r.getByRole('button', { name: 'Decline this quote' }));
    await waitFor(() => expect(screen.queryByTestId('quote-respond')).toBeNull());
    expect(callsTo('POST', '/api/quotes/q1/decline')[0].body).toEqual({ reason: 'Over budget' });
    expect(callsTo('POST', '/api/quotes/q1/accept')).toHaveLength(0);
  });
});
