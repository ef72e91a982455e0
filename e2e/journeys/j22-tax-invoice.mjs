// 22. Tax and invoices (issue 30): a shopper in Texas sees the state's tax
// in the checkout summary (and, once the address is typed, in the cart's
// estimate), places the order as a business with a company name and tax ID
// (bank transfer); the order e-mail (Mailpit) carries the same cents; the
// admin records the transfer of that total, which invoices the order: the
// payment e-mail names the invoice and links it; the invoice carries the
// same cents, opens from My Orders and from the e-mail's link, only for its
// customer, and prints on one A4 page (and one Letter page). Screens:
// j22-checkout-*, j22-email-order, j22-invoice (1280/390), j22-invoice-print
// (print media at A4 width), j22-invoice-A4.pdf, and j22-invoice-en/ru/zh (390 px: the
// columns read apart in every language, issue 50).
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { allProducts, api, apiOk, formatPrice } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { settle } from '../lib/evidence.mjs';
import { cellsApart } from '../lib/fit.mjs';
import { startMailpit } from '../lib/mailpit.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, closePopover, field, fillAddress, hasText, main, openCart, submitLogin, until, visible } from '../lib/shop.mjs';

const ROOT = { email: 'root@e2e.stageshop.test', password: 'E2eRoot123456' };
const TEXAS = {
  Phone: '+1 512 555 0199',
  Address: '1200 Congress Avenue',
  City: 'Austin',
  'State / Province': 'TX',
  'ZIP Code': '78701',
  Country: 'US',
};
/** A4 at 96 dpi, as a print preview shows it. */
const A4 = { width: 794, height: 1123 };

const cents = (n) => Math.round(n * 100);
const dollars = (c) => c / 100;
/** The seeded Texas rate, 6.25 %, on a line in cents, half away from zero (the shop's one rule). */
const texasTax = (c) => Math.floor((c * 625 + 5000) / 10000);

/** Points the shop's SMTP settings (PocketBase's, as in the dashboard) at Mailpit. */
async function configureSmtp(bin, server, mailpit) {
  await promisify(execFile)(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const { token } = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', {
    body: { identity: ROOT.email, password: ROOT.password },
  });
  await apiOk(server.url, 'PATCH', '/api/settings', { token, body: { smtp: { enabled: true, host: '127.0.0.1', port: mailpit.smtpPort, tls: false } } });
}

/** Pages of a PDF made by Chromium (one /Type /Page object per page). */
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

/** Checkout with a Texas address: the summary's tax, the cart's estimate, billing as a business, review. */
async function checkout(page, evidence, { lineCents, shipCents, tax }) {
  await page.goto('/checkout');
  await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'the shipping step');
  const summary = main(page).getByTestId('order-summary');
  await fillAddress(main(page), TEXAS);
  await hasText(summary.getByTestId('summary-tax'), `Texas sales tax (6.25%)${formatPrice(dollars(tax))}`, "the state's tax in the summary");
  await hasText(summary.getByTestId('summary-total'), formatPrice(dollars(lineCents + shipCents + tax)), 'the summary total with tax');
  await evidence.screens(page, 'j22-checkout-shipping');
  // The cart now knows the address: its estimate is the same figure.
  const cart = await openCart(page);
  await hasText(cart.getByTestId('cart-tax'), new RegExp(`Texas sales tax \\(6\\.25%\\)\\${formatPrice(dollars(tax))}`), "the cart's estimate for Texas");
  await closePopover(page);
  await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
  await visible(main(page).getByRole('heading', { name: 'Billing', exact: true }), 'the billing step');
  await field(main(page), 'Company name (optional)').fill('Lone Star Stages LLC');
  await field(main(page), 'Tax ID (optional)').fill('12-3456789');
  await evidence.screens(page, 'j22-checkout-billing');
  await main(page).getByRole('button', { name: 'Review Order' }).click();
  await hasText(main(page).getByTestId('review-tax'), `Texas sales tax (6.25%): ${formatPrice(dollars(tax))}`, 'the tax on the review step');
  await hasText(main(page).getByTestId('review-total'), formatPrice(dollars(lineCents + shipCents + tax)), 'the review total');
  await hasText(main(page).getByTestId('review-business'), 'Lone Star Stages LLC · Tax ID: 12-3456789', 'the business on the review step');
  await evidence.screens(page, 'j22-checkout-review');
  await main(page).getByRole('button', { name: 'Place Order' }).click();
  await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation', 15_000);
  return (await main(page).getByTestId('order-number').innerText()).trim();
}

