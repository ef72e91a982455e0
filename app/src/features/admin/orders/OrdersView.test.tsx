import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { ADMIN_POLL_MS } from '../api';
import { liveStatus } from '../../../api/liveStatus';
import { adminOrderPageQuery, NO_ORDER_FILTERS } from './ordersApi';
import { chooseOption, queriesTo, renderAdmin, setupAdminI18n } from '../test/helpers';


const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const ORDERS = [
  {
    id: 'o1',
    orderNumber: 'ORD-20261122-7KQ2MX',
    customerName: 'Jane Doe',
    customerEmail: 'jane@example.com',
    totalAmount: 1299.9,
    itemCount: 3,
    status: 'Created',
    createdAt: '2026-11-22T10:00:00Z',
  },
  {
    id: 'o2',
    orderNumber: 'ORD-20261121-AAAAAA',
    customerName: 'Bob Roe',
    customerEmail: 'bob@example.com',
    totalAmount: 50,
    itemCount: 1,
    status: 'Shipped',
    createdAt: '2026-11-21T10:00:00Z',
  },
];
const DETAIL = {
  ...ORDERS[0],
  subtotalAmount: 1299.9,
  shippingMethod: 'standard',
  shippingAmount: 0,
  trackingNumber: '1Z999AA10123456784',
  history: [
    { status: 'Created', at: '2026-11-22T10:00:00Z' },
    { status: 'Cancelled', at: '2026-11-22T11:30:00Z' },
  ],
  shipping: {
    firstName: 'Jane',
    lastName: 'Doe',
    address: '1 Stage Rd',
    city: 'Austin',
    state: 'TX',
    zipCode: '73301',
    country: 'USA',
    phone: '+1 555 0100',
    email: 'jane@example.com',
  },
  billing: { firstName: 'Acme', lastName: 'Billing', address: '9 Money St', city: 'Dallas', state: 'TX', zipCode: '75001', country: 'USA' },
  items: [
    { id: 'i1', productId: 'p1', productName: { en: 'Moving Head', ru: 'Голова' }, productImage: 'head.jpg', quantity: 2, unitPrice: 599.95, totalPrice: 1199.9 },
    { id: 'i2', productId: 'p2', productName: 'XLR Cable', productImage: '', quantity: 1, unitPrice: 100, totalPrice: 100 },
  ],
};

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/checkout/admin/orders': { body: ORDERS },
    'GET /api/checkout/admin/orders/o1': { body: DETAIL },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

const rowOf = (orderNumber: string) => screen.getByRole('rowheader', { name: orderNumber }).closest('tr') as HTMLElement;

