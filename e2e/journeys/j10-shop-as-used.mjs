// 10. The shop as people use it (issue 16), at the widths a reviewer walked:
// the home's search, sort, category and page live in the URL (Back, reload and a
// shared link return to the same results; logo and "Products" start clean; the
// server's first screen steps aside for a query); a new page of results starts
// at its top; Back from a product opened by a link goes home; register checks
// step 1 and marks a server error on its step, login is prefilled and skipped
// when signed in; tables keep their actions on screen at 1280, 1024 and 390 px
// and dialogs fit 390 px; a refused image leaves the list, delete names the
// product, Cancelled asks first; the phone header fits 360 and 390 px signed in and as a
// guest with a cart; on a phone each checkout step and the confirmation start at their
// top, Continue names missing fields, phone and ZIP are checked loosely, billing and a
// reload keep what was typed, the summary folds above the form (j10-checkout.mjs).
// Every screen is photographed at 390 px (the ones no other journey takes: j10-screens.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allProducts, apiOk } from '../lib/api.mjs';
import { placeOrderViaApi } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { controlsOnScreen, dialogFits, listsAreTables, pageFits } from '../lib/fit.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, hasText, header, main, productCard, submitLogin, until, visible } from '../lib/shop.mjs';
import { hidden } from '../lib/wait.mjs';
import { checkoutOnPhone } from './j10-checkout.mjs';
import { adminLists, publicScreens } from './j10-screens.mjs';

