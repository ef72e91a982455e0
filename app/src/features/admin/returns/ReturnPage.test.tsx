import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '../../../api/types';
import { mockFetch } from '../../../test/fetchMock';
import { setupAdminI18n } from '../test/helpers';
import { renderApp } from '../../../test/render';
import { RefundLinesButton } from './RefundLinesDialog';
import { ReturnPage } from './ReturnPage';

const line = { orderItemId: 'l1', productName: { en: 'XLR cable' }, quantity: 1, reason: 'damaged', restock: false, refundAmount: 0, taxAmount: 0 };
const approved = { id: 'r1', number: 'R-2026-000001', orderId: 'o1', orderNumber: 'ORD-1', status: 'approved', lines: [line], refundAmount: 0, shippingAmount: 0, message: '', note: '', history: [] };

describe('ReturnPage', () => {
  beforeAll(setupAdminI18n);

  it('receives line by line without restock and shows the refund the server made', async () => {
    const received = { ...approved, status: 'received', refundAmount: 19.47, lines: [{ ...line, refundAmount: 19.47 }] };
    const { callsTo } = mockFetch({ 'GET /api/admin/returns/r1': { body: approved }, 'PUT /api/admin/returns/r1': { body: received } });
    renderApp(<ReturnPage />, { route: '/admin/returns/r1', path: '/admin/returns/:returnId' });
    const restock = await screen.findByRole('checkbox', { name: 'Restock' });
    expect(restock).toBeChecked();
    await userEvent.click(restock);
    await userEvent.click(screen.getByRole('button', { name: 'Mark received and refund' }));
    expect(await screen.findByText('Refunded $19.47 (shipping $0.00)')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/returns/r1')[0].body).toEqual({ status: 'received', message: '', lines: [{ orderItemId: 'l1', restock: false }] });
  });

  it("rejects with the owner's message", async () => {
    const { callsTo } = mockFetch({ 'GET /api/admin/returns/r1': { body: { ...approved, status: 'requested' } }, 'PUT /api/admin/returns/r1': { body: { ...approved, status: 'rejected', message: 'Used' } } });
    renderApp(<ReturnPage />, { route: '/admin/returns/r1', path: '/admin/returns/:returnId' });
    await userEvent.type(await screen.findByLabelText('Message to the customer'), 'Used');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Message to the customer: Used')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/returns/r1')[0].body).toEqual({ status: 'rejected', message: 'Used' });
  });
});

describe('RefundLinesButton', () => {
  beforeAll(setupAdminI18n);

  it("shows the server's figure for the chosen units and refunds them", async () => {
    const order = { id: 'o1', orderNumber: 'ORD-1', items: [{ id: 'l1', productName: { en: 'XLR cable' }, quantity: 3 }], payment: { refundable: 80 } } as unknown as OrderDetail;
    // Refunds are for the roles that may (an Admin here; issue 49).
    localStorage.setItem('authToken', 'admin-token');
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true } },
      'POST /api/checkout/admin/orders/o1/refunds/quote': { body: { amount: 19.47, taxAmount: 1.48, shippingAmount: 0, refundable: 80 } },
      'POST /api/checkout/admin/orders/o1/refunds': { status: 201, body: order },
    });
    renderApp(<RefundLinesButton order={order} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund lines' }));
    await userEvent.selectOptions(screen.getByLabelText('Units of XLR cable to refund'), '1');
    expect(await screen.findByText('Refund $19.47 (tax $1.48 included)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await screen.findByRole('button', { name: 'Refund lines' });
    expect(callsTo('POST', '/api/checkout/admin/orders/o1/refunds')[0].body).toEqual({ lines: [{ orderItemId: 'l1', quantity: 1, restock: false }], shipping: false });
  });
});
