// 25. The owner runs the shop without a developer (issue 35): in /admin
// the owner changes the shop's phone number (Settings > Store) and the
// Chinese privacy page (Settings > Pages), and a shopper sees both on the
// storefront in Chinese (/zh/contact, the footer, /zh/privacy) at once,
// without a restart; the privacy page's server-rendered head reads the new
// text too, and so does the served home (its store details for the app's
// first render). Every settings screen fits a phone: at 390 px nothing
// scrolls sideways and every control is on screen (the tax rates' Delete
// too, reached with Tab). Screens of every admin settings screen at 1280 and
// 390 px: j25-settings-store, j25-settings-pages, j25-settings-page-edit,
// j25-settings-shipping, j25-settings-payments (categories and import:
// journey 27); and the storefront's j25-zh-contact, j25-zh-privacy.
import { ADMIN } from '../lib/server.mjs';
import { controlsOnScreen, pageFits } from '../lib/fit.mjs';
import { assert, atPath, field, hasText, main, submitLogin, until, visible } from '../lib/shop.mjs';

const stamp = Date.now().toString(36).slice(-5);
const PHONE = `+1 212 555 0${(Date.now() % 900) + 100}`;
const PRIVACY_ZH = `我们只保存处理订单所需的数据（${stamp}）。`;

/** At 390 px the screen does not scroll sideways and its buttons and links are on screen (issue 35). */
async function fitsPhone(page, what) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    // Tables become cards once they have measured their new width (a resize observer): wait for it.
    const check = async () => {
      await pageFits(page, what);
      await controlsOnScreen(page, 'main button, main a[href]', what);
    };
    await until(async () => {
      await check();
      return true;
    }, `${what} fits 390 px`);
  } finally {
    await page.setViewportSize(original);
  }
}