const TABLET = { width: 1024, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const SMALL = { width: 360, height: 740 };
const TABLE_CONTROLS = 'main table tbody button, main table tbody a, main table tbody [role="combobox"]';

const query = (page) => Object.fromEntries(new URL(page.url()).searchParams);
const atQuery = (page, want, what) =>
  until(
    () => JSON.stringify(query(page)) === JSON.stringify(want),
    () => `${what}: expected ?${new URLSearchParams(want)}, at ${page.url()}`,
  );
const valueIs = (locator, want, what) =>
  until(
    async () => (await locator.inputValue()) === want,
    async () => `${what}: expected ${JSON.stringify(want)}, saw ${JSON.stringify(await locator.inputValue().catch(() => null))}`,
  );
const select = (page, label) => main(page).getByLabel(label, { exact: true });
const pager = (page) => main(page).getByRole('navigation', { name: 'Pages' });

/** The card's top edge is on screen (below the sticky header, above the fold). */
async function cardOnScreen(page, name, what) {
  const box = await productCard(page, name).boundingBox();
  const vh = page.viewportSize().height;
  assert.ok(box && box.y >= 0 && box.y < vh, `${what}: the card "${name}" should be on screen (top at ${box && Math.round(box.y)} of ${vh})`);
}

/** Home: URL state through Back, reload, a shared link, session storage and a clean start. */
async function homeState({ newContext, evidence, products }) {
  const shopper = await newContext();
  const page = await shopper.newPage();
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const byPrice = [...products].sort((a, b) => a.price - b.price);
  await select(page, 'Sort by').selectOption('price_asc');
  await atQuery(page, { sort: 'price_asc' }, 'the sort order is in the URL');
  await visible(productCard(page, byPrice[0].name), 'the cheapest product first');

  // A new page of results starts at its top.
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await atQuery(page, { sort: 'price_asc', page: '2' }, 'page 2 is in the URL');
  const onPage2 = byPrice[20];
  await visible(productCard(page, onPage2.name), `${onPage2.name} on page 2`);
  await cardOnScreen(page, onPage2.name, 'a new page of results starts at its top');
  await evidence.screens(page, 'j10-home-page2', { only: 'phone' });

  // Back from a product of page 2, and a reload, return to page 2 in price order.
  const opened = byPrice[22];
  await productCard(page, opened.name).getByRole('link', { name: opened.name }).click();
  await atPath(page, (u) => u.pathname.startsWith('/products/'), 'the product opens');
  await page.goBack();
  await atQuery(page, { sort: 'price_asc', page: '2' }, 'Back from the product returns to page 2 sorted by price');
  await hasText(pager(page).getByText(/^Page \d+ of \d+$/), 'Page 2 of 2', 'the pager after Back');
  await valueIs(select(page, 'Sort by'), 'price_asc', 'the sort select after Back');
  await cardOnScreen(page, opened.name, 'Back returns to where the shopper was');
  await page.reload();
  await hasText(pager(page).getByText(/^Page \d+ of \d+$/), 'Page 2 of 2', 'the pager after a reload');
  await valueIs(select(page, 'Sort by'), 'price_asc', 'the sort select after a reload');

  // A search survives the product page's own Back button.
  await field(main(page), 'Search').fill('cable');
  await atQuery(page, { search: 'cable', sort: 'price_asc' }, 'the search is in the URL (page 1 again)');
  await hasText(main(page).locator('p[aria-live]'), '4 products found', 'the count for "cable" (three cables and the star-quad in four lengths)');
  await productCard(page, 'DMX Cable 3-pin 5 m').getByRole('link', { name: 'DMX Cable 3-pin 5 m' }).click();
  await main(page).getByRole('button', { name: 'Back' }).click();
  await atQuery(page, { search: 'cable', sort: 'price_asc' }, "the product page's Back keeps the search");
  await valueIs(field(main(page), 'Search'), 'cable', 'the search field after Back');

  // The kept category (session storage, spec) comes back on the way home; the logo starts clean.
  await select(page, 'Category').selectOption('Sound');
  await atQuery(page, { search: 'cable', sort: 'price_asc', category: 'Sound' }, 'the category is in the URL');
  await field(main(page), 'Search').fill('');
  await atQuery(page, { sort: 'price_asc', category: 'Sound' }, 'an emptied search leaves the URL');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('shopSelectedCategory')), 'Sound', 'shopSelectedCategory is kept');
  await main(page).locator('article h2 a').first().click();
  await main(page).getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
  await atQuery(page, { category: 'Sound' }, 'the plain home link restores the kept category');
  await header(page).getByRole('link', { name: 'StageShop home' }).click();
  await atQuery(page, {}, 'the logo starts a clean shop');
  await valueIs(select(page, 'Category'), '', 'the category select after the logo');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('shopSelectedCategory')), null, 'the kept category is forgotten');
  await hasText(main(page).locator('p[aria-live]'), `${products.length} products found`, 'every product after the logo');

  // At 1280 "Products" also starts clean.
  await page.setViewportSize(DESKTOP);
  await page.goto('/?search=mic&sort=name_desc');
  await header(page).getByRole('link', { name: 'Products', exact: true }).click();
  await atQuery(page, {}, '"Products" starts a clean shop');
  await valueIs(field(main(page), 'Search'), '', 'the search field after "Products"');

  // A shared link shows the same results in a fresh browser.
  const friend = await newContext();
  const shared = await friend.newPage();
  await shared.setViewportSize(PHONE);
  await shared.goto('/?search=cable&sort=price_desc');
  await valueIs(field(main(shared), 'Search'), 'cable', 'the shared link fills the search');
  await valueIs(select(shared, 'Sort by'), 'price_desc', 'the shared link sets the sort');
  await hasText(main(shared).locator('article h2').first(), 'Safety Cable 60 cm', 'the dearest cable first');
  await evidence.screens(shared, 'j10-home-shared-link', { only: 'phone' });
}

/** The server's first screen is only for the plain home; with a query the app shows the right thing. */
async function firstScreenWithQuery({ newContext, evidence }) {
  const bare = await newContext();
  bare.allowConsole((text) => /Failed to load resource|net::ERR_FAILED/.test(text)); // the app's scripts are blocked on purpose
  const page = await bare.newPage();
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, (route) => route.abort());
  await page.goto('/');
  assert.equal(await page.locator('.first-screen').count(), 1, 'the plain home has its first screen in the HTML');
  await page.goto('/?search=zzzz');
  assert.equal(await page.locator('.first-screen').count(), 0, 'a home with a query gets no first screen (it would show other results)');

  const app = await newContext();
  const shop = await app.newPage();
  await shop.setViewportSize(PHONE);
  await shop.goto('/?search=zzzz&category=Sound');
  await visible(main(shop).getByText('No products found.'), 'the spec sentence for no results');
  await visible(main(shop).getByText('Nothing matches “zzzz”.'), 'the empty result names the query');
  await evidence.screens(shop, 'j10-home-no-results', { only: 'phone' });
  await main(shop).getByRole('button', { name: 'Clear filters' }).click();
  await atQuery(shop, {}, 'Clear filters empties the query');
  await valueIs(field(main(shop), 'Search'), '', 'the search field is cleared');
}

