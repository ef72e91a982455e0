// 4. Admin: log in, lands on /admin, creates a product with two uploaded
// images and a Russian name, it appears in the shop (and in Russian when the
// language is switched), deactivates it, it disappears from the shop;
// changes the order from journey 2 to Shipped; the customer sees Shipped.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { allProducts, formatPrice } from '../lib/api.mjs';
import { placeOrderViaApi } from '../lib/accounts.mjs';
import { writePng } from '../lib/png.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, header, main, productCard, submitLogin, switchLanguage, until, visible } from '../lib/shop.mjs';
import { hidden } from '../lib/wait.mjs';

const PRODUCT = {
  en: `E2E Truss Spot ${Date.now().toString(36)}`,
  ru: 'Прожектор для фермы E2E',
  descriptionEn: 'A compact spot made by the browser tests.',
  descriptionRu: 'Компактный прожектор, созданный браузерными тестами.',
  price: '123.45',
  stock: '7',
  category: 'Stage',
};

async function searchShop(page, text) {
  const box = field(main(page), 'Search');
  await box.fill(text);
}

export default {
  id: 4,
  title: 'Admin: product with two images and a Russian name, deactivate, order to Shipped',
  async run({ baseURL, newContext, evidence, state, log, runDir }) {
    const dir = join(runDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    const images = [writePng(join(dir, 'e2e-front.png'), 320, 240, [200, 40, 40]), writePng(join(dir, 'e2e-side.png'), 320, 240, [40, 80, 200])];

    const admin = await newContext();
    const page = await admin.newPage();
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await atPath(page, '/admin', 'an admin lands on /admin after login');
    await visible(main(page).getByRole('heading', { level: 1, name: 'Admin Dashboard' }), 'the Admin Dashboard heading');
    await visible(header(page).getByText('Admin', { exact: true }).last(), 'the Admin badge / link');
    const table = main(page).getByRole('table');
    await visible(table.getByRole('row').nth(1), 'product rows in the admin list');
    assert.equal(await page.locator('footer').count(), 0, 'the footer is hidden under /admin');
    await evidence.screens(page, 'admin-products');
    await evidence.axe(page, 'admin products');

    // Create the product.
    await main(page).getByRole('button', { name: 'Add Product' }).click();
    await atPath(page, '/admin/products/new', 'Add Product opens the form');
    await visible(main(page).getByRole('heading', { name: 'Add Product' }), 'the Add Product form');
    const submit = main(page).getByRole('button', { name: 'Create Product' });
    assert.ok(await submit.isDisabled(), 'Create Product is disabled while price, category and images are missing');
    await field(main(page), 'Name (English)').fill(PRODUCT.en);
    await field(main(page), 'Description (English)').fill(PRODUCT.descriptionEn);
    await main(page).getByRole('button', { name: 'Add Русский' }).click();
    await visible(main(page).getByRole('tab', { name: 'Русский', selected: true }), 'the Русский tab');
    await field(main(page), 'Name (Русский)').fill(PRODUCT.ru);
    await field(main(page), 'Description (Русский)').fill(PRODUCT.descriptionRu);
    await field(main(page), 'Price').fill(PRODUCT.price);
    await field(main(page), 'Stock quantity').fill(PRODUCT.stock);
    await field(main(page), 'Category').selectOption({ label: PRODUCT.category });
    await main(page).locator('input[type="file"]').setInputFiles(images);
    for (const name of ['e2e-front.png', 'e2e-side.png']) {
      await visible(main(page).getByRole('img', { name }), `the uploaded ${name} thumbnail`, 20_000);
    }
    await visible(main(page).getByText('Primary', { exact: true }), 'the first image marked Primary');
    await evidence.screens(page, 'admin-product-form');
    await until(() => submit.isEnabled(), 'Create Product is enabled once the form is complete');
    await submit.click();
    await visible(page.getByText('Product created successfully!'), '"Product created successfully!"');
    await atPath(page, '/admin', 'back to the list after saving');
    const list = await allProducts(baseURL, `&search=${encodeURIComponent(PRODUCT.en)}`);
    assert.equal(list.length, 1, 'the API lists the new product');
    const created = list[0];
    assert.equal(created.imageFileNames.length, 2, 'the product has two images');
    assert.equal(created.nameLocalized.ru, PRODUCT.ru, 'the Russian name is stored');

    // It appears in the shop, and in Russian after switching the language.
    await page.goto('/');
    await searchShop(page, PRODUCT.en);
    const card = productCard(page, PRODUCT.en);
    await visible(card, 'the new product in the shop');
    await visible(card.getByText(formatPrice(Number(PRODUCT.price)), { exact: true }), 'its price');
    await visible(card.getByText('7 in stock'), 'its stock');
    await visible(card.getByText('1 / 2'), 'its two images on the card');
    await switchLanguage(page, 'Русский');
    await visible(productCard(page, PRODUCT.ru), 'the Russian name on the card after switching to Русский');
    await switchLanguage(page, 'English');
    await visible(productCard(page, PRODUCT.en), 'the English name again');

    // Deactivate it.
    await page.goto('/admin');
    await field(main(page), 'Search').fill(PRODUCT.en);
    await until(() => new URL(page.url()).searchParams.get('search') === PRODUCT.en, 'the admin search is kept in the URL');
    await until(async () => (await main(page).getByRole('row').count()) === 2, 'the admin list filtered to the one product');
    const row = main(page).getByRole('row').filter({ hasText: PRODUCT.en });
    await visible(row, 'the product in the admin list');
    await visible(row.getByText('Active', { exact: true }), 'status Active');
    await row.getByRole('button', { name: `Edit ${PRODUCT.en}` }).click();
    await atPath(page, `/admin/products/${created.id}/edit`, 'the edit form');
    const active = main(page).getByRole('switch', { name: 'Active' });
    await visible(active, 'the Active switch');
    assert.equal(await active.getAttribute('aria-checked'), 'true', 'the product starts active');
    await active.click();
    await main(page).getByRole('button', { name: 'Update Product' }).click();
    await visible(page.getByText('Product updated successfully!'), '"Product updated successfully!"');
    await atPath(page, '/admin', 'back to the list');
    await visible(main(page).getByRole('row').filter({ hasText: PRODUCT.en }).getByText('Inactive', { exact: true }), 'status Inactive');

    // It disappears from the shop (a guest sees neither the card nor the page).
    const guest = await newContext();
    const gp = await guest.newPage();
    await gp.goto('/');
    await searchShop(gp, PRODUCT.en);
    await visible(main(gp).getByText('No products found.'), '"No products found." for the deactivated product');
    // The product page of an inactive product answers 404 by design (the page and the API); the browser logs that.
    guest.allowConsole((text) => text.includes('status of 404') && text.includes(`/products/${created.id}`));
    await gp.goto(`/products/${created.id}`);
    await visible(main(gp).getByRole('heading', { name: 'Product not found' }), '"Product not found" for the inactive product');

    // The order from journey 2 goes to Shipped.
    let order = state.order;
    if (!order) {
      log('journey 2 left no order; placing one through the API');
      const [p] = (await allProducts(baseURL)).filter((x) => x.stockQuantity > 0);
      order = await placeOrderViaApi(baseURL, p);
    }
    await main(page).getByRole('link', { name: 'Orders' }).click();
    await atPath(page, '/admin/orders', 'the Orders view');
    const orow = main(page).getByRole('row').filter({ hasText: order.number });
    await visible(orow, `order ${order.number} in the admin orders`);
    await visible(orow.getByText(order.customer.email), 'the customer e-mail');
    await visible(orow.getByText(formatPrice(order.total), { exact: true }), 'the order total');
    await orow.getByRole('combobox', { name: `Status of order ${order.number}` }).click();
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    // Shipped asks for the carrier's tracking number (issue 18).
    const ship = page.getByRole('dialog', { name: `Ship order ${order.number}` });
    await visible(ship, 'the tracking number dialog');
    await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    await visible(page.getByText('Order status updated successfully'), '"Order status updated successfully"');
    await visible(orow.getByText('Shipped', { exact: true }), 'the row shows Shipped');
    await evidence.screens(page, 'admin-orders');
    await orow.getByRole('button', { name: `Details of order ${order.number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${order.number}` });
    await visible(dialog, 'the admin order details dialog');
    await visible(dialog.getByText(formatPrice(order.total), { exact: true }).first(), 'the total in the dialog');
    await visible(dialog.getByText('1Z999AA10123456784'), 'the tracking number in the dialog');
    await evidence.screens(page, 'admin-order-details');
    await page.keyboard.press('Escape');
    await hidden(dialog, 'the admin order details dialog');

    // The customer sees Shipped.
    const customer = await newContext();
    const cp = await customer.newPage();
    await cp.goto('/login');
    await submitLogin(cp, order.customer.email, order.customer.password);
    await atPath(cp, '/', 'the customer lands on /');
    await cp.goto('/account/orders');
    const crow = main(cp).getByRole('row').filter({ hasText: order.number });
    await visible(crow, 'the order in My Orders');
    await visible(crow.getByText('Shipped', { exact: true }), 'the customer sees Shipped');
  },
};
