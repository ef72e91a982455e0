import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import QuoteRequestPage from './QuoteRequestPage';

// A line array for hire only ($150 a day, $500 deposit), one unit, none free on the 14th.
const PRODUCT = {
  id: 'p1', name: 'Line array', nameLocalized: {}, description: '', options: [], variants: [], defaultVariantId: 'v1', images: [], price: 1000,
  hire: { enabled: true, saleEnabled: false, deposit: 500, bufferDays: 0, minDays: 1, leadDays: 0 }, hireRates: { day: 150, weekend: null, week: null },
};
const TODAY = '2031-05-12';
const DAYS = Array.from({ length: 56 }, (_, i) => {
  const date = new Date(Date.UTC(2031, 4, 12 + i)).toISOString().slice(0, 10);
  return { date, available: date === '2031-05-14' ? 0 : 1 };
});
const ADDRESS = { id: 'a1', firstName: 'Tex', lastName: 'Ritter', address: '1 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US', phone: '+1 512 555 0100', isDefault: true };

function routes(post: { status?: number; body?: unknown }, product: unknown = PRODUCT) {
  localStorage.setItem('authToken', 't');
  return mockFetch({
    'GET /api/auth/profile': { body: { id: 'u1', email: 'tex@example.com', firstName: 'Tex', lastName: 'Ritter', roles: ['Customer'] } },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/auth/addresses': { body: [ADDRESS] },
    'GET /api/products/p1': { body: product },
    'GET /api/products/p1/availability': (call) =>
      call.query.get('start')
        ? { body: { today: TODAY, days: [], quote: { start: call.query.get('start'), end: call.query.get('end'), days: 2, quantity: 1, rule: 'day', unitPrice: 300, lineTotal: 300, deposit: 500, available: 1 } } }
        : { body: { today: TODAY, days: DAYS } },
    'POST /api/quotes': post,
  });
}

const day = (date: string) => screen.getByRole('button', { name: new RegExp(`^\\d+, ${date}:`) });

beforeEach(async () => {
  localStorage.clear();
  await setupTestI18n();
});

describe('a quote for one product from its page', () => {
  it('asks a hire-only product on hire: dates required, picked on the calendar, sent as a hire line', async () => {
    const { callsTo } = routes({ status: 201, body: { id: 'q1', number: 'Q-2031-000001' } });
    renderApp(<QuoteRequestPage />, { route: '/quotes/new?product=p1&quantity=1', path: '/quotes/new' });
    // The link said nothing of hire; the product is for hire only, so the form asks for dates.
    await waitFor(() => expect(day('2031-05-15')).toBeEnabled());
    expect(day('2031-05-14')).toBeDisabled();
    await waitFor(() => expect(screen.getByLabelText(/City/)).toHaveValue('Austin'));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Pick the day you collect it and the day you return it.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/quotes')).toHaveLength(0);
    await user.click(day('2031-05-15'));
    await user.click(day('2031-05-16'));
    expect(await screen.findByText('$300.00')).toBeInTheDocument();
    expect(screen.getByTestId('quote-request-lines')).toHaveTextContent('Line array × 1 (2031-05-15 – 2031-05-16)');
    await user.click(screen.getByRole('button', { name: 'Send quote request' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/quotes/q1'));
    expect(callsTo('POST', '/api/quotes')[0].body).toMatchObject({ lines: [{ productId: 'p1', quantity: 1, hire: { start: '2031-05-15', end: '2031-05-16' } }] });
  });

  it("starts from the product page's dates and shows the server's refusal of them at the dates", async () => {
    const { callsTo } = routes({ status: 400, body: { status: 400, code: 'hire_too_soon', message: 'This product can be hired from 2031-05-20 at the earliest', errors: { 'lines.0.hire.start': 'x' } } });
    renderApp(<QuoteRequestPage />, { route: '/quotes/new?product=p1&quantity=2&hire=1&start=2031-05-15&end=2031-05-16', path: '/quotes/new' });
    await waitFor(() => expect(day('2031-05-15')).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getByLabelText(/City/)).toHaveValue('Austin'));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Send quote request' }));
    const dates = await screen.findByTestId('quote-hire-dates');
    await waitFor(() => expect(dates).toHaveTextContent('These dates start too soon for this product: choose a later start.'));
    expect(callsTo('POST', '/api/quotes')[0].body).toMatchObject({ lines: [{ productId: 'p1', quantity: 2, hire: { start: '2031-05-15', end: '2031-05-16' } }] });
  });

  it('keeps a sale product a sale line, with no calendar', async () => {
    const sale = { ...PRODUCT, hire: { ...PRODUCT.hire, enabled: false } };
    const { callsTo } = routes({ status: 201, body: { id: 'q2', number: 'Q-2031-000002' } }, sale);
    renderApp(<QuoteRequestPage />, { route: '/quotes/new?product=p1&quantity=3', path: '/quotes/new' });
    await waitFor(() => expect(screen.getByTestId('quote-request-lines')).toHaveTextContent('Line array × 3'));
    await waitFor(() => expect(screen.getByLabelText(/City/)).toHaveValue('Austin'));
    expect(screen.queryByTestId('quote-hire-dates')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Send quote request' }));
    await waitFor(() => expect(callsTo('POST', '/api/quotes')).toHaveLength(1));
    expect(callsTo('POST', '/api/quotes')[0].body).toEqual(expect.objectContaining({ lines: [{ productId: 'p1', quantity: 3 }] }));
  });
});
