// 34. Discount codes (issue 45): the admin creates TOURING25 ($25 off from a $200 subtotal,
// one use in total) in /admin/promotions; a shopper on a phone applies it to a cart below the
// minimum and is told how much to add, adds units, applies it, sees the discount in the cart
// and in checkout's summary with the Texas tax on the discounted line, and places the order
// (its confirmation lists the discount); a second shopper is told the code is used up.
// Screens: j34-cart-code (the cart with the code at 390 and 1280 px), j34-checkout-review,
// j34-confirmation, j34-used-up.
import { allProducts, apiOk, formatPrice } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { settle } from '../lib/evidence.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, closePopover, field, fillAddress, hasText, login, main, openCart, visible } from '../lib/shop.mjs';
import { join } from 'node:path';

const TEXAS = { Phone: '+1 512 555 0199', Address: '1200 Congress Avenue', City: 'Austin', 'State / Province': 'TX', 'ZIP Code': '78701', Country: 'US' };
const cents = (n) => Math.round(n * 100);
const dollars = (c) => c / 100;
/** The seeded Texas rate, 6.25 %, half away from zero (the shop's one rule). */
const texasTax = (c) => Math.floor((c * 625 + 5000) / 10000);
/** The code's outcome from the server, not the app: 409 is expected where a code does not apply. */
const codeRefused = (text) => text.includes('status of 409') && text.includes('/api/cart/discount');

/** The admin adds the promotion through its form. */
async function createCode(admin) {
  const page = await admin.newPage();
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/promotions');
  await main(page).getByRole('button', { name: 'Add promotion' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Add promotion' }), 'the promotion form');
  await field(dialog, 'Name (English)').fill('Touring');
  await field(dialog, 'Name (Russian)').fill('Гастроли');
  await field(dialog, 'Code').fill('TOURING25');
  await field(dialog, 'Discount').selectOption('fixed');
  await field(dialog, 'Amount off ($)').fill('25');
  await field(dialog, 'Minimum subtotal ($)').fill('200');
  await field(dialog, 'Uses in total').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await hasText(main(page), /TOURING25\$25.00 off/, 'the new code in the list');
  await page.close();
}

/** A signed-in shopper on a phone with `quantity` of product in the cart. */
async function phoneShopper(server, newContext, product, quantity) {
  const customer = await registerCustomer(server.url, 'Tour', 'Manager');
  const ctx = await newContext({ baseURL: server.url });
  ctx.allowConsole(codeRefused);
  const page = await ctx.newPage();
  await page.setViewportSize(PHONE);
  await login(page, customer.email, customer.password);
  const { token } = await apiLogin(server.url, customer);
  await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity } });
  await page.reload();
  return { page, token };
}

/** Types the code into the cart's field and presses Enter (the keyboard's way). */
async function applyCode(cart, code) {
  const input = field(cart, 'Discount code');
  await input.fill(code);
  await input.press('Enter');
}

/** The cart popover with the code, at both widths, into the run's evidence and docs/screenshots/issue-45. */
async function cartScreens(page, evidence) {
  for (const vp of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(vp);
    await openCart(page);
    await settle(page);
    const file = join(evidence.dir, `j34-cart-code-${vp.width}.png`);
    await page.screenshot({ path: file, animations: 'disabled' });
    evidence.shots.push(file);
    await closePopover(page);
  }
  await page.setViewportSize(PHONE);
}

export default {
  id: 34,
  title: 'Discount codes: the admin creates one, a phone shopper applies it (why not yet, then the discount and its tax), a second finds it used up',
  timeoutMs: 4 * 60_000,
  async run({ startServer, newContext, evidence }) {
    const server = await startServer('promo');
    const [product] = (await allProducts(server.url)).filter((p) => p.isActive && p.stockQuantity >= 10 && p.price >= 20 && p.price < 150);
    assert.ok(product, 'a product from $20 to $150 with 10 in stock');
    await createCode(await newContext({ baseURL: server.url }));

    // Below the minimum: the server's reason, in the shopper's words.
    const { page, token } = await phoneShopper(server, newContext, product, 1);
    let cart = await openCart(page);
    await applyCode(cart, 'touring25');
    const missing = 20000 - cents(product.price);
    await hasText(cart.getByRole('alert'), `Add ${formatPrice(dollars(missing))} more to use TOURING25`, 'how much more to add');
    await closePopover(page);

    // Enough units: the code applies, the lines' share and the server's discounted total.
    const quantity = Math.ceil(20000 / cents(product.price));
    await apiOk(server.url, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: quantity - 1 } });
    await page.reload();
    cart = await openCart(page);
    await applyCode(cart, 'TOURING25');
    const lineCents = quantity * cents(product.price);
    await hasText(cart.getByTestId('cart-discount'), 'Touring (TOURING25)−$25.00', 'the discount row in the cart');
    await hasText(cart.getByTestId('cart-total'), formatPrice(dollars(lineCents - 2500)), 'the discounted total in the cart');
    await closePopover(page);
    await cartScreens(page, evidence);

    // Checkout: the tax is on the discounted line, the total is the server's.
    const tax = texasTax(lineCents - 2500);
    const shipCents = lineCents >= 50000 ? 0 : 999;
    const total = lineCents - 2500 + shipCents + tax;
    await page.goto('/checkout');
    await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'the shipping step');
    await fillAddress(main(page), TEXAS);
    const summary = main(page).getByTestId('order-summary');
    await summary.locator('summary').click();
    await hasText(summary.getByTestId('summary-discount'), 'Touring (TOURING25)−$25.00', 'the discount in the summary');
    await hasText(summary.getByTestId('summary-tax'), `Texas sales tax (6.25%)${formatPrice(dollars(tax))}`, 'the tax on the discounted line');
    await hasText(summary.getByTestId('summary-total'), formatPrice(dollars(total)), 'the discounted total with tax');
    await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
    await main(page).getByRole('button', { name: 'Review Order' }).click();
    await hasText(main(page).getByTestId('review-discount'), 'Touring (TOURING25): −$25.00', 'the discount on the review');
    await hasText(main(page).getByTestId('review-total'), formatPrice(dollars(total)), 'the review total');
    await evidence.screens(page, 'j34-checkout-review', { only: 'phone' });
    await main(page).getByRole('button', { name: 'Place Order' }).click();
    await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation', 15_000);
    await hasText(main(page).getByTestId('confirmation-discount'), 'Touring (TOURING25)−$25.00', 'the discount on the confirmation');
    await hasText(main(page).getByTestId('confirmation-total'), formatPrice(dollars(total)), 'the confirmation total');
    await evidence.screens(page, 'j34-confirmation', { only: 'phone' });

    // The single use is taken: the second shopper is told so, and nothing is taken off.
    const second = await phoneShopper(server, newContext, product, quantity);
    cart = await openCart(second.page);
    await applyCode(cart, 'TOURING25');
    await hasText(cart.getByRole('alert'), 'TOURING25 has been used up', 'the single use is gone');
    await hasText(cart.getByTestId('cart-total'), formatPrice(dollars(lineCents)), 'no discount for the second shopper');
    await evidence.screens(second.page, 'j34-used-up', { only: 'phone' });
  },
};
