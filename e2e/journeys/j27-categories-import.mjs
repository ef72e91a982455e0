// 27. Categories and product import (issue 35). The owner adds a category "Rigging" (with its
// Russian name) in /admin/categories, moves two products into it through the product form, and
// a guest sees it in the shop's category filter and phone menu with those two products (and the
// Russian name under /ru/). Then the owner imports a CSV of three new rigging products with one
// bad row: the dry run names the row and the column, and nothing is written; the fixed file
// imports and the products are in the shop. Screens j27-admin-categories and j27-admin-import
// (1280/390), axe-scanned.
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, login, main, until, visible } from '../lib/shop.mjs';

const MOVED = ['Truss Segment 3 m Square', 'Motorised Chain Hoist 500 kg'];
const IMPORTED = ['E2E Spanset 2 m', 'E2E Shackle 3.25 t', 'E2E Beam Clamp 500 kg'];

/** The owner adds the category in /admin/categories. */
async function addCategory(page, evidence) {
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('link', { name: 'Categories' }).click();
  await atPath(page, '/admin/categories', 'the categories screen');
  await visible(main(page).getByRole('row').filter({ hasText: 'Lighting' }), 'the seed categories');
  await main(page).getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'Name (English)').fill('Rigging');
  await field(dialog, 'Name (Russian)').fill('Такелаж');
  await field(dialog, 'Name (Chinese)').fill('吊装');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByText('Category added'), '"Category added"');
  const row = main(page).getByRole('row').filter({ hasText: 'Rigging' });
  await visible(row, 'Rigging in the list');
  await visible(row.getByText('Shown', { exact: true }), 'Rigging shown to shoppers');
}

/** The owner moves a product into Rigging through its edit form. */
async function moveProduct(page, name) {
  await page.goto(`/admin?search=${encodeURIComponent(name)}`);
  const row = main(page).getByRole('row').filter({ hasText: name });
  await visible(row, `${name} in the admin list`);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await visible(main(page).getByRole('heading', { name: 'Edit Product' }), `the edit form of ${name}`);
  await field(main(page), 'Category').selectOption({ label: 'Rigging' });
  await main(page).getByRole('button', { name: 'Update Product' }).click();
  await visible(page.getByText('Product updated successfully!'), `${name} saved`);
}

/** A guest finds Rigging in the filter and the phone menu, with the two products. */
async function guestSeesRigging(newContext) {
  const page = await (await newContext()).newPage();
  await page.goto('/');
  const filter = main(page).getByLabel('Category', { exact: true });
  await visible(filter, 'the category filter');
  await until(async () => (await filter.locator('option').allTextContents()).some((t) => t.trim() === 'Rigging'), 'Rigging in the category filter');
  await filter.selectOption('Rigging');
  await until(() => new URL(page.url()).searchParams.get('category') === 'Rigging', 'the category in the URL');
  for (const name of MOVED) await visible(main(page).getByRole('heading', { name }), `${name} under Rigging`);
  await visible(main(page).getByText('2 products found in Rigging'), 'the count line names Rigging');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await visible(page.getByRole('link', { name: 'Rigging' }), 'Rigging in the phone menu');
  await page.goto('/ru/?category=Rigging');
  await visible(main(page).getByText(/«Такелаж»/), 'the Russian name of the category in the count line under /ru/');
}

/** The import CSV: three rigging products; `price` of the second is given by the caller. */
function csv(image, secondPrice) {
  const rows = [
    `${IMPORTED[0]},Стропа 2 м,Rigging,24.90,30,${image}`,
    `${IMPORTED[1]},Скоба 3.25 т,Rigging,${secondPrice},50,${image}`,
    `${IMPORTED[2]},Балочный зажим,Rigging,89.00,12,${image}`,
  ];
  return Buffer.from(['name,name_ru,category,price,stockQuantity,images', ...rows].join('\n') + '\n');
}

/** The owner imports a file with a bad row (reported, nothing written), fixes it and imports. */
async function importProducts(page, baseURL, evidence) {
  const image = (await allProducts(baseURL)).find((p) => p.imageFileName).imageFileName;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await main(page).getByRole('button', { name: 'Import / export' }).click();
  await atPath(page, '/admin/products/import', 'the import screen');
  const input = main(page).getByLabel('CSV file to import');
  await input.setInputFiles({ name: 'rigging.csv', mimeType: 'text/csv', buffer: csv(image, 'twelve') });
  await visible(main(page).getByText(/1 problem found\. Nothing was written/), 'the dry run reports the bad row');
  const bad = main(page).getByRole('row').filter({ hasText: 'This must be a number' });
  await visible(bad, 'the problem is listed');
  assert.match(await bad.innerText(), /Row 3\s+price/, 'the problem names row 3 and the price column');
  assert.equal(await main(page).getByRole('button', { name: /^Import \d+ rows?$/ }).count(), 0, 'no import button while a row fails');
  await evidence.screens(page, 'j27-admin-import');
  await evidence.axe(page, 'admin product import');
  for (const name of IMPORTED) {
    assert.equal((await allProducts(baseURL, `&search=${encodeURIComponent(name)}`)).length, 0, `${name} was not written`);
  }
  await input.setInputFiles({ name: 'rigging-fixed.csv', mimeType: 'text/csv', buffer: csv(image, '12.00') });
  await visible(main(page).getByText('All 3 rows are fine: 3 products will be added and 0 updated.'), 'the fixed file passes the dry run');
  await main(page).getByRole('button', { name: 'Import 3 rows' }).click();
  await visible(main(page).getByRole('status').filter({ hasText: 'Imported: 3 added, 0 updated.' }), 'the import is done');
  const rigging = await allProducts(baseURL, '&category=Rigging');
  assert.deepEqual(rigging.map((p) => p.name).sort(), [...MOVED, ...IMPORTED].sort(), 'Rigging holds the moved and imported products');
}

export default {
  id: 27,
  title: 'Categories and import: the owner adds "Rigging", moves two products there, the shop shows it; a CSV with a bad row is refused whole, the fixed one imports',
  async run({ baseURL, newContext, evidence }) {
    const page = await (await newContext()).newPage();
    await login(page, ADMIN.email, ADMIN.password);
    await addCategory(page, evidence);
    for (const name of MOVED) await moveProduct(page, name);
    await page.goto('/admin/categories');
    await visible(main(page).getByRole('row').filter({ hasText: 'Rigging' }).getByRole('cell', { name: '2', exact: true }), 'Rigging counts two products');
    await evidence.screens(page, 'j27-admin-categories');
    await evidence.axe(page, 'admin categories');
    await guestSeesRigging(newContext);
    await importProducts(page, baseURL, evidence);
    // Leave the demo catalog as it was for the journeys after this one: the two products back in Stage.
    const { token } = await apiLogin(baseURL, ADMIN);
    for (const p of (await allProducts(baseURL, '&category=Rigging')).filter((x) => MOVED.includes(x.name))) {
      await apiOk(baseURL, 'PUT', `/api/products/${p.id}`, { token, body: { category: 'Stage' } });
    }
  },
};
