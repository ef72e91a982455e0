// 30. The card return page tells the truth (issue 44), on a server whose card payments go to
// stripe-mock: a shopper who leaves Stripe's hosted page comes back to "You left the payment
// page; nothing was charged" with Pay now (which opens a new hosted page); one who paid comes
// back to "Confirming your payment with the bank…" with no Pay now while the webhook may still
// arrive, and to "Paid" once the webhook (signed by the journey, standing in for Stripe)
// reaches the server. "Could not be opened" is never said. The same pages in Russian and
// Chinese. Screens: j30-return-cancel, j30-return-confirming, j30-return-paid (1280/390).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { assert, hasText, login, main, until, visible } from '../lib/shop.mjs';
import { STRIPE_KEYS, sessionCompleted, signEvent, startStripeMock } from '../lib/stripemock.mjs';

const ROOT = { email: 'root30@e2e.stageshop.test', password: 'E2eRoot123456' };
const SHIPPING = { firstName: 'Pat', lastName: 'Payer', address: '7 Stage Door', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US', phone: '+1 555 0142' };
const STAND_IN = '<!doctype html><html lang="en"><title>Stripe Checkout (test stand-in)</title><main><h1>Stripe Checkout</h1></main></html>';
const NEVER = /could not be opened|не удалось открыть|无法打开/;

/** The order's hosted pages as the dashboard's records show them, newest last, and the shop's id. */
async function attempts(bin, server, orderId) {
  await promisify(execFile)(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const { token } = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', { body: { identity: ROOT.email, password: ROOT.password } });
  const q = `filter=${encodeURIComponent(`orderRef='${orderId}'`)}&sort=attempt`;
  const { items } = await apiOk(server.url, 'GET', `/api/collections/payment_attempts/records?${q}`, { token });
  const { items: [settings] } = await apiOk(server.url, 'GET', '/api/collections/payment_settings/records', { token });
  return { items, shopId: settings.shopId };
}

/** The return page's heading in each language, for the record (texts come from the app's own files). */
async function inLanguages(page, path, want) {
  for (const [lang, re] of Object.entries(want)) {
    await page.goto(`${lang === 'en' ? '' : `/${lang}`}${path}`);
    await hasText(main(page).getByTestId('payment-return-title'), re, `the return page in ${lang}`);
    assert.ok(!NEVER.test(await main(page).innerText()), `no "could not be opened" in ${lang}`);
  }
}

export default {
  id: 30,
  title: 'The card return page: left the page (nothing charged, Pay now), paid (confirming with the bank, no Pay now, then Paid by the signed webhook)',
  timeoutMs: 4 * 60_000,
  async run({ bin, newContext, evidence, startServer, log }) {
    const stripe = await startStripeMock();
    try {
      const server = await startServer('card-return', {
        STAGESHOP_STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
        STAGESHOP_STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
        STAGESHOP_STRIPE_API_BASE: stripe.url,
      });
      const [product] = (await allProducts(server.url)).filter((p) => p.isActive && p.stockQuantity >= 5 && !p.freightOnly);
      const shopper = await registerCustomer(server.url, 'Pat', 'Payer');
      const { token } = await apiLogin(server.url, shopper);
      await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
      const order = await apiOk(server.url, 'POST', '/api/checkout/create-order', {
        token,
        body: { shippingInfo: { ...SHIPPING, email: shopper.email }, useShippingForBilling: true, shippingMethod: 'standard', paymentMethod: 'card' },
      });
      assert.ok(order.checkoutUrl, 'a hosted page for the card order');

      const page = await (await newContext({ baseURL: server.url })).newPage();
      await page.route('https://checkout.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: STAND_IN }));
      await login(page, shopper.email, shopper.password);
      const back = `/checkout/payment/${order.id}`;

      // Left Stripe's page: nothing charged, Pay now.
      await page.goto(`${back}?result=cancel`);
      await hasText(main(page).getByTestId('payment-return-title'), 'You left the payment page; nothing was charged', 'the cancel return');
      await visible(main(page).getByRole('button', { name: 'Pay now' }), 'Pay now after leaving the page');
      assert.ok(!NEVER.test(await main(page).innerText()), 'no "could not be opened" after leaving the page');
      await evidence.screens(page, 'j30-return-cancel');
      await evidence.axe(page, 'the card return page (cancel)');
      await inLanguages(page, `${back}?result=cancel`, { ru: /Вы покинули страницу оплаты; деньги не списаны/, zh: /您已离开支付页面，未产生任何扣款/ });
      await page.goto(`${back}?result=cancel`);
      await main(page).getByRole('button', { name: 'Pay now' }).click();
      await until(() => page.url().startsWith('https://checkout.stripe.com/'), 'Pay now opens a new hosted page', 15_000);

      // Paid on Stripe's page: the shop waits for the bank, never invites a second payment.
      await page.goto(`${back}?result=success`);
      await hasText(main(page).getByTestId('payment-return-title'), /Confirming your payment with the bank/, 'the success return waits for the bank');
      assert.equal(await main(page).getByRole('button', { name: 'Pay now' }).count(), 0, 'no Pay now while the webhook may still arrive');
      assert.ok(!NEVER.test(await main(page).innerText()), 'no "could not be opened" after paying');
      await evidence.screens(page, 'j30-return-confirming');
      await evidence.axe(page, 'the card return page (confirming)');
      await inLanguages(page, `${back}?result=success`, { ru: /Подтверждаем оплату с банком/, zh: /正在向银行确认您的付款/ });
      await page.goto(`${back}?result=success`);

      const { items, shopId } = await attempts(bin, server, order.id);
      assert.equal(items.length, 2, 'two hosted pages: the first and the one Pay now opened');
      const last = items.at(-1);
      const payload = sessionCompleted({ sessionId: last.reference, orderId: order.id, attempt: last.attempt, shopId, amount: order.totalAmount });
      const res = await fetch(`${server.url}/api/payments/stripe/webhook`, { method: 'POST', body: payload, headers: { 'Stripe-Signature': signEvent(payload) } });
      assert.equal(res.status, 200, 'the signed webhook is accepted');
      await hasText(main(page).getByTestId('payment-return-title'), 'Paid', 'Paid once the server says so', 15_000);
      await hasText(main(page).getByTestId('payment-status'), 'Paid', 'the Paid badge');
      await evidence.screens(page, 'j30-return-paid');
      log(`card order ${order.orderNumber}: left the page, paid on the second page, confirmed by the webhook`);
    } finally {
      await stripe.stop();
    }
  },
};