/** The invoice page: the same cents, then printed: one A4 page (and one Letter page), print media pictured. */
async function checkInvoice(inv, evidence, runDir, { number, tax, lineCents, total }) {
  await visible(inv.getByTestId('invoice-number'), 'the invoice number');
  assert.equal((await inv.getByTestId('invoice-number').innerText()).trim(), number, 'the invoice of the e-mail');
  const totals = inv.getByTestId('invoice-totals');
  const esc = (s) => s.replace(/[$.]/g, '\\$&');
  await hasText(totals, new RegExp(`Texas sales tax 6\\.25% on ${esc(formatPrice(dollars(lineCents)))}${esc(formatPrice(dollars(tax)))}`), 'the rate, its base and the same tax on the invoice');
  await hasText(inv.getByTestId('invoice-total'), formatPrice(dollars(total)), 'the same total on the invoice');
  await hasText(inv.locator('body'), /Lone Star Stages LLC[\s\S]*Tax ID: 12-3456789/, 'the buyer and tax ID');
  await evidence.screens(inv, 'j22-invoice');
  await evidence.axe(inv, 'invoice');
  const pdf = await inv.pdf({ format: 'A4', printBackground: true });
  await writeFile(join(evidence.dir, 'j22-invoice-A4.pdf'), pdf);
  assert.equal(pdfPages(pdf), 1, 'the invoice prints on one A4 page');
  assert.equal(pdfPages(await inv.pdf({ format: 'Letter', printBackground: true })), 1, 'and on one Letter page');
  await inv.emulateMedia({ media: 'print' });
  await inv.setViewportSize(A4);
  await settle(inv);
  const file = join(evidence.dir, 'j22-invoice-print-794.png');
  await inv.screenshot({ path: file, fullPage: true });
  evidence.shots.push(file);
  await inv.emulateMedia({ media: 'screen' });
  void runDir;
}

