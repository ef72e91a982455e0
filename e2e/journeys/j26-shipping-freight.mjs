// 26. Shipping by zone and weight, fulfilment (issue 35): the owner sets a
// 30 kg weight band on the domestic methods in /admin/settings/shipping, so
// the 36 kg chain hoist of the demo catalog no longer ships by parcel: a
// shopper sees "Freight: quoted separately" at checkout and places the
// order with nothing to pay yet; the admin sends the freight quote from the
// order's fulfilment panel, ships with UPS and a tracking number, and opens
// the packing slip (no prices, one A4 page); the customer sees the carrier's
// tracking link in My Orders. Screens: j26-admin-shipping, j26-checkout-freight,
// j26-order-dialog and j26-order-fulfilment (the panel in view) (1280/390).
import { join } from 'node:path';
import { allProducts, apiOk } from '../lib/api.mjs';
import { DESKTOP, PHONE } from '../lib/browser.mjs';
import { settle } from '../lib/evidence.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, fillAddress, hasText, main, submitLogin, until, visible } from '../lib/shop.mjs';

const TRACKING = '1Z999AA10123456784';
const ADDRESS = { Phone: '+1 312 555 0142', Address: '600 W Chicago Ave', City: 'Chicago', 'State / Province': 'IL', 'ZIP Code': '60654', Country: 'US' };
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

/** The owner gives every domestic method one band up to 30 kg (instead of any weight) and saves. */
async function setWeightBands(page, evidence) {
  await page.goto('/login');
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await atPath(page, '/admin', 'the admin lands on /admin');
  // Shipping is a tab of the settings area (issue 35).
  await main(page).getByRole('link', { name: 'Settings' }).click();
  await atPath(page, '/admin/settings', 'the settings area');
  await main(page).getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Shipping' }).click();
  await atPath(page, '/admin/settings/shipping', 'the shipping settings screen');
  const home = main(page).getByTestId('zone-0');
  await visible(home, 'the domestic zone');
  const bands = home.getByLabel('Up to');
  const n = await home.getByRole('checkbox', { name: 'Any weight' }).count();
  assert.equal(n, 3, 'three domestic methods, each with one band for any weight');
  for (let i = 0; i < n; i++) {
    await home.getByRole('checkbox', { name: 'Any weight' }).nth(i).click();
    await bands.nth(i).fill('30');
  }
  await main(page).getByRole('button', { name: 'Save shipping settings' }).click();
  await visible(page.getByText('Shipping settings saved'), 'the settings are saved');
  await evidence.screens(page, 'j26-admin-shipping');
  await evidence.axe(page, 'admin shipping settings');
}

/** The shopper's checkout of the hoist: only freight, quoted separately; nothing due at the confirmation. */
async function checkoutFreight(page, evidence, customer) {
  await page.goto('/login');
  await submitLogin(page, customer.email, customer.password);
  await until(() => new URL(page.url()).pathname !== '/login', 'sign-in leaves /login');
  await page.goto('/checkout');
  await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'the shipping step');
  await fillAddress(main(page), ADDRESS);
  const freight = main(page).getByTestId('method-freight');
  await hasText(freight, /Freight: quoted separately[\s\S]*Quoted separately/, 'the one method: freight, quoted separately');
  assert.equal(await main(page).getByTestId('method-standard').count(), 0, 'no parcel method for a 36 kg hoist');
  await hasText(main(page).getByTestId('order-summary').getByTestId('summary-shipping'), 'Quoted separately', 'the summary has no shipping price');
  await evidence.screens(page, 'j26-checkout-freight');
  await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
  await main(page).getByRole('button', { name: 'Review Order' }).click();
  await visible(main(page).getByTestId('review-freight'), 'the review says the quote comes by e-mail');
  await main(page).getByRole('button', { name: /^Place Order/ }).click();
  await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation', 15_000);
  await visible(main(page).getByTestId('awaiting-quote'), 'the confirmation says the order waits for its quote');
  return (await main(page).getByTestId('order-number').innerText()).trim();
}

/** The fulfilment panel scrolled into the dialog's view, at 1280 and 390 px (the dialog scrolls inside). */
async function panelScreens(page, panel, evidence) {
  const original = page.viewportSize() ?? DESKTOP;
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(vp);
    await settle(page);
    await panel.scrollIntoViewIfNeeded();
    const file = join(evidence.dir, `j26-order-fulfilment-${vp.width}.png`);
    await page.screenshot({ path: file, animations: 'disabled' });
    evidence.shots.push(file);
  }
  await page.setViewportSize(original);
}

