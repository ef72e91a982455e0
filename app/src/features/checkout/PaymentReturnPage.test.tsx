import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import PaymentReturnPage from './PaymentReturnPage';

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

  it('waits for the server and says Paid only once the order is paid', async () => {
    // The return URL says success; the server still says pending, then paid.
    const { callsTo } = setup([{ body: order('pending', 0) }, { body: order('paid', 59.98) }]);
    renderApp(<PaymentReturnPage />, { route: '/checkout/payment/o1?result=success', path: '/checkout/payment/:id' });
    expect(await screen.findByText('Checking your payment…')).toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Paid' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Thank you! We received $59.98 for order ORD-1.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/checkout/orders/o1').length).toBeGreaterThanOrEqual(2);
  });

  it('offers to pay again after the shopper left the payment page', async () => {
    setup([{ body: order('pending', 0) }]);
    renderApp(<PaymentReturnPage />, { route: '/checkout/payment/o1?result=cancel', path: '/checkout/payment/:id' });
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Awaiting payment');
  });
});
