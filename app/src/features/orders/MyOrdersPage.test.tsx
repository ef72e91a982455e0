import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';

const user = { id: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B', roles: ['Customer'] };
const summary = {
  id: 'o1',
  orderNumber: 'ORD-20261122-7KQ2MX',
  customerName: 'A B',
  customerEmail: 'a@b.co',
  totalAmount: 1049.97,
  itemCount: 3,
  status: 'Shipped',
  createdAt: '2026-11-22T10:00:00Z',
};
const detail = {
  ...summary,
  shipping: { firstName: 'Ada', lastName: 'Lovelace', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'USA', phone: '+1 555', email: 'ada@x.io' },
  items: [
    { id: 'l1', productId: 'p1', productName: { en: 'Spot', ru: 'Прожектор' }, productImage: 'a.jpg', quantity: 2, unitPrice: 499.99, totalPrice: 999.98 },
    { id: 'l2', productId: 'p2', productName: { en: 'Cable' }, productImage: '', quantity: 1, unitPrice: 49.99, totalPrice: 49.99 },
  ],
};

function setup(routes: Parameters<typeof mockFetch>[0]) {
  localStorage.setItem('authToken', 't');
  return mockFetch({ 'GET /api/auth/profile': { body: user }, 'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } }, ...routes });
}

describe('MyOrdersPage', () => {
  beforeAll(setupTestI18n);

  it('shows the empty state with a link to the products', async () => {
    setup({ 'GET /api/checkout/orders': { body: [] } });
    renderApp(<MyOrdersPage />);
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText("You haven't placed any orders yet. Start shopping to see your orders here.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });

  it('shows a load error as an alert', async () => {
    setup({ 'GET /api/checkout/orders': { status: 500, body: {} } });
    renderApp(<MyOrdersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load orders');
  });

  it('lists orders and opens the details dialog with items, total and timeline', async () => {
    const { callsTo } = setup({ 'GET /api/checkout/orders': { body: [summary] }, 'GET /api/checkout/orders/o1': { body: detail } });
    renderApp(<MyOrdersPage />);
    const row = (await screen.findByText('ORD-20261122-7KQ2MX')).closest('tr')!;
    expect(within(row).getByText('$1,049.97')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Shipped')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(callsTo('GET', '/api/checkout/orders').length).toBeGreaterThanOrEqual(2);

    await userEvent.click(within(row).getByRole('button', { name: 'Details of order ORD-20261122-7KQ2MX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-20261122-7KQ2MX' });
    expect(await within(dialog).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText('Springfield')).toBeInTheDocument();
    expect(within(dialog).getByText('62701')).toBeInTheDocument();
    expect(within(dialog).getByText('Spot')).toBeInTheDocument();
    expect(within(dialog).getByText('$499.99 × 2')).toBeInTheDocument();
    expect(within(dialog).getByText('$999.98')).toBeInTheDocument();
    expect(within(dialog).getByText('$1,049.97')).toBeInTheDocument();
    expect(within(dialog).getByText('Order placed')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows subtotal, shipping, the history, and lets the customer cancel a Created order after confirming', async () => {
    const created = {
      ...detail,
      status: 'Created',
      subtotalAmount: 1049.97,
      shippingMethod: 'express',
      shippingAmount: 19.99,
      totalAmount: 1069.96,
      history: [{ status: 'Created', at: '2026-11-22T10:00:00Z' }],
    };
    const cancelled = { ...created, status: 'Cancelled', history: [...created.history, { status: 'Cancelled', at: '2026-11-22T11:00:00Z' }] };
    const { callsTo } = setup({
      'GET /api/checkout/orders': { body: [{ ...summary, status: 'Created' }] },
      'GET /api/checkout/orders/o1': { body: created },
      'POST /api/checkout/orders/o1/cancel': { body: cancelled },
    });
    renderApp(<MyOrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Details of order ORD-20261122-7KQ2MX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-20261122-7KQ2MX' });
    const totals = await within(dialog).findByTestId('order-totals');
    expect(totals).toHaveTextContent('Shipping (Express)$19.99');
    expect(totals).toHaveTextContent('$1,069.96');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel order ORD-20261122-7KQ2MX?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    expect(callsTo('POST', '/api/checkout/orders/o1/cancel')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    const timeline = await within(dialog).findByTestId('order-timeline');
    expect(await within(timeline).findByText('Cancelled')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/checkout/orders/o1/cancel')).toHaveLength(1);
  });

  it("shows the order's own tax per rate and links its invoice, which opens in a new tab", async () => {
    const taxed = {
      ...detail,
      subtotalAmount: 1049.97,
      shippingMethod: 'standard',
      shippingAmount: 0,
      taxAmount: 65.62,
      totalAmount: 1115.59,
      invoiceNumber: 'INV-2026-000123',
      taxLines: [{ name: 'Texas sales tax', rate: 6.25, base: 1049.97, amount: 65.62 }],
      taxRows: [{ kind: 'line', name: 'Texas sales tax', rate: 6.25, base: 1049.97, amount: 65.62 }],
      creditNotes: [{ id: 'cn1', number: 'CN-2026-000007', orderId: 'o1', refundId: 'r1', amount: 49.99, taxAmount: 3.12, reason: '', createdAt: '2026-11-23T10:00:00Z' }],
    };
    setup({
      'GET /api/checkout/orders': { body: [{ ...summary, invoiceNumber: 'INV-2026-000123' }, { ...summary, id: 'o2', orderNumber: 'ORD-20261122-AAAAAA', invoiceNumber: '' }] },
      'GET /api/checkout/orders/o1': { body: taxed },
    });
    renderApp(<MyOrdersPage />);
    const link = await screen.findByRole('link', { name: 'Open invoice INV-2026-000123' });
    expect(link).toHaveAttribute('href', '/account/orders/o1/invoice');
    expect(link).toHaveAttribute('target', '_blank');
    // An order without an invoice number has no link.
    expect(screen.getAllByRole('link', { name: /^Open invoice/ })).toHaveLength(1);
    await userEvent.click(screen.getAllByRole('button', { name: 'Details of order ORD-20261122-7KQ2MX' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-20261122-7KQ2MX' });
    const totals = await within(dialog).findByTestId('order-totals');
    expect(totals).toHaveTextContent('Texas sales tax (6.25%)$65.62');
    expect(totals).toHaveTextContent('$1,115.59');
    expect(within(dialog).getByTestId('credit-notes')).toHaveTextContent('CN-2026-000007: -$49.99 (of which tax -$3.12)');
  });

  it('names the quote an order was made from, in the list and the dialog', async () => {
    const quoted = { ...summary, quoteNumber: 'Q-2026-000042' };
    setup({ 'GET /api/checkout/orders': { body: [quoted] }, 'GET /api/checkout/orders/o1': { body: { ...detail, quoteNumber: 'Q-2026-000042' } } });
    renderApp(<MyOrdersPage />);
    const row = (await screen.findByText('ORD-20261122-7KQ2MX')).closest('tr')!;
    expect(within(row).getByTestId('from-quote')).toHaveTextContent('From quote Q-2026-000042');
    await userEvent.click(within(row).getByRole('button', { name: 'Details of order ORD-20261122-7KQ2MX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-20261122-7KQ2MX' });
    expect(await within(dialog).findByTestId('from-quote')).toHaveTextContent('From quote Q-2026-000042');
  });
});
