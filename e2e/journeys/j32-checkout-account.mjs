// 32. Account at checkout (issue 44), at 390 px: a new shopper adds a product signed out, goes to
// checkout and meets no login wall: the checkout page asks for first and last name, e-mail and
// password with one button, signs the shopper in (the guest cart merged) and goes on to Shipping
// with the name and e-mail already there; the shopper types only the address and places the
// order. Screens: j32-checkout-account (1280/390) and j32-checkout-shipping (390).
import { join } from 'node:path';
import { allProducts } from '../lib/api.mjs';
import { PHONE } from '../lib/browser.mjs';
import { settle } from '../lib/evidence.mjs';
import { assert, atPath, field, fillAddress, localStorageItem, main, until, visible } from '../lib/shop.mjs';

const ADDRESS = { Phone: '+1 512 555 0190', Address: '9 Encore Ave', City: 'Austin', 'State / Province': 'TX', 'ZIP Code': '73301', Country: 'US' };

export default {
  id: 32,
  title: 'Account at checkout, 390 px: name, e-mail and password on the checkout page, one button, on to Shipping prefilled, order placed',
  async run({ baseURL, newContext, evidence, log }) {
    const [product] = (await allProducts(baseURL)).filter((p) => p.isActive && p.stockQuantity >= 5 && !p.freightOnly && (p.variants?.length ?? 1) <= 1);
    const page = await (await newContext()).newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`/products/${product.id}`);
    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 1 ${product.name} to cart!`), 'the added notice');
    assert.ok(await localStorageItem(page, 'cartSessionId'), 'a guest cart');

    await page.goto('/checkout');
    const form = main(page).getByTestId('checkout-account');
    await visible(form, 'the account step on the checkout page, no login wall');
    await atPath(page, '/checkout', 'still on checkout');
    await evidence.screens(page, 'j32-checkout-account');
    await evidence.axe(page, 'the account step of checkout');
    const email = `nia.${Date.now()}@e2e.stageshop.test`;
    await field(form, 'First Name').fill('Nia');
    await field(form, 'Last Name').fill('Stagehand');
    await field(form, 'Email').fill(email);
    await field(form, 'Password').fill('Stage1234');
    assert.equal(await form.getByRole('button').count(), 1, 'one button');
    await form.getByRole('button', { name: 'Create account and continue' }).click();

    await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'on to Shipping, signed in', 15_000);
    await atPath(page, '/checkout', 'the same page');
    await until(async () => (await localStorageItem(page, 'cartSessionId')) === null, 'the guest cart merged into the account');
    // At 390 px the summary is folded: its text still lists the line.
    await until(async () => (await main(page).getByTestId('order-summary').textContent()).includes(product.name), 'the cart came along');
    assert.equal(await field(main(page), 'First Name').inputValue(), 'Nia', 'the first name is not typed again');
    assert.equal(await field(main(page), 'Last Name').inputValue(), 'Stagehand', 'nor the last name');
    assert.equal(await field(main(page), 'Email').inputValue(), email, 'nor the e-mail');
    await fillAddress(main(page), ADDRESS);
    await settle(page);
    const shot = join(evidence.dir, 'j32-checkout-shipping-390.png');
    await page.screenshot({ path: shot, fullPage: true, animations: 'disabled' });
    evidence.shots.push(shot);
    await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
    await main(page).getByRole('button', { name: 'Review Order' }).click();
    await main(page).getByRole('button', { name: /^Place Order/ }).click();
    await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the order is placed', 15_000);
    const number = (await main(page).getByTestId('order-number').innerText()).trim();
    log(`${email} made the account on checkout and placed ${number} at 390 px`);
  },
};