export default {
  id: 25,
  title: 'Owner: phone number and the Chinese privacy page changed in /admin, seen on the storefront without a restart',
  async run({ baseURL, newContext, evidence }) {
    const admin = await newContext();
    const page = await admin.newPage();
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await atPath(page, '/admin', 'an admin lands on /admin after login');

    // Settings > Store: the phone number.
    await main(page).getByRole('link', { name: 'Settings' }).click();
    await atPath(page, '/admin/settings', 'the admin nav opens the settings');
    const sections = main(page).getByRole('navigation', { name: 'Settings sections' });
    for (const name of ['Store', 'Pages', 'Shipping', 'Payments & tax']) await visible(sections.getByRole('link', { name }), `the ${name} section`);
    const phone = field(main(page), 'Phone');
    await visible(phone, 'the phone field');
    assert.notEqual(await phone.inputValue(), '', 'the demo phone number is filled in (seed)');
    await evidence.screens(page, 'j25-settings-store');
    await evidence.axe(page, 'settings: store');
    await fitsPhone(page, 'settings: store');
    await phone.fill(PHONE);
    await main(page).getByRole('button', { name: 'Save store details' }).click();
    await visible(page.getByText('Store details saved'), 'the store details are saved');

    // Settings > Pages: the Chinese privacy page.
    await sections.getByRole('link', { name: 'Pages' }).click();
    await atPath(page, '/admin/pages', 'the Pages section');
    const row = main(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Privacy Policy' }) });
    await visible(row, 'the privacy page in the list');
    await evidence.screens(page, 'j25-settings-pages');
    await evidence.axe(page, 'settings: pages');
    await fitsPhone(page, 'settings: pages');
    await row.getByRole('link', { name: 'Edit Privacy Policy' }).click();
    await atPath(page, '/admin/pages/privacy', 'the privacy page opens in the editor');
    await main(page).getByRole('tab', { name: /中文/ }).click();
    const text = main(page).getByLabel(/^Text \(中文\)/);
    await visible(text, 'the Chinese text');
    assert.match(await text.inputValue(), /隐私|数据/, 'the demo privacy page has a Chinese text');
    await text.fill(`${PRIVACY_ZH}\n\n## 您的权利\n\n您可以随时要求我们删除您的数据。`);
    await main(page).getByRole('button', { name: 'Save page' }).click();
    await visible(page.getByText('Page saved'), 'the page is saved');
    await visible(main(page).getByRole('region', { name: 'Saved page as shoppers see it' }).getByText(PRIVACY_ZH), 'the saved page preview');
    await evidence.screens(page, 'j25-settings-page-edit');
    await evidence.axe(page, 'settings: page editor');

    // Settings > Shipping, a tab of the settings area (screens only: journey 26 uses it).
    await sections.getByRole('link', { name: 'Shipping' }).click();
    await atPath(page, '/admin/settings/shipping', 'the Shipping section');
    await visible(main(page).getByTestId('zone-0'), 'the shipping zones');
    await evidence.screens(page, 'j25-settings-shipping');
    await evidence.axe(page, 'settings: shipping');
    await fitsPhone(page, 'settings: shipping');

    // Settings > Payments & tax (screens only: its rules are Go and app tests).
    await sections.getByRole('link', { name: 'Payments & tax' }).click();
    await atPath(page, '/admin/settings/payments', 'the Payments & tax section');
    await visible(main(page).getByRole('heading', { name: 'Tax rates' }), 'the tax rates');
    await evidence.screens(page, 'j25-settings-payments');
    await evidence.axe(page, 'settings: payments and tax');
    await fitsPhone(page, 'settings: payments and tax');
    // On a phone the rates are cards; Tab goes from a rate's Edit to its Delete.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const edit = main(page).getByRole('button', { name: /^Edit / }).first();
    const rate = (await edit.getAttribute('aria-label')).slice('Edit '.length);
    await edit.focus();
    await page.keyboard.press('Tab');
    await until(async () => (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === `Delete ${rate}`, `Tab reaches Delete ${rate}`);
    await page.setViewportSize(wide);

    // Categories and product import (their screens: journey 27) fit a phone too.
    for (const [path, what] of [['/admin/categories', 'categories'], ['/admin/products/import', 'product import']]) {
      await page.goto(path);
      await visible(main(page).getByRole('heading', { level: 2 }).first(), `the ${what} screen`);
      await fitsPhone(page, what);
    }

    // A shopper in Chinese, same server, no restart.
    const shopper = await newContext();
    const visitor = await shopper.newPage();
    await visitor.goto('/zh/contact');
    await visible(main(visitor).getByRole('link', { name: PHONE }), 'the new phone number on the Chinese contact page');
    await visible(visitor.locator('footer').getByRole('link', { name: PHONE }), 'the new phone number in the footer');
    await evidence.screens(visitor, 'j25-zh-contact');
    await visitor.locator('footer').getByRole('link', { name: '隐私政策' }).click();
    await atPath(visitor, '/zh/privacy', 'the footer links to the Chinese privacy page');
    await hasText(main(visitor).getByRole('heading', { level: 1 }), '隐私政策', 'the Chinese title');
    await visible(main(visitor).getByText(PRIVACY_ZH), 'the new Chinese privacy text');
    await evidence.screens(visitor, 'j25-zh-privacy');
    await evidence.axe(visitor, 'zh privacy');

    // The served home carries the new store details for the app's first render (issue 35).
    const home = await (await visitor.request.get(`${baseURL}/zh/`)).text();
    const details = JSON.parse(/<script type="application\/json" id="shop-details">([^<]*)<\/script>/.exec(home)?.[1] ?? '{}');
    assert.equal(details.phone, PHONE, 'the served home carries the new phone number');

    // The server's own page (no script): its head's description is the new text.
    const html = await (await fetch(`${baseURL}/zh/privacy`)).text();
    const description = /<meta data-head="" name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    assert.ok(description.startsWith(PRIVACY_ZH), `the served head of /zh/privacy reads the edited page (description: ${description})`);
  },
};
