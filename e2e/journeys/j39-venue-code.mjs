// 39. A category code paid by card (issue 45's journey), on a server whose card payments go to
// stripe-mock: the admin creates VENUE10 (10 % off Lighting from a $200 subtotal) in
// /admin/promotions; a shopper on a phone with one Lighting fixture under $200 applies it and is
// told how much to add, adds a second fixture on its page, applies it again and sees 10 % off
// each Lighting line and the server's total; pays by card (the journey stands in for Stripe's
// hosted page and sends the signed checkout.session.completed webhook); the paid order's
// invoice, opened from My Orders in Russian, shows the discount in Russian with the same cents.
// Screens: j39-cart (390), j39-invoice-ru (1280/390).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { allProducts, apiOk, formatPrice } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, closePopover, field, fillAddress, hasText, login, main, openCart, until, visible } from '../lib/shop.mjs';
import { STRIPE_KEYS, sessionCompleted, signEvent, startStripeMock } from '../lib/stripemock.mjs';

const ROOT = { email: 'root39@e2e.stageshop.test', password: 'E2eRoot123456' };
const TEXAS = { Phone: '+1 512 555 0139', Address: '39 Venue Row', City: 'Austin', 'State / Province': 'TX', 'ZIP Code': '78701', Country: 'US' };
const STAND_IN = '<!doctype html><html lang="en"><title>Stripe Checkout (test stand-in)</title><main><h1>Stripe Checkout</h1></main></html>';
const cents = (n) => Math.round(n * 100);
const dollars = (c) => c / 100;
/** 10 % of an amount, half up (shop/promo's percentage of what it targets). */
const tenth = (c) => Math.floor((c * 1000 + 5000) / 10000);
/**
 * A price in Russian as the server's invoice writes it (shop/locale's prices.json: -1 234,50 $, the
 * spaces non-breaking), as hasText reads it (whitespace collapsed to plain spaces).
 */
const rub = (c) => `${c < 0 ? '-' : ''}${String(Math.floor(Math.abs(c) / 100)).replace(/\B(?=(\d{3})+$)/g, ' ')},${String(Math.abs(c) % 100).padStart(2, '0')} $`;
/** The code's outcome from the server, not the app: 409 is expected where a code does not apply. */
const codeRefused = (text) => text.includes('status of 409') && text.includes('/api/cart/discount');