/** Back on a product opened from a link (no shop history) goes to the shop home. */
async function backFromLink({ newContext, evidence, products }) {
  const c = await newContext();
  c.allowConsole((text) => text.includes('status of 404') && text.includes('/products/no-such-product')); // asked for on purpose: the page and the API answer 404
  const page = await c.newPage();
  await page.setViewportSize(PHONE);
  const p = products.find((x) => x.stockQuantity === 0) ?? products[0];
  await page.goto(`/products/${p.id}`);
  await visible(main(page).getByRole('heading', { level: 1, name: p.name }), 'the product opened by its link');
  if (p.stockQuantity === 0) {
    // Measured in the app's page (the server's first screen is replaced when the app mounts).
    await until(
      () =>
        page.evaluate(() => {
          const badge = [...document.querySelectorAll('[data-testid="out-of-stock"]')].find((b) => !b.closest('.first-screen'));
          const price = badge?.previousElementSibling?.getBoundingClientRect();
          const r = badge?.getBoundingClientRect();
          return !!(r && price && r.width > 0 && Math.abs(r.y + r.height / 2 - (price.y + price.height / 2)) < price.height && r.left > price.right);
        }),
      'Out of Stock stands beside the price',
    );
  }
  await evidence.screens(page, 'j10-product-from-link', { only: 'phone' });
  await main(page).getByRole('button', { name: 'Back' }).click();
  await atPath(page, '/', 'Back from a product opened by a link goes to the shop home');
  await page.goto('/products/no-such-product');
  await visible(main(page).getByRole('heading', { name: 'Product not found' }), 'Product not found');
  const box = await main(page).getByRole('heading', { name: 'Product not found' }).boundingBox();
  assert.ok(Math.abs(box.x + box.width / 2 - PHONE.width / 2) < 4, 'Product not found is centred like the 404 page');
  await evidence.screens(page, 'j10-product-not-found', { only: 'phone' });
}

