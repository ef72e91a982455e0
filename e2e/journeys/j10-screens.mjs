// Journey 10, the screens no other journey photographs (issue 16: every screen at 390 px
// shows nothing cut off): a guest's phone header with a cart badge at 360 and 390 px, the
// password pages, the 404 page, an information page in Chinese with its note, and the
// admin's customers and e-mails (tables at 1280, 1024 and 390 px, their dialogs at 390 px).
import { apiOk } from '../lib/api.mjs';
import { PHONE } from '../lib/browser.mjs';
import { controlsOnScreen, dialogFits, pageFits } from '../lib/fit.mjs';
import { assert, cartCountIs, header, main, visible } from '../lib/shop.mjs';

const SIZES = [
  { width: 1280, height: 900 },
  { width: 1024, height: 800 },
  PHONE,
];
const SMALL = { width: 360, height: 740 };
const TABLE_CONTROLS = 'main table tbody button, main table tbody a';

/** A guest with a cart: the badge on the last icon of the header stays inside 360 and 390 px. */
async function guestHeader(page, baseURL, product) {
  const sessionId = `session_${Date.now()}_e2eguest`;
  await apiOk(baseURL, 'POST', '/api/cart/items', { sessionId, body: { productId: product.id, quantity: 12 } });
  await page.goto('/');
  await page.evaluate((id) => localStorage.setItem('cartSessionId', id), sessionId);
  for (const vp of [SMALL, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto('/');
    await cartCountIs(page, 12);
    await pageFits(page, `a guest's home with 12 items in the cart`);
    await controlsOnScreen(page, 'header button, header a', "a guest's header");
  }
}

/** Password pages, the 404 page and the Chinese note of an information page. */
async function publicScreens({ newContext, evidence, baseURL, products }) {
  const c = await newContext();
  const page = await c.newPage();
  await guestHeader(page, baseURL, products.find((p) => p.stockQuantity >= 12));
  await evidence.screens(page, 'j10-header-guest', { only: 'phone' });
  await page.setViewportSize(SIZES[0]);
  for (const [path, name, heading] of [
    ['/forgot-password', 'forgot-password', 'Forgot password'],
    ['/reset-password?token=not-a-real-token', 'reset-password', 'Choose a new password'],
    ['/no-such-page', 'not-found', 'Page not found'],
  ]) {
    await page.goto(path);
    await visible(main(page).getByRole('heading', { name: heading }), `the ${name} page`);
    await evidence.screens(page, name);
    await pageFits(page, `the ${name} page`);
  }

  await page.goto('/shipping');
  await visible(main(page).getByRole('heading', { level: 1, name: 'Shipping Information' }), 'the shipping page');
  assert.equal(await main(page).getByTestId('info-language-note').count(), 0, 'English readers get no language note');
  await page.goto('/shipping?lng=zh');
  const note = main(page).getByTestId('info-language-note');
  await visible(note.getByText('本页面提供英文版和俄文版。'), 'the Chinese note on an information page');
  assert.equal(await note.getAttribute('lang'), 'zh', 'the note is marked as Chinese');
  await visible(header(page).getByRole('link', { name: '产品', exact: true }), 'the header in Chinese');
  await evidence.screens(page, 'info-shipping-zh');
  await pageFits(page, 'the shipping page in Chinese');
}

/** Customers and e-mails: actions on screen at three widths; their dialogs fit a phone. */
async function adminLists(page, evidence) {
  for (const [path, name] of [['/admin/customers', 'customers'], ['/admin/emails', 'emails']]) {
    for (const vp of SIZES) {
      await page.setViewportSize(vp);
      await page.goto(path);
      await visible(main(page).locator('tbody tr').first(), `the ${name} table`);
      await pageFits(page, `admin ${name}`);
      await controlsOnScreen(page, TABLE_CONTROLS, `admin ${name}`);
      await controlsOnScreen(page, 'main table tbody td, main table tbody th', `admin ${name} cells`);
    }
    await evidence.screens(page, `j10-admin-${name}`);
  }
  await page.setViewportSize(PHONE);
  await page.goto('/admin/customers');
  await main(page).getByRole('button', { name: /^Details of / }).first().click();
  await visible(page.getByRole('dialog'), 'the customer dialog');
  await dialogFits(page, 'the customer dialog');
  await evidence.screens(page, 'j10-admin-customer-dialog', { only: 'phone' });
  await page.keyboard.press('Escape');
  await page.goto('/admin/emails');
  await main(page).getByRole('button', { name: 'Preview' }).first().click();
  await visible(page.getByRole('dialog').locator('iframe'), 'the e-mail preview');
  await dialogFits(page, 'the e-mail preview');
  await evidence.screens(page, 'j10-admin-email-preview', { only: 'phone' });
  await page.keyboard.press('Escape');
}

export { adminLists, publicScreens };
