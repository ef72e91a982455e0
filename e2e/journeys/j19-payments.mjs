// 19. Taking the money (issue 29), on a server whose card payments go to
// stripe-mock and whose e-mail goes to Mailpit: a shopper chooses Card in
// the Billing step, places the order and is sent to the hosted payment page
// (the journey stands in for Stripe: it answers the page, sends the signed
// checkout.session.completed webhook and returns to the shop's return
// page), which says "Paid" once the server does; the payment e-mail
// arrives. A venue customer the admin approved orders on invoice with a PO
// number and sees the due date. The admin records a bank transfer received
// for another order and refunds part of the card order through Stripe
// ("Refunded $10.00" in the shopper's My Orders). Screens: the payment
// step, the confirmations and the admin order, at 1280 and 390 px.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { startMailpit } from '../lib/mailpit.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, fillAddress, hasText, login, main, until, visible } from '../lib/shop.mjs';
import { STRIPE_KEYS, sessionCompleted, signEvent, startStripeMock } from '../lib/stripemock.mjs';

const ROOT = { email: 'root@e2e.stageshop.test', password: 'E2eRoot123456' };
const SHIPPING = { Phone: '+1 (555) 0142', Address: '7 Stage Door', City: 'Austin', 'State / Province': 'TX', 'ZIP Code': '73301', Country: 'US' };

/** A superuser's token on the server (the dashboard's view of the payment records). */
async function superuser(bin, server) {
  await promisify(execFile)(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const { token } = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', {
    body: { identity: ROOT.email, password: ROOT.password },
  });
  return token;
}

/** Fills the shipping step and goes on to Billing. */
async function toBilling(page) {
  await page.goto('/checkout');
  await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'the shipping step');
  await fillAddress(main(page), SHIPPING);
  await visible(main(page).getByTestId('method-standard'), 'the shipping methods');
  await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
  await visible(main(page).getByRole('heading', { name: 'Billing', exact: true }), 'the billing step');
}

/** The shopper pays by card; the journey plays Stripe's page and webhook. */
async function payByCard({ server, bin, newContext, evidence, mailpit, product, log }) {
  const shopper = await registerCustomer(server.url, 'Casey', 'Card');
  const ctx = await newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  // Stripe's hosted page is another site: the journey answers for it.
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Stripe Checkout (test stand-in)</title><main><h1>Stripe Checkout</h1></main></html>' }),
  );
  await login(page, shopper.email, shopper.password);
  const { token } = await apiLogin(server.url, shopper);
  await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 2 } });
  await toBilling(page);
  const methods = main(page).getByTestId('payment-methods');
  await visible(methods.getByTestId('payment-card'), 'the Card method');
  await visible(methods.getByTestId('payment-bank_transfer'), 'the Bank transfer method');
  assert((await methods.getByTestId('payment-invoice').count()) === 0, 'no invoice for a customer nobody approved');
  await methods.getByTestId('payment-card').click();
  await evidence.screens(page, 'j19-payment-step');
  await evidence.axe(page, 'the payment step');
  await main(page).getByRole('button', { name: 'Review Order' }).click();
  await hasText(main(page).getByTestId('review-payment'), /Card/, 'the review names the method');
  await main(page).getByRole('button', { name: 'Place Order' }).click();
  await until(() => page.url().startsWith('https://checkout.stripe.com/'), 'the shopper is sent to the hosted payment page', 15_000);

  const [order] = await apiOk(server.url, 'GET', '/api/checkout/orders', { token });
  assert(order.payment.method === 'card' && order.payment.status === 'pending', `a pending card order: ${JSON.stringify(order.payment)}`);
  const su = await superuser(bin, server);
  const { items: attempts } = await apiOk(server.url, 'GET', `/api/collections/payment_attempts/records?filter=${encodeURIComponent(`orderRef='${order.id}'`)}`, { token: su });
  const { items: [settings] } = await apiOk(server.url, 'GET', '/api/collections/payment_settings/records', { token: su });
  assert(attempts.length === 1 && attempts[0].reference.startsWith('cs_'), 'one hosted page from stripe-mock');
  // Back at the shop before the webhook: the URL proves nothing, the page waits.
  await page.goto(`/checkout/payment/${order.id}?result=success`);
  await hasText(main(page).getByTestId('payment-return-title'), /Confirming your payment with the bank/, 'the return page waits for the server');
  const payload = sessionCompleted({ sessionId: attempts[0].reference, orderId: order.id, attempt: 1, shopId: settings.shopId, amount: order.totalAmount });
  const res = await fetch(`${server.url}/api/payments/stripe/webhook`, { method: 'POST', body: payload, headers: { 'Stripe-Signature': signEvent(payload) } });
  assert(res.status === 200, `the webhook answered ${res.status}`);
  await hasText(main(page).getByTestId('payment-return-title'), 'Paid', 'the return page says Paid once the server does', 15_000);
  await hasText(main(page).getByTestId('payment-status'), 'Paid', 'the Paid badge');
  await evidence.screens(page, 'j19-card-paid');
  await evidence.axe(page, 'the payment return page');
  const mail = await mailpit.waitFor(shopper.email, 'Payment received');
  assert(mail.Subject.includes(order.orderNumber), `the payment e-mail names the order: ${mail.Subject}`);
  log(`card order ${order.orderNumber} paid through the webhook; e-mail "${mail.Subject}"`);
  return { order, page, shopper };
}