/** Register checks step 1, marks a server error on its step, prefills login; /login when signed in. */
async function registerAndLogin({ newContext, evidence }) {
  const c = await newContext();
  c.allowConsole((text) => text.includes('status of 409') && text.includes('/api/auth/register')); // the taken e-mail, on purpose
  const page = await c.newPage();
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  const email = `quinn.${Date.now()}@e2e.stageshop.test`;
  await field(main(page), 'Email').fill('quinn-at-example');
  await field(main(page), 'Password').fill('secret12');
  await field(main(page), 'Confirm Password').fill('secret12');
  await main(page).getByRole('button', { name: 'Next' }).click();
  await visible(main(page).getByRole('alert').getByText(/valid e-mail address/), 'the e-mail format error');
  assert.equal(await field(main(page), 'Email').getAttribute('aria-invalid'), 'true', 'the e-mail field is marked');
  assert.equal(await field(main(page), 'Password').getAttribute('aria-invalid'), 'true', 'the password without upper case is marked');
  assert.equal(await main(page).getByLabel(/^First Name/).count(), 0, 'step 2 is not shown');
  await evidence.screens(page, 'j10-register-checks', { only: 'phone' });
  await evidence.axe(page, 'register with errors');

  // The e-mail of an existing account: the server's error lands on step 1's e-mail field.
  await field(main(page), 'Email').fill(ADMIN.email);
  await field(main(page), 'Password').fill('Secret12');
  await field(main(page), 'Confirm Password').fill('Secret12');
  await main(page).getByRole('button', { name: 'Next' }).click();
  await field(main(page), 'First Name').fill('Quinn');
  await field(main(page), 'Last Name').fill('Taylor');
  await main(page).getByRole('button', { name: 'Register' }).click();
  await until(async () => (await field(main(page), 'Email').getAttribute('aria-invalid').catch(() => null)) === 'true', 'a taken e-mail takes the user back to step 1 with the field marked');
  await field(main(page), 'Email').fill(email);
  await main(page).getByRole('button', { name: 'Next' }).click();
  await main(page).getByRole('button', { name: 'Register' }).click();
  await atPath(page, '/login', 'the redirect to /login after registering', 8000);
  await until(async () => (await field(main(page), 'Email').inputValue()) === email, 'the login form has the new e-mail filled in');
  await evidence.screens(page, 'j10-login-prefilled', { only: 'phone' });
  await field(main(page), 'Password').fill('Secret12');
  await main(page).getByRole('button', { name: 'Login', exact: true }).click();
  await atPath(page, '/', 'the new customer lands on /');
  await visible(header(page).getByRole('button', { name: /^Account menu for / }), 'the user chip');
  await page.goto('/login');
  await atPath(page, '/', 'a signed-in customer opening /login goes to /');

  const admin = await newContext();
  admin.allowConsole((text) => text.includes('status of 400') && text.includes('/api/upload/image')); // the refused file, on purpose
  const ap = await admin.newPage();
  await ap.goto('/login');
  await submitLogin(ap, ADMIN.email, ADMIN.password);
  await atPath(ap, '/admin', 'the admin lands on /admin');
  await ap.goto('/login');
  await atPath(ap, '/admin', 'a signed-in admin opening /login goes to /admin');
  return ap;
}

