// 23. Product options (issue 31): an admin's XLR cable in three lengths and two colours. On a
// phone a shopper opens it from its catalog card ("from $..."), picks 10 m and Black: the URL
// (?variant=), the price (struck-through compare-at price and "Sale") and the SKU follow, the
// choice survives a reload; the sold-out red 5 m is said as such. Added to the cart, the popover
// names "Stage XLR Cable - 10 m, Black"; the order placed from that cart keeps the variant, and
// its confirmation e-mail (the outbox's text) names it with its SKU. Then an admin gives a plain
// product a "Length" option with three values in the product form, generates the variants, sets
// one price and then one for two at once, and saves: the shop sells three lengths at those
// prices. Screens j23-product-options and j23-admin-variant-grid (1280/390), axe-scanned.
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { allProducts, apiOk } from '../lib/api.mjs';
import { DESKTOP, PHONE } from '../lib/browser.mjs';
import { textWhole } from '../lib/fit.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, hasText, login, main, openCart, until, visible } from '../lib/shop.mjs';

const NAME = 'Stage XLR Cable';

/** The cable through the admin API: 3 m and 10 m in black and red, 5 m in black and red (sold out). */
async function createCable(baseURL, token, image) {
  const v = (sku, length, colour, price, stockQuantity, compareAtPrice = null) => ({
    sku, optionValues: [length, colour], price, compareAtPrice, stockQuantity, isActive: true,
  });
  return apiOk(baseURL, 'POST', '/api/products', {
    token,
    body: {
      name: NAME, description: 'Balanced microphone cable, Neutrik connectors.', category: 'Accessories',
      imageFileNames: [image], isActive: true, attributes: [],
      options: [
        { name: 'Length', nameLocalized: { ru: 'Длина' }, values: ['3 m', '5 m', '10 m'].map((value) => ({ value })) },
        { name: 'Colour', nameLocalized: { ru: 'Цвет' }, values: [{ value: 'Black', valueLocalized: { ru: 'Чёрный' } }, { value: 'Red' }] },
      ],
      variants: [
        v('E2E-XLR-3-BLK', '3 m', 'Black', 9.5, 6), v('E2E-XLR-3-RED', '3 m', 'Red', 9.5, 4),
        v('E2E-XLR-5-BLK', '5 m', 'Black', 12.5, 5), v('E2E-XLR-5-RED', '5 m', 'Red', 12.5, 0),
        v('E2E-XLR-10-BLK', '10 m', 'Black', 19.9, 8, 24.9), v('E2E-XLR-10-RED', '10 m', 'Red', 21, 3),
      ],
    },
  });
}

/** Places an order of the signed-in shopper's cart through the API. */
async function placeOrder(baseURL, token, email) {
  const shipping = {
    firstName: 'Vera', lastName: 'Variant', address: '10 Cable Row', city: 'Springfield', state: 'IL',
    zipCode: '62704', country: 'US', phone: '+1 555 0142', email,
  };
  return apiOk(baseURL, 'POST', '/api/checkout/create-order', {
    token, body: { shippingInfo: shipping, useShippingForBilling: true, shippingMethod: 'standard' },
  });
}

/**
 * Issue 44: a long variant label shows whole in the cart popover (it was cut to "... - 1...") and
 * in checkout's summary, whose line price stayed inside the card only with short names; 390 and 1280 px.
 */