describe('admin orders', () => {
  it('lists orders with customer, total, items, status chip and date', async () => {
    api();
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261122-7KQ2MX');
    const row = within(rowOf('ORD-20261122-7KQ2MX'));
    expect(row.getByText('Jane Doe')).toBeInTheDocument();
    expect(row.getByText('jane@example.com')).toBeInTheDocument();
    expect(row.getByText('$1,299.90')).toBeInTheDocument();
    expect(row.getByText('3')).toBeInTheDocument();
    expect(row.getByRole('combobox', { name: 'Status of order ORD-20261122-7KQ2MX' })).toHaveTextContent('Created');
    // The navigation counts the orders still Created.
    expect(screen.getByRole('link', { name: /^Orders\s*1 new$/ })).toHaveAttribute('aria-current', 'page');
  });

  it('saves a new status at once and says so', async () => {
    const { callsTo } = api({ 'PUT /api/checkout/admin/orders/o1/status': { body: { ...DETAIL, status: 'Processing' } } });
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261122-7KQ2MX');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Status of order ORD-20261122-7KQ2MX' }), 'Processing');

    expect(await screen.findByText('Order status updated successfully')).toBeInTheDocument();
    const puts = callsTo('PUT', '/api/checkout/admin/orders/o1/status');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ status: 'Processing' });
    expect(puts[0].headers.Authorization).toBe('Bearer admin-token');
    expect(screen.getByRole('combobox', { name: 'Status of order ORD-20261122-7KQ2MX' })).toHaveTextContent('Processing');
    expect(callsTo('PUT', '/api/checkout/admin/orders/o2/status')).toHaveLength(0);
  });

  it('reports a failed status change and keeps the old status', async () => {
    const { callsTo } = api({
      'PUT /api/checkout/admin/orders/o2/status': {
        status: 409,
        body: { status: 409, code: 'insufficient_stock', message: 'Only 1 left in stock' },
      },
    });
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261121-AAAAAA');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Status of order ORD-20261121-AAAAAA' }), 'Cancelled');
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel order ORD-20261121-AAAAAA?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText(/^Failed to update order status/)).toBeInTheDocument();
    expect(callsTo('PUT', '/api/checkout/admin/orders/o2/status')[0].body).toEqual({ status: 'Cancelled' });
    expect(screen.getByRole('combobox', { name: 'Status of order ORD-20261121-AAAAAA' })).toHaveTextContent('Shipped');
    expect(screen.queryByText('Order status updated successfully')).not.toBeInTheDocument();
  });

  it('asks before cancelling (it restocks) and changes nothing when the admin keeps the order', async () => {
    const { callsTo } = api();
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261121-AAAAAA');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Status of order ORD-20261121-AAAAAA' }), 'Cancelled');
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel order ORD-20261121-AAAAAA?' });
    expect(confirm).toHaveTextContent('Cancelling puts the ordered items back in stock.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('PUT', '/api/checkout/admin/orders/o2/status')).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Status of order ORD-20261121-AAAAAA' })).toHaveTextContent('Shipped');
  });

  it('asks before a jump off the usual path and changes nothing when the admin says no', async () => {
    const { callsTo } = api({ 'PUT /api/checkout/admin/orders/o2/status': { body: { ...DETAIL, id: 'o2', status: 'Created' } } });
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261121-AAAAAA');
    const status = () => screen.getByRole('combobox', { name: 'Status of order ORD-20261121-AAAAAA' });
    await chooseOption(user, status(), 'Created');
    let ask = await screen.findByRole('alertdialog', { name: 'Change order ORD-20261121-AAAAAA off the usual path?' });
    expect(ask).toHaveTextContent('Shipped → Created');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('PUT', '/api/checkout/admin/orders/o2/status')).toHaveLength(0);
    await chooseOption(user, status(), 'Created');
    ask = await screen.findByRole('alertdialog', { name: 'Change order ORD-20261121-AAAAAA off the usual path?' });
    await user.click(within(ask).getByRole('button', { name: 'Change the status' }));
    await waitFor(() => expect(callsTo('PUT', '/api/checkout/admin/orders/o2/status')).toHaveLength(1));
    expect(callsTo('PUT', '/api/checkout/admin/orders/o2/status')[0].body).toEqual({ status: 'Created' });
  });

  it('keeps internal notes, carrier and tracking in the order view', async () => {
    const noted = { ...DETAIL, internalNotes: [{ text: 'Call the venue first', by: 'admin@example.com', at: '2026-11-22T12:00:00Z' }] };
    const { callsTo } = api({
      'POST /api/checkout/admin/orders/o1/notes': { status: 201, body: noted },
      'PUT /api/checkout/admin/orders/o1/status': (c) => ({ body: { ...noted, carrier: 'ups', trackingUrl: 'https://www.ups.com/track?tracknum=1Z1', ...(c.body as object) } }),
    });
    renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Details of order ORD-20261122-7KQ2MX' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByRole('textbox', { name: 'New internal note' }), 'Call the venue first');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('Call the venue first')).toBeInTheDocument();
    expect(callsTo('POST', '/api/checkout/admin/orders/o1/notes')[0].body).toEqual({ text: 'Call the venue first' });
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'ups');
    await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    await waitFor(() => expect(callsTo('PUT', '/api/checkout/admin/orders/o1/status')).toHaveLength(1));
    expect(callsTo('PUT', '/api/checkout/admin/orders/o1/status')[0].body).toEqual({ status: 'Created', trackingNumber: '1Z999AA10123456784', carrier: 'ups' });
    expect(await within(dialog).findByRole('link', { name: "Open the carrier's tracking page" })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z1');
  });

  it('refreshes on demand and polls every 15 seconds while realtime is not live', async () => {
    const { fn } = api();
    // The list's requests, not the navigation's count of new orders (pageSize=1).
    const listCalls = () => queriesTo(fn, '/api/checkout/admin/orders').filter((q) => q.get('pageSize') !== '1');
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261122-7KQ2MX');
    expect(listCalls()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));

    const q = adminOrderPageQuery(NO_ORDER_FILTERS);
    const interval = q.refetchInterval as () => number | false;
    expect(interval()).toBe(ADMIN_POLL_MS);
    expect(ADMIN_POLL_MS).toBe(15_000);
    liveStatus.set('live');
    expect(interval()).toBe(false);
    liveStatus.set('down');
    expect(interval()).toBe(ADMIN_POLL_MS);
    expect(q.refetchIntervalInBackground).toBe(false);
  });

  it('shows shipping, billing, items with images, total and timeline in the detail dialog', async () => {
    api();
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261122-7KQ2MX');
    await user.click(screen.getByRole('button', { name: 'Details of order ORD-20261122-7KQ2MX' }));

    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-20261122-7KQ2MX' });
    const d = within(dialog);
    expect(await d.findByText('1 Stage Rd')).toBeInTheDocument();
    expect(d.getByText('+1 555 0100')).toBeInTheDocument();
    expect(d.getByText('Acme Billing')).toBeInTheDocument();
    expect(d.getByText('9 Money St')).toBeInTheDocument();
    expect(d.getByText('Moving Head')).toBeInTheDocument();
    expect(d.getByText('XLR Cable')).toBeInTheDocument();
    expect(d.getByText('$599.95 × 2')).toBeInTheDocument();
    expect(d.getByTestId('order-total')).toHaveTextContent('$1,299.90');
    // Subtotal, the method (free standard shipping) and the tracking number, as the order stored them.
    expect(d.getByTestId('order-totals')).toHaveTextContent('Subtotal$1,299.90');
    expect(d.getByTestId('order-totals')).toHaveTextContent('Shipping (Standard)Free');
    expect(d.getByTestId('order-totals')).toHaveTextContent('1Z999AA10123456784');
    // Every status change with its time: here the customer's own cancel.
    const timeline = within(d.getByTestId('order-timeline'));
    expect(timeline.getByText('Order placed')).toBeInTheDocument();
    expect(timeline.getByText('Cancelled')).toBeInTheDocument();
    expect(d.getByTestId('order-timeline').querySelectorAll('time')).toHaveLength(2);
    const images = dialog.querySelectorAll('img');
    expect(images[0].getAttribute('src')).toBe('/images/products/head.jpg?thumb=120x120');
    expect(images[1].getAttribute('src')).toBe('/images/placeholder.jpg');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('exports the filtered date range as CSV from the server', async () => {
    const { callsTo, fn } = api({ 'GET /api/checkout/admin/orders/export.csv': { body: 'orderNumber\n' } });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:orders');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261122-7KQ2MX');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo('GET', '/api/checkout/admin/orders/export.csv')).toHaveLength(1));
    const q = queriesTo(fn, '/api/checkout/admin/orders/export.csv')[0];
    expect(q.get('from')).toBe('2026-11-01');
    expect(q.get('to')).toBe('2026-11-30');
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('orders-2026-11-01-2026-11-30.csv');
    created.mockRestore();
    clicked.mockRestore();
  });

  it('says so when the orders cannot be loaded', async () => {
    api({ 'GET /api/checkout/admin/orders': { status: 500, body: { status: 500, code: 'internal', message: 'x' } } });
    renderAdmin('/admin/orders');
    expect(await screen.findByText('Failed to load orders')).toBeInTheDocument();
  });

  it('filters and pages through the server, and asks for a tracking number when setting Shipped', async () => {
    const { fn, callsTo } = api({
      'PUT /api/checkout/admin/orders/o1/status': { body: { ...DETAIL, status: 'Shipped', trackingNumber: '1Z999' } },
    });
    renderAdmin('/admin/orders');
    await screen.findByText('ORD-20261122-7KQ2MX');
    const last = () => queriesTo(fn, '/api/checkout/admin/orders').at(-1)!;
    expect(last().get('page')).toBe('1');
    expect(last().get('pageSize')).toBe('20');

    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() => expect(last().get('status')).toBe('Shipped'));
    await user.type(screen.getByLabelText('Search number, name or e-mail'), 'jane{Enter}');
    await waitFor(() => expect(last().get('search')).toBe('jane'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(last().get('from')).toBe('2026-11-01'));

    await chooseOption(user, screen.getByRole('combobox', { name: 'Status of order ORD-20261122-7KQ2MX' }), 'Shipped');
    const ship = await screen.findByRole('dialog', { name: 'Ship order ORD-20261122-7KQ2MX' });
    expect(callsTo('PUT', '/api/checkout/admin/orders/o1/status')).toHaveLength(0);
    // The dialog starts from the saved number (issue 44); a new one replaces it, trimmed.
    const number = await within(ship).findByLabelText('Tracking number');
    expect(number).toHaveValue('1Z999AA10123456784');
    await user.clear(number);
    await user.type(number, ' 1Z999 ');
    await user.click(within(ship).getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('Order status updated successfully')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/checkout/admin/orders/o1/status')[0].body).toEqual({ status: 'Shipped', trackingNumber: '1Z999' });
  });

  it("opens the order's own page from the list, whose Ship dialog keeps the saved carrier and number", async () => {
    const saved = { ...DETAIL, status: 'Processed', carrier: 'fedex' };
    const { callsTo } = api({
      'GET /api/checkout/admin/orders/o1': { body: saved },
      'PUT /api/checkout/admin/orders/o1/status': { body: { ...saved, status: 'Shipped' } },
    });
    renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('link', { name: 'ORD-20261122-7KQ2MX' }));
    expect(await screen.findByRole('heading', { name: 'Order ORD-20261122-7KQ2MX' })).toBeInTheDocument();
    expect(await screen.findByText('1 Stage Rd')).toBeInTheDocument();
    expect(screen.getByTestId('order-timeline')).toBeInTheDocument();
    expect(screen.getByTestId('fulfilment-panel')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Order actions' })).getByRole('button', { name: 'Mark as shipped' }));
    const ship = await screen.findByRole('dialog', { name: 'Ship order ORD-20261122-7KQ2MX' });
    expect(await within(ship).findByLabelText('Tracking number')).toHaveValue('1Z999AA10123456784');
    expect(within(ship).getByLabelText('Carrier')).toHaveValue('fedex');
    await user.click(within(ship).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(callsTo('PUT', '/api/checkout/admin/orders/o1/status')).toHaveLength(1));
    // Unchanged: nothing sent for them, so the server keeps what it has.
    expect(callsTo('PUT', '/api/checkout/admin/orders/o1/status')[0].body).toEqual({ status: 'Shipped' });
  });

  it('names the quote an order was made from in the list, the detail dialog and the order page', async () => {
    const quoted = { ...ORDERS[0], quoteNumber: 'Q-2026-000042' };
    api({ 'GET /api/checkout/admin/orders': { body: [quoted, ORDERS[1]] }, 'GET /api/checkout/admin/orders/o1': { body: { ...DETAIL, quoteNumber: 'Q-2026-000042' } } });
    renderAdmin('/admin/orders');
    const cell = (await screen.findByText('ORD-20261122-7KQ2MX')).closest('th') as HTMLElement;
    expect(within(cell).getByTestId('from-quote')).toHaveTextContent('From quote Q-2026-000042');
    expect(screen.getAllByTestId('from-quote')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Details of order ORD-20261122-7KQ2MX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-20261122-7KQ2MX' });
    expect(await within(dialog).findByTestId('from-quote')).toHaveTextContent('From quote Q-2026-000042');
    await user.click(within(dialog).getByRole('link', { name: "Open the order's page" }));
    expect(await screen.findByRole('heading', { name: 'Order ORD-20261122-7KQ2MX' })).toBeInTheDocument();
    expect(await screen.findByTestId('from-quote')).toHaveTextContent('From quote Q-2026-000042');
  });
});
