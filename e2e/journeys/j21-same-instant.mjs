// 21. No total changes behind the shopper's back (issue 34): on the review step an admin's price
// change lands in the same instant as "Place order", 20 times in a row: the server holds the new
// price, and the click goes out right after, before or after the live update reached the page (a
// click on a button the live notice has just disabled is lost, as a person's would be). Every time
// the shopper sees the notice naming the new price and no order is placed at a total they did not
// see; on two of the tries the stock falls below the cart in the same change, and the notice says
// both. Then, having read the figures, the shopper places the order at the total on screen.
// Screen: same-instant-notice (price and stock said together).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { allProducts, apiOk, formatPrice } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, hasText, login, main, until, visible } from '../lib/shop.mjs';

const TRIES = 20;
const QUANTITY = 2;
const ADDRESS = { label: 'Home', firstName: 'Sam', lastName: 'Instant', address: '1 Race Road', city: 'Springfield', state: 'IL', zipCode: '62704', country: 'US', phone: '+1 555 0142', isDefault: true };

const ROOT = { email: 'root@e2e.stageshop.test', password: 'E2eRoot123456' };

/**
 * Its own server, where one customer (and address) may try 100 orders in the window instead of 10
 * and 20 (the clicks that reach the server count; the limits are tested on their own), and the
 * other journeys' share of the per-address order limit stays untouched.
 */
async function ownServer(bin, startServer) {
  const server = await startServer('same-instant');
  await promisify(execFile)(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const { token } = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', { body: { identity: ROOT.email, password: ROOT.password } });
  const { rateLimits } = await apiOk(server.url, 'GET', '/api/settings', { token });
  const raised = new Set(['perUser:createOrder', 'POST /api/checkout/create-order']);
  const rules = rateLimits.rules.map((r) => (raised.has(r.label) ? { ...r, maxRequests: 100 } : r));
  assert.equal(rules.filter((r) => raised.has(r.label) && r.maxRequests === 100).length, 2, 'the order limits raised');
  await apiOk(server.url, 'PATCH', '/api/settings', { token, body: { rateLimits: { ...rateLimits, rules } } });
  return server;
}

/** The shopper on the review step with QUANTITY × product in the cart and the default address. */
async function toReview(page) {
  await page.goto('/checkout');
  await visible(main(page).getByRole('radio', { name: /1 Race Road/, checked: true }), 'the saved address chosen');
  await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
  await main(page).getByRole('button', { name: 'Review Order' }).click();
  return visible(main(page).getByRole('button', { name: /^Place order/i }), 'Place order');
}

export default {
  id: 21,
  title: 'Same instant: an admin price change as the shopper clicks Place order, 20 times: the notice every time, price and stock said together',
  async run({ bin, newContext, startServer, evidence, log }) {
    const { url: baseURL } = await ownServer(bin, startServer);
    const { token: adminToken } = await apiLogin(baseURL, ADMIN);
    const candidates = (await allProducts(baseURL)).filter((p) => p.isActive && p.category === 'Stage' && p.stockQuantity >= 5 && p.price >= 50);
    const product = candidates.at(-1);
    assert.ok(product, 'a Stage product in stock');
    const customer = await registerCustomer(baseURL, 'Sam', 'Instant');
    const { token } = await apiLogin(baseURL, customer);
    await apiOk(baseURL, 'POST', '/api/auth/addresses', { token, body: ADDRESS });
    await apiOk(baseURL, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: QUANTITY } });
    const setProduct = (body) => apiOk(baseURL, 'PUT', `/api/products/${product.id}`, { token: adminToken, body });

    const shopper = await newContext({ baseURL });
    // The refused orders are 409s the app handles (it shows what changed).
    shopper.allowConsole((text) => text.includes('status of 409') && text.includes('/api/checkout/create-order'));
    const page = await shopper.newPage();
    const refused = [];
    page.on('response', (r) => r.url().endsWith('/api/checkout/create-order') && refused.push(r.status()));
    await login(page, customer.email, customer.password);
    let place = await toReview(page);
    const notice = main(page).getByTestId('place-problem');
    let price = product.price;
    for (let i = 1; i <= TRIES; i++) {
      // The figures on screen are read (Place order enabled), then the change and the click.
      await until(() => place.isEnabled(), `try ${i}: Place order enabled once the figures are read`);
      price = Math.round((product.price + (i % 2 ? 1 + i : -i)) * 100) / 100;
      const withStock = i === 10 || i === TRIES;
      await setProduct(withStock ? { price, stockQuantity: QUANTITY - 1 } : { price });
      // The line compares with the figures the shopper last confirmed (the review's, here).
      const said = new RegExp(`${product.name}: price changed from \\$[\\d,.]+ to \\${formatPrice(price)}`);
      // Odd tries click one step after the change, before the live update reaches the page; even
      // tries click in the instant the live update has put the new figures on screen (before the
      // fix, that click charged them unread). The click is the page's own (a mouse click through
      // the driver takes longer); a disabled button's click does nothing, as a person's.
      // The even tries' wait runs in the page, so the click lands in the same task as the notice's
      // render: waited on from the driver, the click could come later than the notice's 500 ms
      // reading time under load, and then it rightly confirmed the figures on screen.
      const seen = await page.evaluate(
        ([source, waitForNotice]) =>
          new Promise((done) => {
            const said = new RegExp(source);
            const click = () => [...document.querySelectorAll('#main button')].find((b) => /^Place order/i.test(b.textContent ?? ''))?.click();
            const shown = () => said.test(document.querySelector('[data-testid="place-problem"]')?.textContent ?? '');
            if (!waitForNotice || shown()) return done((click(), true));
            const observer = new MutationObserver(() => {
              if (!shown()) return;
              observer.disconnect();
              clearTimeout(timer);
              click();
              done(true);
            });
            const timer = setTimeout(() => (observer.disconnect(), done(false)), 10_000);
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          }),
        [said.source, i % 2 === 0],
      );
      assert.ok(seen, `try ${i}: the live update on screen`);
      await hasText(notice, said, `try ${i}: the notice names the new price`);
      if (withStock) {
        await hasText(notice, new RegExp(`Only 1 left of ${product.name}`), `try ${i}: the notice also says the stock`);
        if (i === TRIES) await evidence.screens(page, 'same-instant-notice');
        await setProduct({ stockQuantity: product.stockQuantity });
      }
      const orders = await apiOk(baseURL, 'GET', '/api/checkout/orders', { token });
      assert.equal(orders.length, 0, `try ${i}: no order placed at a total the shopper did not see`);
      place = main(page).getByRole('button', { name: /^Place order/i });
    }
    log(`${TRIES} same-instant changes: the notice every time; ${refused.filter((s) => s === 409).length} clicks refused by the server (409), the others lost on the button the live notice had disabled`);

    // Read, then placed at the total on screen.
    await hasText(notice, /.+/, 'the last notice');
    await until(() => place.isEnabled(), 'Place order enabled once the figures are read');
    const label = await place.textContent();
    await place.click();
    const thanks = main(page).getByRole('heading', { name: 'Thank you for your order!' });
    await until(() => thanks.isVisible(), async () => `the order placed at the figures on screen (${label}); the page says ${JSON.stringify(await notice.textContent().catch(() => ''))}; answers ${refused.join(',')}`, 15_000);
    const [order] = await apiOk(baseURL, 'GET', '/api/checkout/orders', { token });
    assert.ok(label.includes(formatPrice(order.totalAmount)), `charged what the button said: ${label}, the order's total ${order.totalAmount}`);
  },
};