async function longLabelInPopover({ baseURL, page, evidence, adminToken, token, image }) {
  const long = 'Neutrik XLR male to female, gold-plated contacts';
  const dmx = await apiOk(baseURL, 'POST', '/api/products', {
    token: adminToken,
    body: {
      name: 'Stage DMX Cable', description: '5-pin DMX cable.', category: 'Accessories', imageFileNames: [image], isActive: true, attributes: [],
      options: [{ name: 'Connectors', values: [{ value: long }, { value: 'Bare ends' }] }],
      variants: [
        { sku: 'E2E-DMX-NTK', optionValues: [long], price: 34.5, stockQuantity: 5, isActive: true },
        { sku: 'E2E-DMX-BARE', optionValues: ['Bare ends'], price: 20, stockQuantity: 5, isActive: true },
      ],
    },
  });
  const variantId = dmx.variants.find((x) => x.sku === 'E2E-DMX-NTK').id;
  await apiOk(baseURL, 'POST', '/api/cart/items', { token, body: { productId: dmx.id, variantId, quantity: 1 } });
  for (const vp of [PHONE, DESKTOP]) {
    await page.setViewportSize(vp);
    await page.goto('/');
    const cart = await openCart(page);
    await hasText(cart.getByTestId('cart-line-name'), `Stage DMX Cable - ${long}`, 'the line names the long variant');
    await textWhole(cart.getByTestId('cart-line-name'), 'the cart line with a long variant label');
    await textWhole(cart.getByText('$34.50', { exact: true }), "the line's total beside it");
  }
  await evidence.screens(page, 'j23-cart-long-variant');
  // Checkout's summary: the name wraps and the price stays inside the card (it was cut at 1280 px).
  const SUMMARY = '[data-testid="order-summary"]';
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto('/checkout');
    const summary = page.getByTestId('order-summary');
    if (vp === PHONE) await summary.locator('summary').click();
    await hasText(summary.getByTestId('summary-line-name'), `Stage DMX Cable - ${long}`, 'the summary names the long variant');
    await textWhole(summary.getByTestId('summary-line-name'), "the summary's line name", SUMMARY);
    await textWhole(summary.getByTestId('summary-line-price'), "the summary's line price", SUMMARY);
  }
  await evidence.screens(page, 'j23-checkout-long-variant');
}