/** The phone header, signed in, fits 360 and 390 px. */
async function phoneHeader(page, who, evidence) {
  for (const vp of [SMALL, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto('/');
    await visible(header(page).getByRole('button', { name: /^Account menu for / }), `${who}'s chip`);
    await pageFits(page, `the home signed in as ${who}`);
    await controlsOnScreen(page, 'header button, header a', `the header signed in as ${who}`);
  }
  await evidence.screens(page, `j10-header-${who}`, { only: 'phone' });
}

/** My Orders and its dialog at 1280, 1024 and 390 px. */
async function myOrders({ newContext, evidence, baseURL, products }) {
  const order = await placeOrderViaApi(baseURL, products.find((p) => p.stockQuantity > 5));
  const c = await newContext();
  const page = await c.newPage();
  await page.goto('/login');
  await submitLogin(page, order.customer.email, order.customer.password);
  await atPath(page, '/', 'the customer lands on /');
  await phoneHeader(page, 'customer', evidence);
  for (const vp of [DESKTOP, TABLET, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto('/account/orders');
    await visible(main(page).getByText(order.number), `order ${order.number} in My Orders`);
    await pageFits(page, 'My Orders');
    await controlsOnScreen(page, TABLE_CONTROLS, 'My Orders');
    // Number, total, items, status and date: every cell, not only the first three.
    await controlsOnScreen(page, 'main table tbody td, main table tbody th', 'My Orders cells');
  }
  await evidence.screens(page, 'j10-my-orders', { only: 'phone' });
  await main(page).getByRole('button', { name: `Details of order ${order.number}` }).click();
  await visible(page.getByRole('dialog'), 'the order details dialog');
  await dialogFits(page, 'My Orders details');
  await evidence.screens(page, 'j10-my-orders-details', { only: 'phone' });
  return order;
}

/** Admin tables at three widths, the order dialog on a phone, and the safety questions. */
async function adminScreens({ evidence, runDir }, page, order) {
  const views = [
    ['/admin', 'products', 'Delete '],
    ['/admin/orders', 'orders', 'Details of order'],
    ['/admin/contact-requests', 'contact', null],
  ];
  for (const vp of [DESKTOP, TABLET, PHONE]) {
    await page.setViewportSize(vp);
    for (const [path, name] of views) {
      await page.goto(path);
      if (name === 'contact') {
        await visible(main(page).getByText('Maximiliana Longname-Fitzgerald'), 'the contact request');
      } else {
        await visible(main(page).locator('tbody tr').first(), `the ${name} table`);
      }
      await pageFits(page, `admin ${name}`);
      await controlsOnScreen(page, TABLE_CONTROLS, `admin ${name}`);
      if (vp === DESKTOP) await listsAreTables(page, `admin ${name}`);
      if (vp === PHONE) await evidence.screens(page, `j10-admin-${name}`, { only: 'phone' });
    }
  }
  // Phone: the order dialog fits.
  await page.goto('/admin/orders');
  await main(page).getByRole('button', { name: `Details of order ${order.number}` }).click();
  await visible(page.getByRole('dialog'), 'the admin order dialog');
  await dialogFits(page, 'admin order details');
  await evidence.screens(page, 'j10-admin-order-details', { only: 'phone' });
  await page.keyboard.press('Escape');
  await hidden(page.getByRole('dialog'), 'the order dialog');

  // Cancelled restocks: it is asked first, and "Cancel" keeps the order as it was.
  await main(page).getByRole('combobox', { name: `Status of order ${order.number}` }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  const ask = page.getByRole('alertdialog', { name: `Cancel order ${order.number}?` });
  await visible(ask, 'the question before cancelling');
  await dialogFits(page, 'the cancel question');
  await evidence.screens(page, 'j10-admin-cancel-question', { only: 'phone' });
  await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
  await hidden(ask, 'the cancel question');
  await hasText(main(page).getByRole('combobox', { name: `Status of order ${order.number}` }), 'Created', 'the order keeps its status');

  // The delete question keeps the spec's sentence and names the product.
  await page.goto('/admin');
  const firstName = (await main(page).locator('tbody tr').first().locator('td').first().locator('.rt-Text').first().textContent()).trim();
  await main(page).getByRole('button', { name: `Delete ${firstName}` }).click();
  const del = page.getByRole('alertdialog');
  await hasText(del.locator('p').first(), `Are you sure you want to delete this product? ${firstName}`, 'the delete question');
  await dialogFits(page, 'the delete question');
  await del.getByRole('button', { name: 'Cancel', exact: true }).click();

  // A file the server refuses never stays in the image list.
  const dir = join(runDir, 'uploads-j10');
  mkdirSync(dir, { recursive: true });
  const fake = join(dir, 'not-a-picture.png');
  writeFileSync(fake, 'this is text, not a PNG');
  await page.goto('/admin/products/new');
  await page.getByTestId('image-input').setInputFiles(fake);
  await visible(main(page).getByRole('alert').getByText(/not-a-picture\.png was not added/), 'the refusal names the file');
  assert.equal(await main(page).getByRole('list', { name: 'Product images' }).getByRole('listitem').count(), 0, 'the refused file is not in the image list');
  await evidence.screens(page, 'j10-admin-image-refused', { only: 'phone' });
}

export default {
  id: 10,
  // Three files' worth of screens (about 1 min 40 s on 2 cores, 5 min beside the Go
  // suite's race build in a clean-clone run): the default 3 min is too close.
  timeoutMs: 480_000,
  title: 'The shop as people use it: state in the URL, tables and dialogs that fit, safe admin actions, phone header',
  async run(ctx) {
    const products = await allProducts(ctx.baseURL);
    const all = { ...ctx, products };
    await homeState(all);
    await firstScreenWithQuery(all);
    await backFromLink(all);
    await publicScreens(all);
    await checkoutOnPhone(all);
    const admin = await registerAndLogin(all);
    const order = await myOrders(all);
    await apiOk(ctx.baseURL, 'POST', '/api/contact/submit', {
      body: { name: 'Maximiliana Longname-Fitzgerald', email: 'maximiliana.longname-fitzgerald@example-venue.test', subject: 'Wireless microphone kits for our theatre season', message: 'Could you send us a quote for eight wireless kits, please?' },
    });
    await phoneHeader(admin, 'admin', ctx.evidence);
    await adminScreens(all, admin, order);
    await adminLists(admin, ctx.evidence);
  },
};