/** A venue the admin approved orders on invoice with a PO number. */
async function payOnInvoice({ server, newContext, evidence, product, admin, log }) {
  const venue = await registerCustomer(server.url, 'Vera', 'Venue');
  const users = await apiOk(server.url, 'GET', `/api/admin/users?search=${encodeURIComponent(venue.email)}`, admin);
  await apiOk(server.url, 'PUT', `/api/admin/users/${users.users[0].id}/invoice-terms`, { ...admin, body: { allowed: true, termsDays: 30 } });
  const ctx = await newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  await login(page, venue.email, venue.password);
  const { token } = await apiLogin(server.url, venue);
  await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
  await toBilling(page);
  await main(page).getByTestId('payment-invoice').click();
  await main(page).getByRole('button', { name: 'Review Order' }).click();
  await visible(main(page).getByText('Please enter your purchase order number'), 'the PO number is asked for');
  await main(page).getByLabel('Purchase order (PO) number').fill('PO-GRAND-2026-17');
  await evidence.screens(page, 'j19-invoice-step');
  await main(page).getByRole('button', { name: 'Review Order' }).click();
  await main(page).getByRole('button', { name: 'Place Order' }).click();
  await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation', 15_000);
  const info = main(page).getByTestId('payment-info');
  await hasText(info, /PO-GRAND-2026-17/, 'the PO number on the confirmation');
  await hasText(info, /Due date/, 'the due date on the confirmation');
  await evidence.screens(page, 'j19-invoice-confirmation');
  await evidence.axe(page, 'the invoice confirmation');
  log('invoice order with its PO and due date');
}

/** The admin records a bank transfer received and refunds part of the card order. */
async function adminMoney({ server, newContext, evidence, product, cardOrder, cardPage, log }) {
  const buyer = await registerCustomer(server.url, 'Bo', 'Bank');
  const { token } = await apiLogin(server.url, buyer);
  await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
  const ship = { firstName: 'Bo', lastName: 'Bank', address: '3 Main St', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US', phone: '+1 555 0103', email: buyer.email };
  const bank = await apiOk(server.url, 'POST', '/api/checkout/create-order', { token, body: { shippingInfo: ship, billingInfo: ship, useShippingForBilling: true, shippingMethod: 'standard' } });
  assert(bank.payment.method === 'bank_transfer' && bank.payment.reference === bank.orderNumber, 'bank transfer is the default, quoting the order number');

  const ctx = await newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/orders');
  await main(page).getByRole('button', { name: `Details of order ${bank.orderNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  const form = page.getByRole('dialog', { name: 'Record a payment received' });
  await form.getByRole('button', { name: 'Record payment' }).click();
  await hasText(dialog.getByTestId('admin-payment'), /Payment recorded/, 'the timeline shows the payment');
  await hasText(dialog.getByTestId('payment-status'), 'Paid', 'the bank transfer order is paid');
  await page.keyboard.press('Escape');

  await main(page).getByRole('button', { name: `Details of order ${cardOrder.orderNumber}` }).click();
  // exact: the order's dialog also has "Refund lines" (issue 48)
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await refund.getByLabel(/^Amount/).fill('10.00');
  await refund.getByLabel('Reason').fill('A scratched case');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await hasText(dialog.getByTestId('payment-status'), 'Refunded $10.00', 'the card order shows the refund');
  await hasText(dialog.getByTestId('payment-timeline'), /Refunded/, 'the timeline shows the refund');
  await evidence.screens(page, 'j19-admin-order');
  await evidence.axe(page, 'the admin order with its payment');
  log(`bank transfer ${bank.orderNumber} recorded; $10.00 of ${cardOrder.orderNumber} refunded through Stripe`);

  await cardPage.goto('/account/orders');
  await hasText(main(cardPage).getByTestId('payment-status'), 'Refunded $10.00', "the shopper's My Orders shows the refund");
  await evidence.screens(cardPage, 'j19-my-orders');
}

export default {
  id: 19,
  title: 'Payments: card through the hosted page and a signed webhook, invoice with a PO, bank transfer recorded, part refund',
  timeoutMs: 300_000,
  async run({ bin, newContext, evidence, startServer, log }) {
    const stripe = await startStripeMock();
    const mailpit = await startMailpit();
    try {
      const server = await startServer('payments', {
        STAGESHOP_STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
        STAGESHOP_STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
        STAGESHOP_STRIPE_API_BASE: stripe.url,
      });
      const su = await superuser(bin, server);
      await apiOk(server.url, 'PATCH', '/api/settings', { token: su, body: { smtp: { enabled: true, host: '127.0.0.1', port: mailpit.smtpPort, tls: false } } });
      const { token } = await apiLogin(server.url, ADMIN);
      const admin = { token };
      const [product] = (await allProducts(server.url)).filter((p) => p.isActive && p.stockQuantity >= 10 && p.price < 200);
      assert(product, 'a product in stock');
      const env = { server, bin, newContext, evidence, mailpit, product, admin, log };
      const { order, page } = await payByCard(env);
      await payOnInvoice(env);
      await adminMoney({ ...env, cardOrder: order, cardPage: page });
      await atPath(page, '/account/orders', 'My Orders');
    } finally {
      await mailpit.stop();
      await stripe.stop();
    }
  },
};