/** The admin adds VENUE10 through its form: 10 % off the Lighting category from $200. */
async function createVenueCode(admin) {
  const page = await admin.newPage();
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/promotions');
  await main(page).getByRole('button', { name: 'Add promotion' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Add promotion' }), 'the promotion form');
  await field(dialog, 'Name (English)').fill('Venues');
  await field(dialog, 'Name (Russian)').fill('Площадки');
  await field(dialog, 'Code').fill('VENUE10');
  await field(dialog, 'Discount').selectOption('percentage');
  await field(dialog, 'Percent off').fill('10');
  await field(dialog, 'Applies to').selectOption('categories');
  await dialog.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Lighting' }).click();
  await field(dialog, 'Minimum subtotal ($)').fill('200');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await hasText(main(page), /VENUE10\s*10 % off/, 'the new code in the list');
  await page.close();
}

/** Types the code into the cart's field and presses Enter. */
async function applyCode(cart, code) {
  const input = field(cart, 'Discount code');
  await input.fill(code);
  await input.press('Enter');
}

/** A superuser's view of the order's hosted page and the shop's id (the dashboard's records). */
async function hostedPage(bin, server, orderId) {
  await promisify(execFile)(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const { token } = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', { body: { identity: ROOT.email, password: ROOT.password } });
  const { items } = await apiOk(server.url, 'GET', `/api/collections/payment_attempts/records?filter=${encodeURIComponent(`orderRef='${orderId}'`)}`, { token });
  const { items: [settings] } = await apiOk(server.url, 'GET', '/api/collections/payment_settings/records', { token });
  assert.equal(items.length, 1, 'one hosted page for the card order');
  return { attempt: items[0], shopId: settings.shopId };
}

export default {
  id: 39,
  title: 'VENUE10: the admin creates a Lighting code with a $200 minimum; a phone shopper is told what to add, adds a fixture, pays by card; the invoice shows it in Russian',
  // About 40 s alone; 3 min was seen beside eight engineers' builds (load 30 on 2 cores).
  timeoutMs: 6 * 60_000,
  async run({ bin, startServer, newContext, evidence, log }) {
    const stripe = await startStripeMock();
    try {
      const server = await startServer('venue', {
        STAGESHOP_STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
        STAGESHOP_STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
        STAGESHOP_STRIPE_API_BASE: stripe.url,
      });
      const admin = await apiLogin(server.url, ADMIN);
      const lighting = (await allProducts(server.url)).filter((p) => p.isActive && p.category === 'Lighting' && !p.freightOnly && p.variantCount <= 1);
      // The first fixture is under the minimum (the demo's Par 64, sold out in the seed: restocked
      // on this journey's own server); the second is any other in stock.
      const small = lighting.filter((p) => p.price < 200).sort((a, b) => b.price - a.price)[0];
      assert.ok(small, 'a Lighting product under $200');
      if (small.stockQuantity < 3) await apiOk(server.url, 'PUT', `/api/products/${small.id}`, { token: admin.token, body: { stockQuantity: 5 } });
      const fixture = lighting.filter((p) => p.id !== small.id && p.stockQuantity >= 3 && p.price >= 200).sort((a, b) => a.price - b.price)[0];
      assert.ok(fixture, 'a second Lighting fixture in stock');
      await createVenueCode(await newContext({ baseURL: server.url }));

      // A phone shopper with the small fixture: the code does not apply yet, and the cart says why.
      const shopper = await registerCustomer(server.url, 'Val', 'Venue');
      const ctx = await newContext({ baseURL: server.url });
      ctx.allowConsole(codeRefused);
      const page = await ctx.newPage();
      await page.route('https://checkout.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: STAND_IN }));
      await page.setViewportSize(PHONE);
      await login(page, shopper.email, shopper.password);
      const { token } = await apiLogin(server.url, shopper);
      await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: small.id, quantity: 1 } });
      await page.reload();
      let cart = await openCart(page);
      await applyCode(cart, 'venue10');
      await hasText(cart.getByRole('alert'), `Add ${formatPrice(dollars(20000 - cents(small.price)))} more to use VENUE10`, 'how much more to add');
      await closePopover(page);

      // The shopper adds a fixture on its page and applies the code again: 10 % off each Lighting line.
      await page.goto(`/products/${fixture.id}`);
      await main(page).getByRole('button', { name: 'Add to Cart' }).click();
      cart = await openCart(page);
      await visible(cart.getByText(fixture.name), 'the fixture in the cart');
      await applyCode(cart, 'VENUE10');
      // 10 % of the two lines together, shared in proportion (largest remainder): each within a cent of its own 10 %.
      const lineCents = [cents(small.price), cents(fixture.price)];
      const discount = tenth(lineCents[0] + lineCents[1]);
      await hasText(cart.getByTestId('cart-discount'), `Venues (VENUE10)−${formatPrice(dollars(discount))}`, 'the discount row in the cart');
      const serverCart = await apiOk(server.url, 'GET', '/api/cart', { token });
      assert.equal(cents(serverCart.discountAmount), discount, 'the server takes 10 % of the Lighting lines');
      const shares = serverCart.items.map((i) => cents(i.discountAmount));
      assert.equal(shares[0] + shares[1], discount, 'the lines\' shares add up to the discount');
      serverCart.items.forEach((i, n) => assert.ok(Math.abs(shares[n] - tenth(cents(i.totalPrice))) <= 1, `line ${n + 1}'s share is its 10 %`));
      const lines = await cart.getByTestId('line-discount').allInnerTexts();
      assert.deepEqual(lines.sort(), shares.map((c) => `−${formatPrice(dollars(c))} off`).sort(), "each Lighting line's share on screen");
      await hasText(cart.getByTestId('cart-total'), formatPrice(dollars(lineCents[0] + lineCents[1] - discount)), 'the discounted total in the cart');
      await evidence.screens(page, 'j39-cart', { only: 'phone' });
      await closePopover(page);

      // Checkout with the card: the summary's discount, then Stripe's page (stood in for) and its webhook.
      await page.goto('/checkout');
      await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'the shipping step');
      await fillAddress(main(page), TEXAS);
      await visible(main(page).getByTestId('method-standard'), 'the shipping methods');
      await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
      await main(page).getByTestId('payment-methods').getByTestId('payment-card').click();
      await main(page).getByRole('button', { name: 'Review Order' }).click();
      await hasText(main(page).getByTestId('review-discount'), `Venues (VENUE10): −${formatPrice(dollars(discount))}`, 'the discount on the review');
      await main(page).getByRole('button', { name: 'Place Order' }).click();
      await until(() => page.url().startsWith('https://checkout.stripe.com/'), 'the shopper is sent to the hosted payment page', 15_000);
      const [order] = await apiOk(server.url, 'GET', '/api/checkout/orders', { token });
      assert.equal(cents(order.discountAmount), discount, 'the order keeps the discount');
      const { attempt, shopId } = await hostedPage(bin, server, order.id);
      const payload = sessionCompleted({ sessionId: attempt.reference, orderId: order.id, attempt: attempt.attempt, shopId, amount: order.totalAmount });
      const res = await fetch(`${server.url}/api/payments/stripe/webhook`, { method: 'POST', body: payload, headers: { 'Stripe-Signature': signEvent(payload) } });
      assert.equal(res.status, 200, 'the signed webhook is accepted');
      await page.goto(`/checkout/payment/${order.id}?result=success`);
      await hasText(main(page).getByTestId('payment-return-title'), 'Paid', 'Paid once the webhook has reached the server', 15_000);

      // The invoice from My Orders in Russian: the discount by its Russian name, the same cents.
      const paid = (await apiOk(server.url, 'GET', '/api/checkout/orders', { token })).find((o) => o.id === order.id);
      assert.match(paid.invoiceNumber ?? '', /^INV-\d{4}-\d{6}$/, 'the paid order has its invoice');
      await page.goto('/ru/account/orders');
      const [inv] = await Promise.all([
        page.context().waitForEvent('page'),
        main(page).getByRole('link', { name: `Открыть счёт ${paid.invoiceNumber}` }).first().click(),
      ]);
      await until(() => /\/invoice\?token=.*lang=ru/.test(inv.url()), 'the invoice in Russian with its short-lived token', 15_000);
      await hasText(inv.getByTestId('invoice-number'), paid.invoiceNumber, 'the invoice of the order');
      await hasText(inv.getByTestId('invoice-discount'), `Скидка: Площадки (VENUE10)${rub(-discount)}`, 'the discount in Russian on the invoice');
      await hasText(inv.getByTestId('invoice-total'), rub(cents(paid.totalAmount)), 'the paid total on the invoice');
      await hasText(inv.getByTestId('invoice-payment'), 'Оплачен', 'the invoice says paid');
      await evidence.screens(inv, 'j39-invoice-ru');
      await evidence.axe(inv, 'the Russian invoice with a discount');
      log(`order ${paid.orderNumber}: VENUE10 took ${formatPrice(dollars(discount))} off two Lighting lines, paid by card, invoice ${paid.invoiceNumber} in Russian`);
    } finally {
      await stripe.stop();
    }
  },
};
