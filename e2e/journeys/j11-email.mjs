// 11. E-mail through a real SMTP server (Mailpit): a Russian shopper's order
// confirmation arrives in Russian with the order number (and the status
// e-mails after it); forgot-password, the e-mailed link opened in Chromium,
// a new password, sign in; an admin replies to a contact request and the
// visitor receives it; with the SMTP server stopped an order still succeeds
// at once and its e-mail arrives once the server is back. Each kind of
// e-mail is saved as a picture (email-<kind>-1280.png / -390.png).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { api, apiOk, allProducts } from '../lib/api.mjs';
import { apiLogin, placeOrderViaApi, registerCustomer } from '../lib/accounts.mjs';
import { startMailpit } from '../lib/mailpit.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, hasText, login, main, submitLogin, switchLanguage, until, visible } from '../lib/shop.mjs';

const run = promisify(execFile);
const ROOT = { email: 'root@e2e.stageshop.test', password: 'E2eRoot123456' };

/** Points the shop's SMTP settings (PocketBase's, as in the dashboard) at Mailpit. */
async function configureSmtp(bin, server, mailpit) {
  await run(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const auth = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', {
    body: { identity: ROOT.email, password: ROOT.password },
  });
  await apiOk(server.url, 'PATCH', '/api/settings', {
    token: auth.token,
    body: { smtp: { enabled: true, host: '127.0.0.1', port: mailpit.smtpPort, tls: false } },
  });
}

/** Saves a picture of an e-mail's HTML at desktop and phone width. */
async function picture(page, evidence, kind, message) {
  await page.setContent(message.HTML, { waitUntil: 'load' });
  await evidence.screens(page, `email-${kind}`);
}

async function russianOrder({ server, newContext, evidence, mailpit, admin, log }) {
  const shopper = await registerCustomer(server.url, 'Ivan', 'Petrov');
  // Ivan signs in in English, then switches the shop to Russian: the account follows the language
  // he shops in, and the order he places next is confirmed in Russian (issue 34).
  const ctx = await newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.locator('input[type=email]').fill(shopper.email);
  await page.locator('input[type=password]').fill(shopper.password);
  await main(page).locator('button[type=submit]').click();
  await until(() => new URL(page.url()).pathname !== '/login', 'the login should leave /login');
  const { token, language } = await apiLogin(server.url, shopper);
  assert(language === 'en', `the app sent its language at login: the account's language is ${language}`);
  await switchLanguage(page, 'Русский');
  await visible(page.getByRole('button', { name: /^Корзина/ }), 'the shop in Russian');
  await until(
    async () => (await apiOk(server.url, 'GET', '/api/auth/profile', { token })).language === 'ru',
    "the switch saves the account's language",
  );

  const [product] = (await allProducts(server.url)).filter((p) => p.stockQuantity > 2);
  await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 2 } });
  const ship = { firstName: 'Иван', lastName: 'Петров', address: 'ул. Тверская, 1', city: 'Москва', state: 'Москва', zipCode: '125009', country: 'Russia', phone: '+7 495 000 00 00', email: shopper.email };
  const order = await apiOk(server.url, 'POST', '/api/checkout/create-order', {
    token,
    body: { shippingInfo: ship, billingInfo: ship, useShippingForBilling: true, shippingMethod: 'intl_standard' },
  });
  // The confirmation, not the bank transfer instructions that follow it (issue 29).
  const mail = await mailpit.waitFor(shopper.email, `Заказ ${order.orderNumber}`);
  assert(mail.Subject.includes(`Заказ ${order.orderNumber}`), `Russian subject with the number: ${mail.Subject}`);
  assert(mail.Text.includes('Спасибо за заказ') && mail.Text.includes(product.nameLocalized?.ru ?? product.name), 'the Russian confirmation names the product');
  // Issue 34: prices as a Russian reader writes them (1 299,00 $), still dollars.
  assert(/\d[\d\u00a0]*,\d\d\u00a0\$/.test(mail.Text), 'prices in the Russian format, 1\u00a0299,00\u00a0$');
  log(`order ${order.orderNumber}: confirmation in Russian`);
  await picture(page, evidence, 'order_placed-ru', mail);
  await picture(page, evidence, 'order_admin', await mailpit.waitFor(ADMIN.email, order.orderNumber));

  for (const [status, word, kind] of [['Shipped', 'отправлен', 'order_shipped'], ['Delivered', 'доставлен', 'order_delivered'], ['Cancelled', 'отменён', 'order_cancelled']]) {
    await apiOk(server.url, 'PUT', `/api/checkout/admin/orders/${order.id}/status`, { token: admin.token, body: { status } });
    const m = await mailpit.waitFor(shopper.email, word);
    assert(m.Subject.includes(order.orderNumber), `${status} e-mail names the order: ${m.Subject}`);
    await picture(page, evidence, `${kind}-ru`, m);
  }
}

