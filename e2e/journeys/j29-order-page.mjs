// 29. The order's own page (issue 44): an order whose carrier and tracking number the owner
// saved before shipping is opened from the orders list at /admin/orders/{id} (history, payment,
// fulfilment, actions); "Mark as shipped" opens the Ship dialog prefilled with FedEx and the
// saved number, and shipping keeps them: the order and the Shipped e-mail carry the number with
// FedEx's tracking page. Screens: j29-order-page and j29-ship-dialog (1280/390).
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin, placeOrderViaApi } from '../lib/accounts.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, hasText, main, submitLogin, until, visible } from '../lib/shop.mjs';

const TRACKING = '7489 2210 4411';
const TRACK_URL = 'https://www.fedex.com/fedextrack/?trknbr=7489+2210+4411';

export default {
  id: 29,
  title: "The order's page: reached from the list, its Ship dialog prefilled with the saved carrier and number, which shipping keeps",
  async run({ baseURL, newContext, evidence, log }) {
    const [product] = (await allProducts(baseURL)).filter((p) => p.stockQuantity > 2 && !p.freightOnly);
    const order = await placeOrderViaApi(baseURL, product);
    const { token } = await apiLogin(baseURL, ADMIN);
    const status = `/api/checkout/admin/orders/${order.id}/status`;
    await apiOk(baseURL, 'PUT', status, { token, body: { status: 'Processed', carrier: 'fedex', trackingNumber: TRACKING } });

    const page = await (await newContext()).newPage();
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await atPath(page, '/admin', 'the admin lands on /admin');
    await page.goto('/admin/orders');
    const row = main(page).getByRole('row').filter({ hasText: order.number });
    await row.getByRole('link', { name: order.number }).click();
    await atPath(page, `/admin/orders/${order.id}`, "the order's own page");
    await visible(main(page).getByRole('heading', { name: `Order ${order.number}` }), "the order page's heading");
    await visible(main(page).getByTestId('order-timeline'), 'the history');
    await visible(main(page).getByTestId('fulfilment-panel'), 'the fulfilment panel');
    await hasText(main(page).getByTestId('order-timeline'), /Processed/, 'the history shows Processed');
    await evidence.screens(page, 'j29-order-page');
    await evidence.axe(page, 'admin order page');

    await main(page).getByRole('group', { name: 'Order actions' }).getByRole('button', { name: 'Mark as shipped' }).click();
    const ship = page.getByRole('dialog', { name: `Ship order ${order.number}` });
    await visible(ship.getByLabel('Tracking number'), 'the Ship dialog');
    assert.equal(await ship.getByLabel('Tracking number').inputValue(), TRACKING, 'the dialog starts from the saved number');
    assert.equal(await ship.getByLabel('Carrier').inputValue(), 'fedex', 'the dialog starts from the saved carrier');
    await evidence.screens(page, 'j29-ship-dialog');
    await evidence.axe(page, 'ship dialog', { include: '[role="dialog"]' });
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    await visible(page.getByText('Order status updated successfully'), 'the status is saved');

    const saved = await apiOk(baseURL, 'GET', `/api/checkout/admin/orders/${order.id}`, { token });
    assert.equal(saved.status, 'Shipped');
    assert.equal(saved.trackingNumber, TRACKING, 'shipping kept the saved number');
    assert.equal(saved.trackingUrl, TRACK_URL, "and FedEx's tracking page");
    await visible(main(page).getByRole('link', { name: "Open the carrier's tracking page" }), 'the tracking link on the page');
    // The Shipped e-mail as the outbox keeps it: the number, linked to FedEx's page.
    let mail;
    await until(async () => {
      const { emails } = await apiOk(baseURL, 'GET', '/api/admin/emails?pageSize=50', { token });
      const found = emails.find((e) => e.kind === 'order_shipped' && e.subject.includes(order.number));
      if (found) mail = await apiOk(baseURL, 'GET', `/api/admin/emails/${found.id}`, { token });
      return !!mail;
    }, 'the Shipped e-mail is in the outbox');
    const href = /href="(https:\/\/www\.fedex\.com[^"]*)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&').replaceAll('&#43;', '+');
    assert.ok(mail.html.includes(TRACKING), 'the Shipped e-mail has the number');
    assert.equal(href, TRACK_URL, `the Shipped e-mail links it to FedEx: ${mail.html.slice(0, 200)}`);
    log(`order ${order.number}: shipped with FedEx ${TRACKING}, kept from before`);
  },
};