export default {
  id: 22,
  title: 'Tax and invoices: Texas tax in the summary, the same cents in the e-mail and the invoice, one printed A4 page',
  timeoutMs: 4 * 60_000,
  async run({ startServer, newContext, evidence, bin, log, runDir }) {
    const mailpit = await startMailpit();
    try {
      const server = await startServer('tax', { STAGESHOP_MAIL_RETRY_INTERVAL: '2s' });
      await configureSmtp(bin, server, mailpit);
      const [product] = (await allProducts(server.url)).filter((p) => p.isActive && p.stockQuantity >= 3 && p.price < 200);
      assert.ok(product, 'a product under $200 in stock');
      const customer = await registerCustomer(server.url, 'Tex', 'Buyer');
      const shopper = await newContext({ baseURL: server.url });
      const page = await shopper.newPage();
      await page.goto('/login');
      await submitLogin(page, customer.email, customer.password);
      await until(() => new URL(page.url()).pathname !== '/login', 'sign-in leaves /login');
      const { token } = await apiLogin(server.url, customer);
      await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 2 } });
      await page.reload();
      const cart = await openCart(page);
      await hasText(cart.getByTestId('cart-tax'), 'Tax: calculated at checkout', 'no address known yet');
      await closePopover(page);

      const lineCents = 2 * cents(product.price);
      const shipCents = lineCents >= 50000 ? 0 : 999;
      const tax = texasTax(lineCents);
      const total = lineCents + shipCents + tax;
      const orderNumber = await checkout(page, evidence, { lineCents, shipCents, tax });

      const placed = await mailpit.waitFor(customer.email, orderNumber);
      assert.ok(placed.Text.includes(`Texas sales tax (6.25%): ${formatPrice(dollars(tax))}`), `the e-mail's tax:\n${placed.Text}`);
      assert.ok(placed.Text.includes(`Total: ${formatPrice(dollars(total))}`), 'the e-mail total');
      assert.ok(!/INV-\d{4}-\d{6}/.test(placed.Text), 'no invoice before the order is paid');
      const mailPage = await shopper.newPage();
      await mailPage.setContent(placed.HTML, { waitUntil: 'load' });
      await evidence.screens(mailPage, 'j22-email-order');

      // The admin records the bank transfer of the total, tax included: that invoices the order.
      const orders = await apiOk(server.url, 'GET', '/api/checkout/orders', { token });
      const order = orders.find((o) => o.orderNumber === orderNumber);
      assert.equal(order?.payment?.amountDue, dollars(total), 'the amount due is the total with its tax');
      const { token: adminToken } = await apiLogin(server.url, ADMIN);
      const paid = await apiOk(server.url, 'POST', `/api/checkout/admin/orders/${order.id}/payments`, { token: adminToken, body: { amount: dollars(total) } });
      assert.match(paid.invoiceNumber, /^INV-\d{4}-\d{6}$/, 'the paid order has its invoice number');
      const mail = await mailpit.waitFor(customer.email, 'Payment received');
      assert.ok(mail.Text.includes(formatPrice(dollars(total))), `the payment e-mail's amount:\n${mail.Text}`);
      const number = /INV-\d{4}-\d{6}/.exec(mail.Text)?.[0];
      assert.equal(number, paid.invoiceNumber, 'the payment e-mail names the invoice');
      const link = /(http:\/\/127\.0\.0\.1:\d+\/account\/orders\/[a-z0-9]+\/invoice)/.exec(mail.Text)?.[1];
      assert.ok(link, `the e-mail links to the invoice: ${mail.Text}`);
      await mailPage.setContent(mail.HTML, { waitUntil: 'load' });
      await evidence.screens(mailPage, 'j22-email-paid');
      await mailPage.close();

      // From My Orders: the invoice opens in a new tab, with the same cents.
      await page.goto('/account/orders');
      const [inv] = await Promise.all([
        shopper.context.waitForEvent('page'),
        main(page).getByRole('link', { name: `Open invoice ${number}` }).first().click(),
      ]);
      await until(() => /\/api\/checkout\/orders\/[a-z0-9]+\/invoice\?token=/.test(inv.url()), 'the invoice page with its short-lived token', 15_000);
      await checkInvoice(inv, evidence, runDir, { number, tax, lineCents, total });
      // The e-mail's link, followed by the signed-in customer, lands on the same invoice.
      await page.goto(link);
      await until(() => page.url().includes('/invoice?token='), "the e-mail's link opens the invoice", 15_000);
      await hasText(page.getByTestId('invoice-number'), number, "the invoice from the e-mail's link");

      // Only the customer (and admins): another customer gets 404.
      const stranger = await registerCustomer(server.url, 'Nosy', 'Neighbour');
      const { token: strangerToken } = await apiLogin(server.url, stranger);
      const orderId = /orders\/([a-z0-9]+)\/invoice/.exec(link)[1];
      const denied = await api(server.url, 'GET', `/api/checkout/orders/${orderId}/invoice`, { token: strangerToken });
      assert.equal(denied.status, 404, "someone else's invoice is not found");

      // Issue 50: on a phone the columns read apart in every language (the Russian "Кол-во" and
      // "Ставка налога" ran together). The invoice is in the customer's language, which signing in sets.
      for (const language of ['en', 'ru', 'zh']) {
        const { token: langToken } = await apiOk(server.url, 'POST', '/api/auth/login', { body: { email: customer.email, password: customer.password, language } });
        const { token: fileToken } = await apiOk(server.url, 'POST', '/api/files/token', { token: langToken, body: {} });
        const phone = await (await newContext({ baseURL: server.url })).newPage();
        await phone.setViewportSize(PHONE);
        await phone.goto(`/api/checkout/orders/${orderId}/invoice?token=${encodeURIComponent(fileToken)}&lang=${language}`);
        await hasText(phone.getByTestId('invoice-number'), number, `the invoice in ${language}`);
        assert.equal(await phone.locator('html').getAttribute('lang'), language, `the invoice is written in ${language}`);
        await cellsApart(phone, 'table.lines', `the invoice's lines in ${language}`);
        await evidence.screens(phone, `j22-invoice-${language}`, { only: 'phone' });
        await phone.close();
      }
      log(`order ${orderNumber}: tax ${formatPrice(dollars(tax))} in checkout, e-mail and invoice ${number}; one A4 page`);
    } finally {
      await mailpit.stop();
    }
  },
};
