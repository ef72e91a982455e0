import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail, OrderSummary, Payment } from '../../../api/types';
import { mockFetch } from '../../../test/fetchMock';
import { renderApp } from '../../../test/render';
import { setupAdminI18n } from '../test/helpers';
import { CancelOrderDialog } from './CancelOrderDialog';
import { PaymentPanel } from './PaymentPanel';

const payment = (p: Partial<Payment>): Payment => ({
  method: 'bank_transfer',
  status: 'paid',
  amountDue: 100,
  amountPaid: 100,
  amountRefunded: 0,
  outstanding: 0,
  refundable: 100,
  paidAt: '',
  dueDate: '',
  poNumber: '',
  reference: 'ORD-1',
  ...p,
});

const order = (p: Partial<Payment>) => ({ id: 'o1', orderNumber: 'ORD-1', status: 'Processing', payment: payment(p) }) as OrderDetail;

// What is left to pay or to refund is the server's (payment.outstanding, payment.refundable):
// the figures below differ from what the amounts would give, as when a refund is on its way.
describe("the admin's payment figures", () => {
  beforeAll(setupAdminI18n);
  // Record payment and Refund are for the roles that may (an Admin here; issue 49).
  beforeEach(() => {
    localStorage.setItem('authToken', 'admin-token');
    mockFetch({ 'GET /api/auth/profile': { body: { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true } } });
  });

  it('refunds at most what the server says is refundable', async () => {
    renderApp(<PaymentPanel order={order({ method: 'card', refundable: 40 })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(await screen.findByLabelText(/Amount/)).toHaveValue('40.00');
  });

  it('records at most what the server says is outstanding, and offers no refund of nothing', async () => {
    renderApp(<PaymentPanel order={order({ status: 'partially_paid', amountPaid: 50, outstanding: 25, refundable: 0 })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(await screen.findByLabelText(/Amount/)).toHaveValue('25.00');
  });

  it('cancelling offers to refund what the server says is refundable, nothing when a refund already takes it', () => {
    const summary = (p: Partial<Payment>) => ({ ...order(p), status: 'Created' }) as OrderSummary;
    const { unmount } = renderApp(<CancelOrderDialog order={summary({ refundable: 75 })} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Cancel and refund $75.00' })).toBeInTheDocument();
    unmount();
    renderApp(<CancelOrderDialog order={summary({ refundable: 0 })} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByText('Cancelling puts the ordered items back in stock.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /refund/ })).toBeNull();
  });
});
