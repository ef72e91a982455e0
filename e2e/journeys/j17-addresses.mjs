// 17. Addresses as shoppers expect (issue 34): a Russian shopper on a phone picks the country
// from a list named in Russian ("США" is there), which gives the domestic rates; a US state is
// chosen from its list; the new address is kept in the address book at checkout. The same
// customer, back in English on a desktop, finds it in the account's address book, and their next
// checkout opens prefilled: three clicks from the cart's checkout to the confirmation.
// Screens: checkout-country-ru (phone), checkout-country-zh, address-book, checkout-prefilled.
import { allProducts, apiOk, formatPrice } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { assert, atPath, field, hasText, login, main, until, visible } from '../lib/shop.mjs';

/** The shipping step's field by its id (the labels are Russian here). */
const byId = (page, f) => main(page).locator(`#shipping-${f}`);

/** Signs in at /ru/login without English labels: the e-mail and password inputs, Enter. */
async function loginRussian(page, { email, password }) {
  await page.goto('/ru/login');
  await main(page).locator('input[type="email"]').fill(email);
  await main(page).locator('input[type="password"]').fill(password);
  await page.keyboard.press('Enter');
  await until(() => !new URL(page.url()).pathname.endsWith('/login'), 'the Russian sign-in leaves /ru/login');
}

async function russianOnAPhone({ baseURL, newContext, evidence }, customer, ru) {
  const { newPage } = await newContext({ locale: 'ru-RU' });
  const page = await newPage();
  await page.setViewportSize(PHONE);
  await loginRussian(page, customer);
  await page.goto('/ru/checkout');
  await visible(main(page).getByRole('heading', { name: ru.steps.shipping }), 'the Russian shipping step');

  // The list is in Russian, preset to the shop's home; the value is the ISO code.
  const country = byId(page, 'country');
  await until(async () => (await country.inputValue()) === 'US', "the country preset to the shop's home (US)");
  await country.selectOption('DE');
  await visible(main(page).getByTestId('method-intl_standard'), 'international rates for Germany');
  // (Other options mention США too: Виргинские о-ва (США).)
  const usa = await country.locator('option[value="US"]').textContent();
  assert.equal(usa, 'Соединенные Штаты (США)', 'the Russian list names the USA with its США');
  await country.selectOption({ label: usa });
  await visible(main(page).getByTestId('method-standard'), 'domestic rates for США');
  assert.equal(await main(page).getByTestId('method-intl_standard').count(), 0, 'no international rates for США');

  // A US state from its list; the rest typed.
  await byId(page, 'state').selectOption('IL');
  for (const [f, v] of [['phone', '+1 555 0142'], ['address', '42 Rigging Row'], ['city', 'Springfield'], ['zipCode', '62704']]) await byId(page, f).fill(v);
  await main(page).getByRole('checkbox', { name: ru.saved.keep }).click();
  await evidence.screens(page, 'checkout-country-ru', { only: 'phone' });
  await evidence.axe(page, 'checkout in Russian with the country list');
  await main(page).getByRole('button', { name: ru.continueToBilling }).click();
  await visible(main(page).getByRole('heading', { name: ru.steps.billing }), 'the billing step');

  // In Chinese (the checkout reopens on its billing step) the list names the countries in Chinese.
  await page.goto('/zh/checkout');
  const billingCountry = main(page).locator('#billing-country option:checked');
  await until(async () => (await billingCountry.textContent()) === '美国', 'the country named 美国 in Chinese');
  await evidence.screens(page, 'checkout-country-zh');
  await page.close();
}

export default {
  id: 17,
  title: 'Addresses: a Russian on a phone picks США from the list, the address book, a repeat checkout in three clicks',
  async run(ctx) {
    const { baseURL, newContext, evidence } = ctx;
    const ru = await apiOk(baseURL, 'GET', '/locales/ru/checkout.json');
    const [product] = (await allProducts(baseURL)).filter((p) => p.isActive && p.stockQuantity >= 5 && p.price < 200);
    const customer = await registerCustomer(baseURL, 'Vera', 'Addresses');
    const { token } = await apiLogin(baseURL, customer);
    await apiOk(baseURL, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });

    await russianOnAPhone(ctx, customer, ru);
    // Kept in the book as the first, so the default address.
    const book = await apiOk(baseURL, 'GET', '/api/auth/addresses', { token });
    assert.equal(book.length, 1, 'the checkout kept the new address');
    assert.deepEqual([book[0].country, book[0].state, book[0].isDefault], ['US', 'IL', true], 'kept as US / IL, the default');

    // Back in English on a desktop: the account's address book lists it.
    const { newPage } = await newContext();
    const page = await newPage();
    await login(page, customer.email, customer.password);
    await page.goto('/profile');
    const addresses = main(page).getByRole('list', { name: 'Address book' });
    await visible(addresses.getByText('42 Rigging Row'), 'the saved address in the address book');
    await visible(addresses.getByText('United States'), 'its country by name');
    await visible(addresses.getByText('Default'), 'marked as the default');
    await evidence.screens(page, 'address-book');
    await evidence.axe(page, 'address book');

    // The repeat checkout opens on the default address: Continue, Review, Place: three clicks.
    await page.goto('/checkout');
    await until(async () => (await field(main(page), 'Address').inputValue()) === '42 Rigging Row', 'the checkout prefilled with the default address');
    await visible(main(page).getByRole('radio', { name: /42 Rigging Row/, checked: true }), 'the saved address chosen');
    await visible(main(page).getByRole('radio', { name: /^Standard/, checked: true }), 'domestic standard chosen');
    // The summary says what is missing for free shipping to this US address (issue 34).
    const { freeShippingThreshold } = await apiOk(baseURL, 'GET', '/api/shipping/methods');
    const missing = Math.round((freeShippingThreshold - product.price) * 100) / 100;
    await visible(main(page).getByText(`Add ${formatPrice(missing)} for free US shipping`), 'the free-shipping line');
    // The summary's line price is whole at 1280 px (it was cut to "$9" for $99.00, issue 34).
    const line = main(page).getByTestId('order-summary').locator('.line-price').first();
    assert.equal((await line.textContent()).trim(), formatPrice(product.price), 'the line price in the summary');
    assert.ok(await line.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= el.closest('[data-testid="order-summary"]').getBoundingClientRect().right), 'the line price is not cut');
    await evidence.screens(page, 'checkout-prefilled');
    await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
    await main(page).getByRole('button', { name: 'Review Order' }).click();
    await main(page).getByRole('button', { name: /^Place order/i }).click();
    await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation after three clicks');
    await hasText(main(page), /ORD-\d{8}-[A-Z0-9]{6}/, 'the order number');
    await atPath(page, '/checkout', 'still on checkout (the confirmation step)');
  },
};
