import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '../../api/types';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { OrderReturns } from './OrderReturns';

const order = {
  id: 'o1',
  orderNumber: 'ORD-1',
  status: 'Delivered',
  items: [
    { id: 'l1', productName: { en: 'XLR cable' }, quantity: 2 },
    { id: 'l2', productName: { en: 'Spot' }, quantity: 1 },
  ],
} as unknown as OrderDetail;

const created = {
  id: 'r1',
  number: 'R-2026-000001',
  orderId: 'o1',
  status: 'requested',
  lines: [{ orderItemId: 'l1', productName: { en: 'XLR cable' }, quantity: 1, reason: 'damaged', restock: false, refundAmount: 0, taxAmount: 0 }],
  refundAmount: 0,
  message: '',
  history: [],
};

describe('OrderReturns', () => {
  beforeAll(setupTestI18n);

  it('asks a reason for each chosen line, then sends the lines and note and shows the return', async () => {
    const { callsTo } = mockFetch({ 'GET /api/checkout/orders/o1/returns': { body: [] }, 'POST /api/checkout/orders/o1/returns': { status: 201, body: created } });
    renderApp(<OrderReturns order={order} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Return items' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(screen.getByText('Choose at least one item to return')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Quantity of XLR cable to return'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(callsTo('POST', '/api/checkout/orders/o1/returns')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Reason for returning XLR cable'), 'damaged');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Frayed end');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('R-2026-000001')).toBeInTheDocument();
    expect(screen.getByText('Requested')).toBeInTheDocument();
    expect(callsTo('POST', '/api/checkout/orders/o1/returns')[0].body).toEqual({
      lines: [{ orderItemId: 'l1', quantity: 1, reason: 'damaged' }],
      note: 'Frayed end',
    });
  });

  it("shows the server's refusal and a received return's refund", async () => {
    const received = { ...created, status: 'received', refundAmount: 19.47, lines: [{ ...created.lines[0], quantity: 2 }] };
    mockFetch({
      'GET /api/checkout/orders/o1/returns': { body: [received] },
      'POST /api/checkout/orders/o1/returns': { status: 409, body: { status: 409, code: 'return_window_closed', message: 'closed' } },
    });
    renderApp(<OrderReturns order={order} />);
    expect(await screen.findByText('Refunded $19.47')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return items' }));
    expect(screen.queryByLabelText('Quantity of XLR cable to return')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Quantity of Spot to return'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Reason for returning Spot'), 'changed_mind');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The return window for this order has closed');
  });
});