async function forgotPassword({ server, newContext, evidence, mailpit, log }) {
  const customer = await registerCustomer(server.url, 'Rosa', 'Reset');
  const ctx = await newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  await page.goto('/login');
  await main(page).getByRole('link', { name: 'Forgot password?' }).click();
  await atPath(page, '/forgot-password', 'the Forgot password link');
  await visible(main(page).getByRole('heading', { name: 'Forgot password' }), 'the Forgot password screen');
  await page.waitForLoadState('networkidle');
  await field(main(page), 'Email').fill(customer.email);
  await until(async () => (await field(main(page), 'Email').inputValue()) === customer.email, 'the e-mail typed in');
  await main(page).getByRole('button', { name: 'Send reset link' }).click();
  await visible(main(page).getByText(/If an account exists for this e-mail/), 'the same answer for any address');

  const mail = await mailpit.waitFor(customer.email, 'Reset your');
  await picture(page, evidence, 'password_reset', mail);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(mail.Text)?.[1];
  assert(link && link.startsWith(server.url), `the e-mail links to the shop's URL: ${link}`);
  await page.goto(link);
  await visible(main(page).getByRole('heading', { name: 'Choose a new password' }), 'the reset screen');
  await page.waitForLoadState('networkidle');
  await field(main(page), 'New Password').fill('Fresh2024x');
  await field(main(page), 'Confirm New Password').fill('Fresh2024x');
  await main(page).getByRole('button', { name: 'Set new password' }).click();
  await visible(main(page).getByText(/Your password has been changed/), 'the reset confirmation');
  await atPath(page, '/login', 'the redirect to login after the reset', 5000);
  await submitLogin(page, customer.email, 'Fresh2024x');
  await until(() => new URL(page.url()).pathname !== '/login', 'sign-in with the new password');
  const again = await api(server.url, 'POST', '/api/auth/reset-password', { body: { token: decodeURIComponent(link.split('token=')[1]), password: 'Other2024x', confirmPassword: 'Other2024x' } });
  assert(again.status === 400 && again.body?.code === 'invalid_token', `a used link is refused: ${again.status}`);
  log('password reset through the e-mailed link');
}

async function contactReply({ server, newContext, evidence, mailpit, log }) {
  const visitor = { name: `Vera ${Date.now().toString(36)}`, email: 'vera@e2e.stageshop.test', subject: 'Truss rental', message: 'Do you rent 3 m trusses for a weekend?' };
  await apiOk(server.url, 'POST', '/api/contact/submit', { body: { ...visitor, language: 'en' } });
  const ctx = await newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  await picture(page, evidence, 'contact_received', await mailpit.waitFor(visitor.email, 'We received your message'));
  await picture(page, evidence, 'contact_admin', await mailpit.waitFor(ADMIN.email, 'New contact request'));

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/contact-requests');
  await main(page).getByRole('button', { name: `View the request from ${visitor.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`Reply by e-mail to ${visitor.email}`).fill('Yes: 3 m trusses from $49.00 a day.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await hasText(dialog.getByRole('list', { name: 'Replies' }), /Ada Admin.*Yes: 3 m trusses/, 'the reply listed with who sent it');
  await evidence.screens(page, 'admin-contact-reply');
  const reply = await mailpit.waitFor(visitor.email, 'Re: Truss rental');
  assert(reply.Text.includes('Yes: 3 m trusses from $49.00 a day.'), 'the visitor receives the reply');
  await picture(page, evidence, 'contact_reply', reply);
  log('admin reply e-mailed to the visitor');
}

async function smtpOutage({ server, mailpit, admin, log }) {
  await mailpit.stop();
  const [product] = (await allProducts(server.url)).filter((p) => p.stockQuantity > 1);
  const t0 = Date.now();
  const order = await placeOrderViaApi(server.url, product);
  const ms = Date.now() - t0;
  assert(ms < 5000, `the order succeeds at once with SMTP down (${ms} ms)`);
  await until(async () => {
    const { emails } = await apiOk(server.url, 'GET', '/api/admin/emails?status=queued', { token: admin.token });
    return emails.some((e) => e.to === order.customer.email && e.attempts >= 1 && e.lastError);
  }, 'the failed attempt recorded with its error, still queued', 15_000);
  await mailpit.start();
  await mailpit.waitFor(order.customer.email, order.number, 30_000);
  log(`order ${order.number} placed in ${ms} ms with SMTP down; e-mail delivered after the restart`);
}

/** Back in stock (issue 18): a sold-out product's alert arrives in Mailpit after the admin restocks. */
async function backInStock({ server, newContext, evidence, mailpit, admin }) {
  const [p] = await allProducts(server.url);
  const payload = (stock) => ({ ...p, stockQuantity: stock });
  await apiOk(server.url, 'PUT', `/api/products/${p.id}`, { token: admin.token, body: payload(0) });
  await apiOk(server.url, 'POST', `/api/products/${p.id}/stock-alerts`, { body: { email: 'fan@e2e.stageshop.test' } });
  await apiOk(server.url, 'PUT', `/api/products/${p.id}`, { token: admin.token, body: payload(5) });
  const ctx = await newContext({ baseURL: server.url });
  await picture(await ctx.newPage(), evidence, 'back_in_stock', await mailpit.waitFor('fan@e2e.stageshop.test'));
}

export default {
  id: 11,
  title: 'E-mail through Mailpit: Russian order confirmation, password reset link, contact reply, SMTP outage',
  async run({ startServer, newContext, evidence, bin, log }) {
    const mailpit = await startMailpit();
    try {
      const server = await startServer('mail', { STAGESHOP_MAIL_RETRY_INTERVAL: '2s' });
      await configureSmtp(bin, server, mailpit);
      const admin = await apiLogin(server.url, ADMIN);
      const ctx = { server, newContext, evidence, mailpit, admin, log };
      await russianOrder(ctx);
      await forgotPassword(ctx);
      await contactReply(ctx);
      await smtpOutage(ctx);
      await backInStock(ctx);
    } finally {
      await mailpit.stop();
    }
  },
};
