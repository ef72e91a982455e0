// 14. Admin overview and customers: an admin opens the Overview, a new order
// placed meanwhile raises today's revenue; the admin finds a customer,
// makes them an admin with the role picker after a confirmation, the change is listed, and the
// promoted user signs in and reaches /admin.
import { allProducts, apiOk, formatPrice, parsePrice } from '../lib/api.mjs';
import { apiLogin, placeOrderViaApi, registerCustomer } from '../lib/accounts.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, main, submitLogin, until, visible } from '../lib/shop.mjs';
import { hidden } from '../lib/wait.mjs';

/** The value on the Overview's "Revenue today" card, in dollars. */
async function revenueToday(page) {
  const card = main(page).getByRole('list', { name: 'Key figures' }).getByRole('listitem').filter({ hasText: 'Revenue today' });
  await visible(card, 'the "Revenue today" card');
  return parsePrice(await card.locator('p').nth(1).innerText());
}

/** The view (the page's main region) is no wider than the phone's screen; tables scroll inside their own box. */
async function fitsWidth(page, width) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(300); // the chart follows its box's new width
  const scroll = await page.evaluate(() => document.querySelector('main').scrollWidth);
  // On failure, name the elements of the view that stick out.
  const wide = scroll <= width ? [] : await page.evaluate((w) => [...document.querySelectorAll('main *')]
    .filter((el) => el.getBoundingClientRect().right > w + 0.5)
    .slice(-4)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`), width);
  assert.ok(scroll <= width, `the overview fits ${width} px (main's scrollWidth ${scroll}: ${wide.join(', ')})`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

export default {
  id: 14,
  title: 'Admin overview: a new order raises today\'s revenue; a customer promoted to admin reaches /admin; the change is listed',
  async run({ baseURL, newContext, evidence }) {
    const admin = await newContext();
    const page = await admin.newPage();
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await atPath(page, '/admin', 'the admin lands on /admin');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await visible(nav.getByRole('link', { name: 'Overview' }), 'the Overview entry of the admin navigation');
    const links = await nav.getByRole('link').allInnerTexts();
    assert.equal(links[0].trim(), 'Overview', 'Overview is the first entry of the admin navigation');
    await nav.getByRole('link', { name: 'Overview' }).click();
    await atPath(page, '/admin/overview', 'the Overview view');
    const before = await revenueToday(page);

    // An order paid now counts in today's revenue (days are UTC dates, as the server's); revenue is
    // money paid (issue 29), so the admin records the order's bank transfer.
    const [product] = (await allProducts(baseURL)).filter((p) => p.stockQuantity > 3);
    const order = await placeOrderViaApi(baseURL, product);
    const { token } = await apiLogin(baseURL, ADMIN);
    await apiOk(baseURL, 'POST', `/api/checkout/admin/orders/${order.id}/payments`, { token, body: { amount: order.total } });
    await page.reload();
    await until(async () => Math.abs((await revenueToday(page)) - (before + order.total)) < 0.005,
      `today's revenue rises from ${formatPrice(before)} by the new order's ${formatPrice(order.total)}`);
    const chart = main(page).getByRole('img', { name: /^Revenue and orders per day over 30 days/ });
    await visible(chart, 'the revenue chart with its summary');
    await main(page).getByText('Show the figures as a table').click();
    await visible(main(page).getByRole('columnheader', { name: 'Date (UTC)' }), 'the chart as a table');
    await main(page).getByRole('radio', { name: '7 days' }).click();
    await visible(main(page).getByRole('img', { name: /^Revenue and orders per day over 7 days/ }), 'the 7-day chart');
    await main(page).getByRole('radio', { name: '30 days' }).click();
    await visible(main(page).getByText(`Top products, last 30 days`), 'the top products');
    await evidence.screens(page, 'admin-overview');
    await evidence.axe(page, 'admin overview');
    await fitsWidth(page, 390);
    // In Russian each figure's value stays on one line (the e-mail counts wrapped, issue 34), at
    // 1280 and 390 px; then back to English (the admin's account follows the language shown).
    await page.goto('/ru/admin/overview');
    await visible(main(page).locator('.figure-value').first(), 'the figures in Russian');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const wrapped = await main(page).locator('.figure-value').evaluateAll((els) =>
        els.filter((el) => el.getBoundingClientRect().height > parseFloat(getComputedStyle(el).lineHeight) * 1.5).map((el) => el.textContent));
      assert.deepEqual(wrapped, [], `the Russian figures on one line at ${width} px`);
    }
    await evidence.screens(page, 'admin-overview-ru');
    await page.goto('/admin/overview');
    await visible(main(page).locator('.figure-value').first(), 'the figures in English again');

    // A customer becomes an admin after a confirmation.
    const customer = await registerCustomer(baseURL, 'Casey', 'Promoted');
    await nav.getByRole('link', { name: 'Customers' }).click();
    await atPath(page, '/admin/customers', 'the Customers view');
    await field(main(page), 'Search').fill(customer.email);
    await until(() => new URL(page.url()).searchParams.get('search') === customer.email, 'the search is kept in the URL');
    const users = main(page).getByRole('table').first();
    const row = users.getByRole('row').filter({ hasText: customer.email });
    await visible(row, 'the customer found by e-mail');
    await until(async () => (await users.getByRole('row').count()) === 2, 'only that customer is listed');
    await row.getByRole('button', { name: `Details of ${customer.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Casey Promoted' });
    await visible(dialog, 'the customer dialog');
    await visible(dialog.getByText('No orders yet.'), 'the customer has no orders');
    // The role picker (issue 49): Admin ticked and saved, then confirmed.
    await dialog.getByRole('group', { name: 'Staff roles' }).getByRole('checkbox', { name: /^Admin/ }).click();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Make this user an admin?' });
    await visible(confirm, 'the confirmation');
    await confirm.getByRole('button', { name: 'Make admin' }).click();
    await visible(page.getByText('Casey Promoted is now an admin'), 'the success notice');
    await visible(dialog.locator('.rt-Badge', { hasText: /^Admin$/ }), 'the Admin role in the dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog, 'the customer dialog closed');
    await visible(row.getByText('Admin', { exact: true }), 'the Admin role in the customer row');
    const change = main(page).getByRole('table').last().getByRole('row').filter({ hasText: customer.email }).filter({ hasText: ADMIN.email });
    await visible(change, 'the role change listed with who made it');
    await evidence.screens(page, 'admin-customers');
    await evidence.axe(page, 'admin customers');

    // The promoted user signs in and reaches /admin.
    const promoted = await newContext();
    const pp = await promoted.newPage();
    await pp.goto('/login');
    await submitLogin(pp, customer.email, customer.password);
    await atPath(pp, '/admin', 'the promoted user lands on /admin');
    await visible(main(pp).getByRole('heading', { level: 1, name: 'Admin Dashboard' }), 'the Admin Dashboard for the promoted user');
    await pp.goto('/admin/overview');
    await visible(main(pp).getByRole('list', { name: 'Key figures' }), 'the Overview for the promoted user');
  },
};