/** An admin turns a plain product into three lengths through the product form's grid. */
async function adminAddsLengths({ baseURL, newContext, evidence, token, image }) {
  const plain = await apiOk(baseURL, 'POST', '/api/products', {
    token,
    body: { name: 'Stage Speaker Cable', description: 'Speakon to Speakon, 2.5 mm².', category: 'Accessories', price: 15,
      stockQuantity: 4, imageFileNames: [image], isActive: true, attributes: [] },
  });
  const page = await (await newContext()).newPage();
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/products/${plain.id}/edit`);
  await visible(main(page).getByRole('heading', { name: 'Edit Product' }), 'the edit form');
  await main(page).getByRole('button', { name: 'Add option' }).click();
  await main(page).getByLabel('Option 1 name (English)', { exact: true }).fill('Length');
  await main(page).getByLabel('Option 1 values, separated by commas (English)', { exact: true }).fill('5 m, 10 m, 20 m');
  await main(page).getByRole('button', { name: 'Generate combinations' }).click();
  await visible(main(page).getByLabel('SKU of 20 m', { exact: true }), 'a grid row per value');
  await main(page).getByLabel('Price of 5 m', { exact: true }).fill('12.00');
  await main(page).getByRole('checkbox', { name: 'Choose 10 m' }).click();
  await main(page).getByRole('checkbox', { name: 'Choose 20 m' }).click();
  await main(page).getByLabel('Price for several variants', { exact: true }).fill('18.50');
  await main(page).getByRole('button', { name: 'Set price of chosen (2)' }).click();
  for (const [length, stock] of [['5 m', '4'], ['10 m', '6'], ['20 m', '2']]) await main(page).getByLabel(`Stock of ${length}`, { exact: true }).fill(stock);
  await evidence.screens(page, 'j23-admin-variant-grid');
  await evidence.axe(page, 'admin variant grid');
  await main(page).getByRole('button', { name: 'Update Product' }).click();
  await until(() => new URL(page.url()).pathname === '/admin', 'saved, back to the list');
  const saved = await apiOk(baseURL, 'GET', `/api/products/${plain.id}`);
  const got = saved.variants.map((x) => `${x.optionValues[0]} ${x.price} ${x.stockQuantity}`).join(', ');
  assert.equal(got, '5 m 12 4, 10 m 18.5 6, 20 m 18.5 2', 'the shop sells the three lengths at the admin\'s prices');
  assert.ok(saved.priceFrom === 12 && saved.priceTo === 18.5, `from $12.00 to $18.50: ${saved.priceFrom}-${saved.priceTo}`);
}

export default {
  id: 23,
  title: 'Product options: pick 10 m / Black on a phone, URL and price follow, the cart and the order e-mail name the variant',
  async run({ baseURL, newContext, evidence, log }) {
    const admin = await apiLogin(baseURL, ADMIN);
    const [seeded] = await allProducts(baseURL);
    const cable = await createCable(baseURL, admin.token, seeded.imageFileName);
    const black10 = cable.variants.find((x) => x.sku === 'E2E-XLR-10-BLK');
    log(`created "${NAME}" with ${cable.variants.length} variants`);

    const shopper = await registerCustomer(baseURL, 'Vera', 'Variant');
    const page = await (await newContext()).newPage();
    await page.setViewportSize(PHONE);
    await login(page, shopper.email, shopper.password);

    // The catalog card: several prices, chosen on the product page.
    await page.goto('/');  // newest first: the cable leads
    const card = main(page).locator('article').filter({ hasText: NAME }).first();
    await hasText(card.getByTestId('price'), 'from $9.50Sale', 'the card says "from" the cheapest variant, and that one is on sale');
    await card.getByRole('link', { name: `Choose options of ${NAME}` }).click();
    await until(() => new URL(page.url()).pathname === `/products/${cable.id}`, 'Choose options opens the product page');
    await visible(main(page).getByRole('heading', { level: 1, name: NAME }), 'the product page');

    const length = main(page).getByRole('group', { name: /^Length/ });
    const colour = main(page).getByRole('group', { name: /^Colour/ });
    await length.getByRole('button', { name: '10 m' }).click();
    await colour.getByRole('button', { name: 'Black' }).click();
    await until(() => new URL(page.url()).searchParams.get('variant') === black10.id, 'the chosen variant in the URL');
    const price = main(page).getByTestId('price');
    await hasText(price, '$19.90$24.90Sale', 'the price follows: $19.90, was $24.90, Sale');
    await hasText(main(page).getByTestId('sku'), /E2E-XLR-10-BLK$/, 'the SKU follows');

    // A shared or reloaded address shows the same choice.
    await page.reload();
    await hasText(main(page).getByRole('group', { name: /^Length/ }), /^Length: 10 m/, 'the reload keeps 10 m');
    await hasText(main(page).getByTestId('price'), /^\$19\.90/, 'the reload keeps the price');

    // 5 m red is sold out: said on the button once 5 m is chosen.
    await length.getByRole('button', { name: '5 m' }).click();
    await visible(colour.getByRole('button', { name: 'Red (sold out)' }), 'the sold-out combination');
    await length.getByRole('button', { name: '10 m' }).click();
    await until(() => new URL(page.url()).searchParams.get('variant') === black10.id, 'back to 10 m, Black');
    await evidence.screens(page, 'j23-product-options');
    await evidence.axe(page, 'product page with options');

    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 1 ${NAME} - 10 m, Black to cart!`), 'the added notice names the variant');
    await openCart(page);
    await visible(page.getByRole('dialog', { name: 'Shopping Cart' }).getByText(`${NAME} - 10 m, Black`), 'the cart line names the variant');

    const { token } = await apiLogin(baseURL, shopper);
    const order = await placeOrder(baseURL, token, shopper.email);
    const line = order.items.find((i) => i.productId === cable.id);
    assert.ok(line && line.variantId === black10.id && line.sku === 'E2E-XLR-10-BLK' && line.unitPrice === 19.9,
      `the order line keeps the variant, SKU and price paid: ${JSON.stringify(line)}`);
    const after = await apiOk(baseURL, 'GET', `/api/products/${cable.id}`);
    assert.equal(after.variants.find((x) => x.id === black10.id).stockQuantity, 7, 'the order took the unit from 10 m, Black');

    // The confirmation e-mail, as the outbox holds it.
    let text = '';
    await until(async () => {
      const list = await apiOk(baseURL, 'GET', `/api/admin/emails?pageSize=50`, { token: admin.token });
      const mail = list.emails.find((m) => m.to === shopper.email && m.subject.includes(order.orderNumber));
      if (!mail) return false;
      text = (await apiOk(baseURL, 'GET', `/api/admin/emails/${mail.id}`, { token: admin.token })).text;
      return true;
    }, 'the order confirmation in the outbox');
    assert.ok(text.includes(`${NAME} - 10 m, Black`) && text.includes('E2E-XLR-10-BLK'), `the e-mail names the variant and its SKU:\n${text}`);
    log(`order ${order.orderNumber}: line, stock and e-mail per variant`);

    await longLabelInPopover({ baseURL, page, evidence, adminToken: admin.token, token, image: seeded.imageFileName });
    log('a long variant label shows whole in the cart popover at 390 and 1280 px');

    await adminAddsLengths({ baseURL, newContext, evidence, token: admin.token, image: seeded.imageFileName });
    log('the admin gave a plain product three lengths with their prices');
  },
};
