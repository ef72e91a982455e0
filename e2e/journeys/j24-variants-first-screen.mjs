// 24. Product options on the server's first screens and in history (issue 31). A DMX cable in
// seven lengths (a select) and two colours (buttons): the home's HTML alone shows its card as
// the app does ("from $...", "Choose options"), and its page's HTML shows the pickers with the
// default variant chosen, or the one in ?variant=; when the app takes over nothing moves, on a
// phone and on a desktop. Then a shopper opens it from the home, makes three choices and goes
// Back: each choice replaced the page's entry (docs/decisions/variant-history.md), so Back
// returns to the home and Forward to the product with the last choice. The admin's product list
// shows its price range and its stock summed over the variants, one of them sold out (screens
// j24-admin-product-list, 1280/390, axe-scanned).
import { apiLogin } from '../lib/accounts.mjs';
import { allProducts, apiOk } from '../lib/api.mjs';
import { DESKTOP, PHONE } from '../lib/browser.mjs';
import { samePlaces } from '../lib/firstscreen.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, hasText, login, main, until, visible } from '../lib/shop.mjs';

const NAME = 'Stage DMX Cable';
const LENGTHS = ['1 m', '3 m', '5 m', '10 m', '15 m', '20 m', '30 m'];
// The first row's cards only: the app shows more below them.
const HOME = ['header a.brand', 'h1', 'main p[aria-live]', 'main article:nth-of-type(-n+4) a'];
const PRODUCT = ['header a.brand', 'main nav li', 'h1', '.gallery-main img', 'main p', 'main button', 'legend', 'main input', 'main h2'];

/** The cable through the admin API: 3 m yellow sold out, 10 m black on sale; prices by length. */
async function createCable(baseURL, token, image) {
  const variants = LENGTHS.flatMap((length, i) =>
    ['Black', 'Yellow'].map((colour) => ({
      sku: `E2E-DMX-${length.replace(' ', '')}-${colour.slice(0, 3).toUpperCase()}`, optionValues: [length, colour],
      price: 8 + 2 * i, compareAtPrice: length === '10 m' && colour === 'Black' ? 20 : null,
      stockQuantity: length === '3 m' && colour === 'Yellow' ? 0 : 5, isActive: true,
    })),
  );
  return apiOk(baseURL, 'POST', '/api/products', {
    token,
    body: {
      name: NAME, description: '3-pin DMX cable, 110 ohm.', category: 'Lighting', imageFileNames: [image], isActive: true, attributes: [],
      options: [
        { name: 'Length', values: LENGTHS.map((value) => ({ value })) },
        { name: 'Colour', values: [{ value: 'Black' }, { value: 'Yellow' }] },
      ],
      variants,
    },
  });
}

export default {
  id: 24,
  title: 'Product options on the first screens (nothing moves when the app takes over) and Back after choosing',
  async run({ baseURL, newContext, evidence, log }) {
    const admin = await apiLogin(baseURL, ADMIN);
    const [seeded] = await allProducts(baseURL);
    const cable = await createCable(baseURL, admin.token, seeded.imageFileName);
    const yellow20 = cable.variants.find((x) => x.sku === 'E2E-DMX-20m-YEL');
    const byId = (id) => cable.variants.find((x) => x.id === id);
    const first = byId(cable.defaultVariantId);

    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      await samePlaces(newContext, log, name, viewport, '/', HOME, (before) => {
        const card0 = before.filter((b) => b.what.startsWith('card 0 ')).map((b) => b.text);
        assert.ok(card0.includes(NAME) && card0.includes('from $8.00'), `${name}: the cable's card leads, "from $8.00" (${card0.join(' | ')})`);
        assert.ok(before.some((b) => b.what === HOME[3] && b.text === 'Choose options'), `${name}: the card offers Choose options`);
      });
      for (const [path, v] of [[`/products/${cable.id}`, first], [`/products/${cable.id}?variant=${yellow20.id}`, yellow20]]) {
        await samePlaces(newContext, log, name, viewport, path, PRODUCT, (before) => {
          const texts = before.map((b) => b.text);
          assert.ok(texts.includes(`Colour: ${v.optionValues[1]}`), `${name} ${path}: the colour chosen in the HTML (${texts.join(' | ')})`);
          assert.ok(texts.includes(v.optionValues[0]), `${name} ${path}: the select shows ${v.optionValues[0]}`);
          assert.ok(texts.includes(`SKU: ${v.sku}`), `${name} ${path}: the SKU of the variant`);
        });
      }
    }

    // Back after choosing: the choices replaced the product's entry.
    const page = await (await newContext()).newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const card = main(page).locator('article').filter({ hasText: NAME }).first();
    await hasText(card.getByTestId('price'), `from $8.00Sale`, 'the card says "from" the cheapest variant');
    await card.getByRole('link', { name: `Choose options of ${NAME}` }).click();
    await visible(main(page).getByRole('heading', { level: 1, name: NAME }), 'the product page');
    const colour = main(page).getByRole('group', { name: /^Colour/ });
    await colour.getByRole('button', { name: 'Yellow' }).click();
    await main(page).getByRole('combobox', { name: 'Length' }).click();
    await page.getByRole('option', { name: '20 m' }).click();
    await colour.getByRole('button', { name: 'Black' }).click();
    await colour.getByRole('button', { name: 'Yellow' }).click();
    await until(() => new URL(page.url()).searchParams.get('variant') === yellow20.id, 'the last choice, 20 m yellow, in the URL');
    await hasText(main(page).getByTestId('sku'), /E2E-DMX-20m-YEL$/, 'the SKU of the last choice');
    await page.goBack();
    await until(() => new URL(page.url()).pathname === '/', () => `Back returns to the home, not to an earlier choice: ${page.url()}`);
    await visible(main(page).locator('article').filter({ hasText: NAME }).first(), 'the home with the cable\'s card');
    await page.goForward();
    await until(() => new URL(page.url()).searchParams.get('variant') === yellow20.id, () => `Forward returns to the last choice: ${page.url()}`);
    await hasText(main(page).getByRole('group', { name: /^Colour/ }), /^Colour: Yellow/, 'Forward shows the last choice');
    log('three choices, one history entry: Back to the home, Forward to 20 m yellow');

    // The admin's list: the price range and the stock summed over the variants, one sold out.
    const adminPage = await (await newContext()).newPage();
    await login(adminPage, ADMIN.email, ADMIN.password);
    await until(() => new URL(adminPage.url()).pathname === '/admin', 'the admin lands on the product list');
    const row = main(adminPage).getByRole('row').filter({ hasText: NAME }).first();
    await visible(row.getByText('$8.00 - $20.00', { exact: true }), 'the row shows the price range');
    await visible(row.getByText('65', { exact: true }), 'the row shows the stock of the 14 variants summed (13 x 5)');
    await hasText(row.getByTestId('variants-sold-out'), '1 of 14 variants sold out', 'the row says how many variants are sold out');
    await evidence.screens(adminPage, 'j24-admin-product-list');
    await evidence.axe(adminPage, 'admin product list with variants');
  },
};
