import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import PaymentReturnPage, { POLL_FOR_MS } from './PaymentReturnPage';

const user = { id: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B', roles: ['Customer'] };
const payment = { method: 'card', amountDue: 59.98, amountRefunded: 0, paidAt: '', dueDate: '', poNumber: '', reference: 'ORD-1' };
const order = (status: string, amountPaid: number) => ({
  id: 'o1', orderNumber: 'ORD-1', customerName: 'A B', customerEmail: 'a@b.co', subtotalAmount: 49.99, shippingMethod: 'standard',
  shippingAmount: 9.99, totalAmount: 59.98, itemCount: 1, status: 'Created', createdAt: '2026-11-26T10:00:00Z',
  shipping: {}, items: [], payment: { ...payment, status, amountPaid },
});

function setup(replies: { body: unknown }[]) {
  localStorage.setItem('authToken', 't');
  return mockFetch({
    'GET /api/auth/profile': { body: user },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/checkout/orders/o1': replies,
  });
}

describe('PaymentReturnPage', () => {
  beforeAll(setupTestI18n);

  afterEach(() => vi.useRealTimers());

  it('confirms with the bank after success, without Pay now, and says Paid only once the server does', async () => {
    // The return URL says success; the server still says pending, then paid.
    const { callsTo } = setup([{ body: order('pending', 0) }, { body: order('paid', 59.98) }]);
    renderApp(<PaymentReturnPage />, { route: '/checkout/payment/o1?result=success', path: '/checkout/payment/:id' });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment with the bank…' })).toBeInTheDocument();
    expect(await screen.findByText('Order ORD-1 ($59.98): this takes a few seconds. Please do not pay again.')).toBeInTheDocument();
    // A second payment must not be invited while the webhook may still arrive (issue 44).
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be opened/)).not.toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Paid' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Thank you! We received $59.98 for order ORD-1.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/checkout/orders/o1').length).toBeGreaterThanOrEqual(2);
  });

  it('says honestly that the bank has not confirmed yet when the webhook is late, still without Pay now', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup([{ body: order('pending', 0) }]);
    renderApp(<PaymentReturnPage />, { route: '/checkout/payment/o1?result=success', path: '/checkout/payment/:id' });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment with the bank…' })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(POLL_FOR_MS + 1);
    });
    expect(await screen.findByRole('heading', { name: 'Your bank has not confirmed the payment yet' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-return-text')).toHaveTextContent('there is no need to pay again');
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('says nothing was charged after the shopper left the payment page, and offers Pay now', async () => {
    setup([{ body: order('pending', 0) }]);
    renderApp(<PaymentReturnPage />, { route: '/checkout/payment/o1?result=cancel', path: '/checkout/payment/:id' });
    expect(await screen.findByRole('heading', { name: 'You left the payment page; nothing was charged' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(screen.getByText('This order is not paid yet. Pay by card on the secure payment page:')).toBeInTheDocument();
    expect(screen.queryByText(/could not be opened/)).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Awaiting payment');
  });
});
