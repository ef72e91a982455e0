// Journey 10, the screens no other journey photographs (issue 16: every screen at 390 px
// shows nothing cut off): a guest's phone header with a cart badge at 360 and 390 px, the
// search field's focus ring, the account pages' theme links and the contact form's width (item 9), the password pages, the 404 page, an information page in Chinese with its note, and the
// admin's customers and e-mails (tables at 1280, 1024 and 390 px, their dialogs at 390 px).
import { apiOk } from '../lib/api.mjs';
import { PHONE } from '../lib/browser.mjs';
import { controlsOnScreen, dialogFits, listsAreTables, pageFits } from '../lib/fit.mjs';
import { assert, cartCountIs, field, header, main, until, visible } from '../lib/shop.mjs';

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

/** The search field's focus ring is the field's (around the icon), not the bare input's. */
async function searchFocusRing(page) {
  await page.goto('/');
  const input = field(main(page), 'Search');
  let ring;
  // Focused again until the app has replaced the server's first screen (its field is static).
  await until(
    async () => {
      await input.focus();
      ring = await input.evaluate((el) => {
        const root = el.closest('.rt-TextFieldRoot');
        const icon = root?.querySelector('svg')?.getBoundingClientRect();
        const box = root?.getBoundingClientRect();
        return {
          input: getComputedStyle(el).outlineStyle,
          root: root && getComputedStyle(root).outlineStyle,
          iconInside: !!(icon && box && icon.left >= box.left && icon.right <= box.right),
        };
      });
      return ring.input === 'none' && ring.root === 'solid' && ring.iconInside;
    },
    () => `the focused search field is ringed as a whole, its icon inside the ring (saw ${JSON.stringify(ring)})`,
  );
}

/** The account pages' links look like the theme's links (Radix Link), not the browser's. */
async function themeLinks(page) {
  for (const [path, names] of [
    ['/login', ['Register', 'Forgot password?']],
    ['/register', ['Login']],
    ['/forgot-password', ['Back to login']],
  ]) {
    await page.goto(path);
    for (const name of names) {
      const link = await visible(main(page).getByRole('link', { name, exact: true }), `the "${name}" link on ${path}`);
      assert.match((await link.getAttribute('class')) ?? '', /\brt-Link\b/, `the "${name}" link on ${path} uses the theme's link style`);
    }
  }
}

/**
 * At 1280 px a form beside a side card spans two of the three columns, like the other forms
 * (the profile and the contact form; item 9). Measured against the page heading's width.
 */
export async function formSpansTwoColumns(page, path, formHeading) {
  const original = page.viewportSize();
  await page.setViewportSize(SIZES[0]);
  await page.goto(path);
  const heading = await visible(main(page).getByRole('heading', { name: formHeading, exact: true }), `"${formHeading}" on ${path}`);
  const share = await heading.evaluate((h) => h.closest('.rt-Card').getBoundingClientRect().width / document.querySelector('main h1').getBoundingClientRect().width);
  assert.ok(share > 0.6, `at 1280 px the form on ${path} should span two of three columns (it takes ${Math.round(share * 100)}% of the width)`);
  await page.setViewportSize(original);
}

/** Password pages, the 404 page and the Chinese note of an information page. */
async function publicScreens({ newContext, evidence, baseURL, products }) {
  const c = await newContext();
  // The 404 page answers 404 (a real not-found for search engines); the browser logs that.
  c.allowConsole((text) => text.includes('status of 404') && text.includes('/no-such-page'));
  const page = await c.newPage();
  await guestHeader(page, baseURL, products.find((p) => p.stockQuantity >= 12));
  await evidence.screens(page, 'j10-header-guest', { only: 'phone' });
  await page.setViewportSize(SIZES[0]);
  await searchFocusRing(page);
  await themeLinks(page);
  await formSpansTwoColumns(page, '/contact', 'Send us a message');
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
  await page.goto('/zh/shipping');
  // The information pages are records with a Chinese version now (issue 35): Chinese text, no
  // "available in English and Russian" note; the rates in the Chinese reader's dollars (US$).
  await visible(main(page).getByRole('heading', { level: 1, name: '配送信息' }), 'the shipping page in Chinese');
  assert.equal(await main(page).getByTestId('info-language-note').count(), 0, 'a page with a Chinese version gets no language note');
  await visible(header(page).getByRole('link', { name: '产品', exact: true }), 'the header in Chinese');
  await visible(main(page).getByText('订单满 US$500.00 享受免费标准配送'), "the server's threshold on the Chinese page");
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
      if (vp === SIZES[0]) await listsAreTables(page, `admin ${name}`);
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
