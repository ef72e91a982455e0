// 12. Checkout like a real shop (issue 18): a guest's cart is merged at
// sign-in with a notice that says what happened (one line capped at the
// stock); checkout offers the domestic methods as cards and the summary
// follows the choice (express); an admin raises a price between review and
// Place order: the shopper sees what changed and the new total (live), then
// a superuser raises the express rate in the dashboard's settings record and
// Place order is refused with 409 total_changed: the shopper sees the new
// shipping and total and confirms it; a sold-out product's "Notify me" alert
// is closed and e-mailed once through Mailpit (SMTP on for that part only)
// when the admin restocks.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { allProducts, apiOk, formatPrice } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { startMailpit } from '../lib/mailpit.mjs';
import { DESKTOP, PHONE } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, fillAddress, hasText, main, submitLogin, until, visible } from '../lib/shop.mjs';

const SHIPPING = {
  Phone: '+1 (555) 0100',
  Address: '12 Backstage Lane',
  City: 'Springfield',
  'State / Province': 'IL',
  'ZIP Code': '62704',
  Country: 'US',
};

const cents = (n) => Math.round(n * 100);
const dollars = (c) => c / 100;

const ROOT = { email: 'root@e2e.stageshop.test', password: 'E2eRoot123456' };

/** The shop's settings record (shipping rates, threshold) as a superuser edits it in the dashboard. */
async function shopSettings(bin, server) {
  await promisify(execFile)(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const { token } = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', {
    body: { identity: ROOT.email, password: ROOT.password },
  });
  const { items } = await apiOk(server.url, 'GET', '/api/collections/shop_settings/records', { token });
  assert.equal(items.length, 1, 'one shop settings record');
  const url = `/api/collections/shop_settings/records/${items[0].id}`;
  return {
    record: items[0],
    set: (body) => apiOk(server.url, 'PATCH', url, { token, body }),
    /** PocketBase's mail settings, as in the dashboard's Settings → Mail settings. */
    smtp: (smtp) => apiOk(server.url, 'PATCH', '/api/settings', { token, body: { smtp } }),
  };
}

async function addOnProductPage(page, product, qty) {
  await page.goto(`/products/${product.id}`);
  await visible(main(page).getByRole('heading', { level: 1, name: product.name }), `the page of ${product.name}`);
  for (let i = 1; i < qty; i++) await main(page).getByRole('button', { name: 'Increase quantity' }).click();
  await main(page).getByRole('button', { name: 'Add to Cart' }).click();
  await visible(page.getByText(`Added ${qty} ${product.name} to cart!`), `the notice for ${product.name}`);
}