/** The admin quotes the freight, ships with UPS and opens the packing slip. */
async function fulfil(page, evidence, number) {
  await page.goto('/admin/orders');
  const row = main(page).getByRole('row').filter({ hasText: number });
  await visible(row, `order ${number} in the admin orders`);
  await row.getByRole('button', { name: `Details of order ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${number}` });
  const panel = dialog.getByTestId('fulfilment-panel');
  await visible(panel.getByLabel(/Freight quote for 36 kg/), 'the quote field of an order waiting for it');
  await panel.getByLabel(/Freight quote/).fill('350');
  await panel.getByRole('button', { name: 'Send the quote' }).click();
  await visible(page.getByText('Quote sent to the customer'), 'the quote is sent');
  await hasText(dialog.getByTestId('order-shipping'), '$350.00', 'the order now has its shipping');
  await page.keyboard.press('Escape');
  await row.getByRole('combobox', { name: `Status of order ${number}` }).click();
  await page.getByRole('option', { name: 'Shipped', exact: true }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${number}` });
  await ship.getByLabel('Carrier').selectOption('ups');
  await ship.getByLabel('Tracking number').fill(TRACKING);
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await visible(row.getByText('Shipped', { exact: true }), 'the row shows Shipped');
  await row.getByRole('button', { name: `Details of order ${number}` }).click();
  await visible(panel.getByRole('link', { name: "Open the carrier's tracking page" }), 'the tracking link in the panel');
  await visible(dialog.getByTestId('order-notes').getByText('admin@e2e.stageshop.test').first(), 'who changed the status');
  await evidence.screens(page, 'j26-order-dialog');
  await panelScreens(page, panel, evidence);
  await evidence.axe(page, 'order fulfilment', { include: '[role="dialog"]' });
  const [slip] = await Promise.all([page.context().waitForEvent('page'), panel.getByRole('button', { name: 'Packing slip' }).click()]);
  await until(() => slip.url().includes('/packing-slips/'), 'the packing slip opens in a new tab', 15_000);
  await visible(slip.getByRole('heading', { name: 'Packing slip' }), 'the packing slip');
  const text = await slip.locator('body').innerText();
  assert.ok(text.includes('Motorised Chain Hoist 500 kg') && text.includes(TRACKING) && !text.includes('$'), `the slip lists the hoist, no price:\n${text}`);
  assert.equal(pdfPages(await slip.pdf({ format: 'A4' })), 1, 'the packing slip prints on one A4 page');
  await slip.close();
  await page.keyboard.press('Escape');
}

export default {
  id: 26,
  title: 'Shipping by weight: a 30 kg band makes the hoist freight quoted separately; quote, UPS tracking link, packing slip',
  timeoutMs: 4 * 60_000,
  async run({ startServer, newContext, evidence, log }) {
    const server = await startServer('ship');
    const hoist = (await allProducts(server.url)).find((p) => p.name === 'Motorised Chain Hoist 500 kg');
    assert.ok(hoist && hoist.weightKg === 36 && hoist.stockQuantity > 0, `the demo hoist weighs 36 kg: ${JSON.stringify(hoist?.weightKg)}`);
    const admin = await newContext({ baseURL: server.url });
    const adminPage = await admin.newPage();
    await setWeightBands(adminPage, evidence);

    const customer = await registerCustomer(server.url, 'Fran', 'Freight');
    const { token } = await apiLogin(server.url, customer);
    await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: hoist.id, quantity: 1 } });
    const shopper = await newContext({ baseURL: server.url });
    const page = await shopper.newPage();
    const number = await checkoutFreight(page, evidence, customer);
    const [placed] = (await apiOk(server.url, 'GET', '/api/checkout/orders', { token })).filter((o) => o.orderNumber === number);
    assert.equal(placed?.payment?.amountDue, 0, 'nothing is due before the quote');

    await fulfil(adminPage, evidence, number);

    // The customer follows the parcel on UPS's page from My Orders.
    await page.goto('/account/orders');
    const row = main(page).getByRole('row').filter({ hasText: number });
    await row.getByRole('button', { name: /Details/ }).click();
    const link = page.getByRole('dialog').getByTestId('tracking-link');
    await visible(link, 'the tracking link in My Orders');
    assert.equal(await link.getAttribute('href'), `https://www.ups.com/track?tracknum=${TRACKING}`, "the link is UPS's tracking page");
    log(`order ${number}: freight quoted at $350.00, shipped with UPS ${TRACKING}`);
  },
};
