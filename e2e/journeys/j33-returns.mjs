// 33. Returns and refunds by line (issue 48): a customer on a phone returns one of the two XLR
// cables of a delivered order from My Orders (quantity, reason, note); the owner approves the
// return at /admin/returns, receives it without restock (damaged) and the server refunds that
// unit's discounted price and tax; the refund and its credit note appear on the order, the stock
// stays as it was, and the customer sees the refund. Screens: j33-return-form and
// j33-return-page (1280/390).
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, main, submitLogin, visible } from '../lib/shop.mjs';

/** A delivered, paid order of two units of product for a new customer. */
async function deliveredOrder(baseURL, product, adminToken) {
  const customer = await registerCustomer(baseURL, 'Rosa', 'Return');
  const { token } = await apiLogin(baseURL, customer);
  await apiOk(baseURL, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 2 } });
  const shipping = { firstName: 'Rosa', lastName: 'Return', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62704', country: 'United States', phone: '+1 555 0101', email: customer.email };
  const order = await apiOk(baseURL, 'POST', '/api/checkout/create-order', {
    token,
    body: { shippingInfo: shipping, billingInfo: shipping, useShippingForBilling: true, shippingMethod: 'standard' },
  });
  await apiOk(baseURL, 'POST', `/api/checkout/admin/orders/${order.id}/payments`, { token: adminToken, body: { amount: order.totalAmount } });
  await apiOk(baseURL, 'PUT', `/api/checkout/admin/orders/${order.id}/status`, { token: adminToken, body: { status: 'Delivered' } });
  return { order, customer };
}

export default {
  id: 33,
  title: 'A customer returns one of two cables on a phone; the owner receives it without restock; the refund and its credit note appear',
  async run({ baseURL, newContext, evidence, log }) {
    const { token: adminToken } = await apiLogin(baseURL, ADMIN);
    const cable = (await allProducts(baseURL)).find((p) => /XLR Cable/.test(p.name) && p.stockQuantity > 2 && p.variantCount === 1);
    assert.ok(cable, 'the demo catalog has an XLR cable in stock');
    const { order, customer } = await deliveredOrder(baseURL, cable, adminToken);
    const stockBefore = (await apiOk(baseURL, 'GET', `/api/products/${cable.id}`)).stockQuantity;

    const shopper = await (await newContext()).newPage();
    await shopper.setViewportSize(PHONE);
    await shopper.goto('/login');
    await submitLogin(shopper, customer.email, customer.password);
    await shopper.waitForURL((u) => !u.pathname.startsWith('/login'));
    await shopper.goto('/account/orders');
    await visible(main(shopper).getByText(order.orderNumber).first(), 'My Orders lists the order');
    await main(shopper).getByRole('button', { name: `Details of order ${order.orderNumber}` }).click();
    const dialog = shopper.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Return items' }).click();
    const form = dialog.getByRole('form', { name: 'Return items' });
    await form.getByLabel(/Quantity of XLR Cable .* to return/).selectOption('1');
    await form.getByLabel(/Reason for returning XLR Cable/).selectOption('damaged');
    await form.getByLabel('Note (optional)').fill('One connector arrived bent');
    await evidence.screens(shopper, 'j33-return-form');
    await evidence.axe(shopper, 'return form', { include: '[role="dialog"]' });
    await form.getByRole('button', { name: 'Request return' }).click();
    await visible(dialog.getByText('Requested'), 'the return shows as requested');
    const [asked] = await apiOk(baseURL, 'GET', `/api/checkout/orders/${order.id}/returns`, { token: adminToken });
    assert.equal(asked.lines[0].quantity, 1, 'one unit comes back');

    const owner = await (await newContext()).newPage();
    await owner.goto('/login');
    await submitLogin(owner, ADMIN.email, ADMIN.password);
    await atPath(owner, '/admin', 'the admin lands on /admin');
    await owner.goto('/admin/returns?status=requested');
    await main(owner).getByRole('link', { name: asked.number }).click();
    await atPath(owner, `/admin/returns/${asked.id}`, "the return's page");
    await main(owner).getByRole('button', { name: 'Approve' }).click();
    const restock = main(owner).getByRole('checkbox', { name: 'Restock' });
    await visible(restock, 'approved: each line has its restock box');
    await restock.click(); // damaged: it does not go back on sale
    await evidence.screens(owner, 'j33-return-page');
    await evidence.axe(owner, 'admin return page');
    await main(owner).getByRole('button', { name: 'Mark received and refund' }).click();
    await visible(main(owner).getByText(/^Refunded \$/), 'the refund the server made');

    const after = await apiOk(baseURL, 'GET', `/api/checkout/admin/orders/${order.id}`, { token: adminToken });
    const [done] = await apiOk(baseURL, 'GET', `/api/checkout/orders/${order.id}/returns`, { token: adminToken });
    const item = order.items[0];
    assert.equal(done.status, 'received');
    assert.ok(done.refundAmount > 0 && done.refundAmount < order.totalAmount, `one unit's refund: ${done.refundAmount}`);
    assert.equal(after.payment.amountRefunded, done.refundAmount, 'the order is refunded that much');
    assert.equal(after.creditNotes.length, 1, 'one credit note');
    assert.equal(after.creditNotes[0].amount, done.refundAmount, 'for the refund');
    assert.equal((await apiOk(baseURL, 'GET', `/api/products/${cable.id}`)).stockQuantity, stockBefore, 'the damaged unit is not restocked');
    await visible(main(owner).getByText(/not restocked/), 'the line says it was not restocked');

    await shopper.reload();
    await main(shopper).getByRole('button', { name: `Details of order ${order.orderNumber}` }).click();
    const refunded = `Refunded $${done.refundAmount.toFixed(2)}`;
    await visible(shopper.getByRole('dialog').getByText(refunded, { exact: true }).first(), 'the customer sees the refund');
    await visible(shopper.getByRole('dialog').getByText(after.creditNotes[0].number).first(), 'and the credit note');
    log(`order ${order.orderNumber}: ${asked.number} received, ${done.refundAmount} refunded of ${item.totalPrice}, credit note ${after.creditNotes[0].number}`);
  },
};