export default {
  id: 12,
  title: 'Checkout like a real shop: merge notice, shipping methods, changed total, back-in-stock alert',
  async run({ baseURL, server, bin, newContext, evidence }) {
    const { token: adminToken } = await apiLogin(baseURL, ADMIN);
    const admin = { token: adminToken };
    const catalog = (await allProducts(baseURL)).filter((p) => p.isActive && p.stockQuantity >= 5 && p.price < 100);
    const [item, scarce, soldOut] = catalog.slice(-3);
    assert.ok(item && scarce && soldOut, 'three cheap products in stock');

    // A guest puts 1 × item and 3 × scarce in the cart; then scarce runs down to 2.
    const shopper = await newContext();
    // The changed total is a 409 the app handles (it shows what changed).
    shopper.allowConsole((text) => text.includes('status of 409') && text.includes('/api/checkout/create-order'));
    const page = await shopper.newPage();
    await addOnProductPage(page, item, 1);
    await addOnProductPage(page, scarce, 3);
    await apiOk(baseURL, 'PUT', `/api/products/${scarce.id}`, { ...admin, body: { stockQuantity: 2 } });

    // Sign in: the merge notice says what was added and what was capped.
    const customer = await registerCustomer(baseURL, 'Jordan', 'Merge');
    await page.goto('/login');
    await submitLogin(page, customer.email, customer.password);
    await until(() => new URL(page.url()).pathname !== '/login', 'sign-in leaves /login');
    // In the page above the screen, not a snackbar over the form (issue 34).
    const notice = main(page).getByTestId('merge-notice');
    await hasText(notice, /We added 3 items from your guest cart\./, 'the merge notice');
    await hasText(notice, new RegExp(`Only 2 left of ${scarce.name}: your cart now has 2\\.`), 'the capped line in the notice');
    await evidence.screens(page, 'j12-merge-notice');

    // Checkout with express shipping: the summary follows the choice.
    await page.goto('/checkout');
    await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'the shipping step');
    await fillAddress(main(page), SHIPPING);
    const subtotal = cents(item.price) + 2 * cents(scarce.price);
    const summary = main(page).getByTestId('order-summary');
    await visible(main(page).getByTestId('method-standard'), 'the standard method card');
    await hasText(summary.getByTestId('summary-total'), formatPrice(dollars(subtotal + 999)), 'the summary with standard shipping');
    await main(page).getByTestId('method-express').click();
    await hasText(summary.getByTestId('summary-shipping'), '$19.99', 'express shipping in the summary');
    await hasText(summary.getByTestId('summary-total'), formatPrice(dollars(subtotal + 1999)), 'the summary total with express');
    await evidence.screens(page, 'j12-checkout-shipping-methods');
    // On a phone the summary is a collapsed panel above the form: opened, it shows express too.
    await page.setViewportSize(PHONE);
    await summary.locator('summary').click();
    await hasText(summary.getByTestId('summary-shipping'), '$19.99', 'express shipping in the phone summary');
    await evidence.screens(page, 'j12-checkout-shipping-summary-open', { only: 'phone' });
    await page.setViewportSize(DESKTOP);
    await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
    await visible(main(page).getByRole('heading', { name: 'Billing', exact: true }), 'the billing step');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the billing step starts at its top');
    await evidence.screens(page, 'j12-checkout-billing');
    await main(page).getByRole('button', { name: 'Review Order' }).click();
    const before = subtotal + 1999;
    await hasText(main(page).getByTestId('review-total'), formatPrice(dollars(before)), 'the review total');
    await evidence.screens(page, 'j12-checkout-review');

    // The admin raises a price before Place order: the live update (issue 19) shows the shopper the
    // new total and what changed on the open review step, and Place order asks again. (Without
    // realtime, Place order's 409 total_changed shows the same notice: Vitest and Go cover it.)
    const raised = cents(item.price) + 1000;
    await apiOk(baseURL, 'PUT', `/api/products/${item.id}`, { ...admin, body: { price: dollars(raised) } });
    const after = raised + 2 * cents(scarce.price) + 1999;
    const problem = main(page).getByTestId('place-problem');
    await hasText(problem, new RegExp(`The total changed from \\${formatPrice(dollars(before))} to \\${formatPrice(dollars(after))}`), 'the changed total');
    await hasText(problem, new RegExp(`${item.name}: price changed from \\${formatPrice(item.price)} to \\${formatPrice(dollars(raised))}`), 'what changed');
    await evidence.screens(page, 'j12-checkout-total-changed');

    // No live update for a shipping rate: the superuser raises express in the dashboard's settings
    // record before Place order, so the order is refused (409 total_changed, nothing charged) and the
    // shopper sees the new shipping and total and is asked again. (Since issue 35 the rates are the
    // record's zones, as /admin/settings/shipping writes them: cents, one band per method here.)
    const settings = await shopSettings(bin, server);
    const zones = settings.record.shippingZones;
    const raisedZones = structuredClone(zones);
    raisedZones.find((z) => z.id === 'home').methods.find((m) => m.code === 'express').rates[0].amountCents += 500;
    const later = after + 500;
    try {
      await settings.set({ shippingZones: raisedZones });
      await main(page).getByRole('button', { name: `Place order for ${formatPrice(dollars(after))}` }).click();
      await hasText(problem, new RegExp(`The total changed from \\${formatPrice(dollars(after))} to \\${formatPrice(dollars(later))}`), 'the refused order');
      await hasText(problem, new RegExp(`Shipping changed from \\$19\\.99 to \\$24\\.99`), 'the changed shipping');
      await evidence.screens(page, 'j12-checkout-total-changed-409');
      await main(page).getByRole('button', { name: `Place order for ${formatPrice(dollars(later))}` }).click();
      await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation', 15_000);
    } finally {
      await settings.set({ shippingZones: zones });
    }
    await hasText(main(page).getByTestId('confirmation-total'), formatPrice(dollars(later)), 'the charged total is the confirmed one');
    await evidence.screens(page, 'j12-checkout-confirmation');

    // A sold-out product: "Notify me when available", then the admin restocks.
    await apiOk(baseURL, 'PUT', `/api/products/${soldOut.id}`, { ...admin, body: { stockQuantity: 0 } });
    await page.goto(`/products/${soldOut.id}`);
    // Signed in, it is one click (no e-mail popover) once the app knows the account.
    const notify = main(page).getByRole('button', { name: 'Notify me when available' });
    await until(async () => (await notify.getAttribute('aria-haspopup')) === null, 'the signed-in Notify me button');
    await notify.click();
    await visible(main(page).getByTestId('notify-done'), 'the alert confirmation');
    await evidence.screens(page, 'j12-notify-me');
    const waiting = await apiOk(baseURL, 'GET', `/api/products/${soldOut.id}`, admin);
    assert.equal(waiting.waitingAlerts, 1, 'the admin sees one shopper waiting');
    // The admin restocks; the alert's e-mail arrives through a real SMTP server (Mailpit), once.
    // SMTP is on only for this part: the other journeys on this server keep their e-mails queued.
    const mailpit = await startMailpit();
    try {
      await settings.smtp({ enabled: true, host: '127.0.0.1', port: mailpit.smtpPort, tls: false });
      await apiOk(baseURL, 'PUT', `/api/products/${soldOut.id}`, { ...admin, body: { stockQuantity: 5 } });
      const done = await apiOk(baseURL, 'GET', `/api/products/${soldOut.id}`, admin);
      assert.equal(done.waitingAlerts, 0, 'the alert is closed after the restock');
      const message = await mailpit.waitFor(customer.email, 'back in stock');
      assert.ok(message.Subject.includes(soldOut.name), `the e-mail names the product: ${message.Subject}`);
      assert.ok(message.Text.includes(`/products/${soldOut.id}`), 'the e-mail links to the product');
      const mailPage = await page.context().newPage();
      await mailPage.setContent(message.HTML, { waitUntil: 'load' });
      await evidence.screens(mailPage, 'j12-notify-me-email');
      await mailPage.close();
      const emails = await apiOk(baseURL, 'GET', '/api/admin/emails?pageSize=100', admin);
      const mine = emails.emails.filter((e) => e.to === customer.email && e.kind === 'back_in_stock');
      assert.equal(mine.length, 1, 'one back-in-stock e-mail to the shopper in the outbox');
      assert.equal((await mailpit.messagesTo(customer.email, 'back in stock')).length, 1, 'one back-in-stock e-mail delivered');
    } finally {
      await settings.smtp({ enabled: false });
      await mailpit.stop();
    }
  },
};
