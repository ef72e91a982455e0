// 25. The owner runs the shop without a developer (issue 35): in /admin
// the owner changes the shop's phone number (Settings > Store) and the
// Chinese privacy page (Settings > Pages), and a shopper sees both on the
// storefront in Chinese (/zh/contact, the footer, /zh/privacy) at once,
// without a restart; the privacy page's server-rendered head reads the new
// text too. Screens of every admin settings screen at 1280 and 390 px:
// j25-settings-store, j25-settings-pages, j25-settings-page-edit,
// j25-settings-payments; and the storefront's j25-zh-contact, j25-zh-privacy.
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, hasText, main, submitLogin, visible } from '../lib/shop.mjs';

const stamp = Date.now().toString(36).slice(-5);
const PHONE = `+1 212 555 0${(Date.now() % 900) + 100}`;
const PRIVACY_ZH = `我们只保存处理订单所需的数据（${stamp}）。`;

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
    for (const name of ['Store', 'Pages', 'Payments & tax']) await visible(sections.getByRole('link', { name }), `the ${name} section`);
    const phone = field(main(page), 'Phone');
    await visible(phone, 'the phone field');
    assert.notEqual(await phone.inputValue(), '', 'the demo phone number is filled in (seed)');
    await evidence.screens(page, 'j25-settings-store');
    await evidence.axe(page, 'settings: store');
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

    // Settings > Payments & tax (screens only: its rules are Go and app tests).
    await sections.getByRole('link', { name: 'Payments & tax' }).click();
    await atPath(page, '/admin/settings/payments', 'the Payments & tax section');
    await visible(main(page).getByRole('heading', { name: 'Tax rates' }), 'the tax rates');
    await evidence.screens(page, 'j25-settings-payments');
    await evidence.axe(page, 'settings: payments and tax');

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

    // The server's own page (no script): its head's description is the new text.
    const html = await (await fetch(`${baseURL}/zh/privacy`)).text();
    const description = /<meta data-head="" name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    assert.ok(description.startsWith(PRIVACY_ZH), `the served head of /zh/privacy reads the edited page (description: ${description})`);
  },
};
