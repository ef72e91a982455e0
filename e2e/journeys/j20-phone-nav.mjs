// 20. Phone navigation (issue 34): at 390 px the first products start within the first screen (the
// price range and "in stock only" fold behind "More filters"); the menu offers the categories,
// the search, Contact, Shipping and FAQ, not only Products and Login; each takes the shopper
// there. At 1280 px the filters show in full, without the fold. Screens: phone-home-first-screen,
// phone-menu, home-filters.
import { PHONE } from '../lib/browser.mjs';
import { assert, atPath, field, main, until, visible } from '../lib/shop.mjs';
import { hidden } from '../lib/wait.mjs';

/** Opens the phone menu and returns the drawer. */
async function openMenu(page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return visible(page.getByRole('dialog', { name: 'Menu' }), 'the menu drawer');
}

export default {
  id: 20,
  title: 'Phone navigation: the first products in the first screen, the menu with categories, search, Contact, Shipping, FAQ',
  async run({ newContext, evidence, log }) {
    const { newPage } = await newContext();
    const page = await newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/');
    // The app has taken over the server's first screen (whose cards are replaced in place).
    await atPath(page, '/', 'the home shown by the app');
    await visible(main(page).locator('article').first(), 'the first product card');

    // The first products start within the first screen; the extra filters wait behind a button.
    // Measured from the top of the page, not of the window (the window may have scrolled).
    const top = await main(page).locator('article').first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    assert.ok(top > 200 && top < PHONE.height - 120, `the first product card starts at ${Math.round(top)} px: within the first screen (${PHONE.height} px) with room to see it`);
    log(`the first product card starts at ${Math.round(top)} px of ${PHONE.height}`);
    const more = main(page).getByRole('button', { name: 'More filters' });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    await hidden(field(main(page), 'Price from'), 'the price range, folded on a phone');
    await page.screenshot({ path: `${evidence.dir}/phone-home-first-screen-390.png` });
    await more.click();
    await visible(field(main(page), 'Price from'), 'the price range after More filters');
    await visible(main(page).getByLabel('In stock only'), '"In stock only" after More filters');
    await main(page).getByRole('button', { name: 'Fewer filters' }).click();
    await hidden(field(main(page), 'Price from'), 'the price range folded again');

    // The menu: the main links, search, the categories and the help pages.
    let menu = await openMenu(page);
    for (const name of ['Products', 'Lighting', 'Sound', 'Stage', 'Accessories', 'Contact Us', 'Shipping Info', 'FAQ']) {
      await visible(menu.getByRole('link', { name, exact: true }), `"${name}" in the menu`);
    }
    await visible(menu.getByRole('button', { name: 'Search products' }), 'the search in the menu');
    await page.screenshot({ path: `${evidence.dir}/phone-menu-390.png` });
    await evidence.axe(page, 'phone menu');

    // A category: the home filtered by it.
    await menu.getByRole('link', { name: 'Sound', exact: true }).click();
    await hidden(page.getByRole('dialog'), 'the menu closes');
    await until(() => new URL(page.url()).searchParams.get('category') === 'Sound', 'the home filtered by Sound');
    assert.equal(await main(page).getByLabel('Category').inputValue(), 'Sound', 'the category list says Sound');
    menu = await openMenu(page);
    assert.equal(await menu.getByRole('link', { name: 'Sound', exact: true }).getAttribute('aria-current'), 'page', 'the menu marks the category shown');

    // Shipping, then the search from the menu: the focus lands in the header's search field.
    await menu.getByRole('link', { name: 'Shipping Info', exact: true }).click();
    await atPath(page, '/shipping', 'Shipping from the menu');
    await visible(main(page).getByRole('heading', { level: 1 }), 'the shipping page');
    menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Search products' }).click();
    await hidden(page.getByRole('dialog'), 'the menu closes for the search');
    await until(() => page.evaluate(() => document.activeElement?.id === 'header-search'), 'the focus in the search field');
    await page.keyboard.type('fog');
    await page.keyboard.press('Enter');
    await until(() => new URL(page.url()).searchParams.get('search') === 'fog', 'the search from the menu runs');

    for (const [name, path] of [['Contact Us', '/contact'], ['FAQ', '/faq']]) {
      menu = await openMenu(page);
      await menu.getByRole('link', { name, exact: true }).click();
      await atPath(page, path, `${name} from the menu`);
    }

    // On a wide screen the filters show in full: no fold.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await visible(field(main(page), 'Price from'), 'the price range at 1280 px');
    assert.equal(await main(page).getByRole('button', { name: 'More filters' }).count(), 0, 'no "More filters" at 1280 px');
    await evidence.screens(page, 'home-filters');
  },
};
