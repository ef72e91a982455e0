// 16. Search on a phone: a misspelt query ("microphne") still gets suggestions as it is typed
// (a combobox: picture, name, price), one is chosen with the arrow keys and Enter and its page
// opens; then a search's results are narrowed by price and the URL keeps the filter. The
// suggestions and the filtered list are photographed at 1280 and 390 px and scanned with axe.
import { allProducts, parsePrice } from '../lib/api.mjs';
import { PHONE } from '../lib/browser.mjs';
import { assert, atPath, field, main, until, visible } from '../lib/shop.mjs';

export default {
  id: 16,
  title: 'Search on a phone: typo suggestions by keyboard, results filtered by price',
  async run({ baseURL, newContext, evidence }) {
    const catalog = await allProducts(baseURL);
    const mic = catalog.find((p) => p.isActive && /microphone/i.test(p.name) && !/stand|cable/i.test(p.name));
    assert.ok(mic, 'the demo catalog has a microphone');
    const { newPage } = await newContext();
    const page = await newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await visible(main(page).getByRole('heading', { level: 1 }), 'the home');

    // Misspelt, typed letter by letter; the list opens under the field.
    const box = main(page).getByRole('combobox', { name: 'Search' });
    await box.click();
    await page.keyboard.type('microphne', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggested products' });
    await visible(list, 'the suggestions for a misspelt word');
    const options = list.getByRole('option');
    await until(async () => (await options.count()) > 0, 'at least one suggestion');
    const names = await options.allTextContents();
    assert.ok(names.length <= 5, `at most 5 suggestions (got ${names.length})`);
    const at = names.findIndex((n) => n.includes(mic.name));
    assert.ok(at >= 0, `"${mic.name}" is suggested for "microphne" (got ${names.join(' | ')})`);
    assert.match(names[at], /\$\d[\d,]*\.\d{2}/, 'a suggestion shows its price');
    assert.equal(await box.getAttribute('aria-expanded'), 'true', 'the combobox says its list is open');
    await evidence.screens(page, 'search-suggestions');
    await evidence.axe(page, 'search suggestions');

    // Arrows to it, Enter opens it.
    for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    assert.equal(activeId, await options.nth(at).getAttribute('id'), 'the arrow keys move the active suggestion');
    assert.equal(await options.nth(at).getAttribute('aria-selected'), 'true', 'the active suggestion is selected');
    await page.keyboard.press('Enter');
    await atPath(page, `/products/${mic.id}`, 'Enter opens the chosen suggestion');
    await visible(main(page).getByRole('heading', { level: 1, name: mic.name }), 'the product page');

    // A search for cables, then only those up to a price.
    const cables = catalog.filter((p) => p.isActive && /cable/i.test(p.name + ' ' + p.description));
    assert.ok(cables.length >= 2, 'the demo catalog has cables at two prices');
    await page.goto('/?search=cable');
    await visible(main(page).locator('article').first(), 'the results for "cable"');
    const prices = async () => (await main(page).locator('article').allTextContents()).map((t) => parsePrice(t.match(/\$[\d,]+\.\d{2}/)[0]));
    const before = await prices();
    const limit = Math.floor(Math.max(...before)) - 1;
    assert.ok(before.some((p) => p <= limit), 'some results are under the limit');
    // On a phone the price range is behind "More filters" (issue 34: the first products start
    // within the first screen).
    await main(page).getByRole('button', { name: 'More filters' }).click();
    await field(main(page), 'to').fill(String(limit));
    await main(page).getByRole('button', { name: 'Apply' }).click();
    await until(() => new URL(page.url()).searchParams.get('maxPrice') === String(limit), 'the price limit in the URL');
    await until(async () => {
      const now = await prices();
      return now.length > 0 && now.length < before.length && now.every((p) => p <= limit);
    }, `only results up to $${limit}`);
    await visible(main(page).getByText(/^\d+ products? found/), 'the count of the filtered results');
    await evidence.screens(page, 'search-filters');
    await evidence.axe(page, 'search results filtered by price');
  },
};
