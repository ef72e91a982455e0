// 6. Languages: switching to Russian and Chinese translates the header, home
// and cart; the choice survives a reload; `?lng=<script>` is ignored; a product page
// switched to Russian is the same product at /ru/ with its Russian title, and Back returns.
import { allProducts, apiOk } from '../lib/api.mjs';
import { assert, cartCountIs, closePopover, header, main, productCard, switchLanguage, until, visible } from '../lib/shop.mjs';

const NATIVE = { en: 'English', ru: 'Русский', zh: '中文' };

async function texts(baseURL, lng) {
  const [common, shop] = await Promise.all([apiOk(baseURL, 'GET', `/locales/${lng}/common.json`), apiOk(baseURL, 'GET', `/locales/${lng}/shop.json`)]);
  return { common, shop };
}

const fill = (s, vars) => s.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));

/** The header, home and cart read in language `lng` (texts from the server's own translation files). */
async function expectLanguage(page, lng, t, en, product) {
  await until(async () => (await page.evaluate(() => document.documentElement.lang)) === lng, `<html lang> should become ${lng}`);
  for (const key of ['products', 'login']) {
    assert.notEqual(t.common.nav[key], en.common.nav[key], `nav.${key} must be translated in ${lng}, not the English text`);
  }
  await visible(header(page).getByRole('link', { name: t.common.nav.products, exact: true }), `the header's Products link in ${lng} ("${t.common.nav.products}")`);
  await visible(header(page).getByRole('button', { name: t.common.nav.login, exact: true }), `the header's Login button in ${lng} ("${t.common.nav.login}")`);
  await visible(header(page).getByRole('button', { name: fill(t.common.language.label, { language: NATIVE[lng] }) }), `the language button naming ${NATIVE[lng]}`);
  await visible(main(page).getByRole('heading', { level: 1, name: t.shop.hero.title }), `the home title in ${lng} ("${t.shop.hero.title}")`);
  await visible(main(page).getByText(t.shop.filters.category, { exact: true }), `the Category label in ${lng}`);
  const card = productCard(page, product.nameLocalized[lng]);
  await visible(card, `the product name in ${lng} ("${product.nameLocalized[lng]}")`);
  await visible(card.getByRole('button', { name: t.shop.addToCart }), `Add to Cart in ${lng} ("${t.shop.addToCart}")`);

  const cartName = t.common.cart.open ?? t.common.cart.open_other;
  await header(page).getByRole('button', { name: fill(cartName, { count: 1 }) }).click();
  const cart = page.getByRole('dialog', { name: t.common.cart.title });
  await visible(cart, `the cart popover titled "${t.common.cart.title}"`);
  await visible(cart.getByText(product.nameLocalized[lng]), `the cart line in ${lng}`);
  await visible(cart.getByRole('button', { name: t.common.cart.checkout }), `"${t.common.cart.checkout}" in the cart`);
  await visible(cart.getByText(t.common.cart.total, { exact: true }), `the cart total label in ${lng}`);
}

/** The head a search engine reads: title, canonical, html lang. */
const headOf = (page) =>
  page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    lang: document.documentElement.lang,
  }));

async function productPageInRussian(ctx, product) {
  const page = await ctx.newPage();
  const path = `/products/${product.id}`;
  await page.goto(path);
  await visible(main(page).getByRole('heading', { level: 1, name: product.name }), 'the English product page');
  const en = await headOf(page);
  assert.ok(en.title.startsWith(product.name) && en.canonical.endsWith(path) && en.lang === 'en', `the English product's head: ${JSON.stringify(en)}`);

  await switchLanguage(page, 'Русский');
  await until(async () => new URL(page.url()).pathname === `/ru${path}`, `the switch lands on /ru${path}`);
  await visible(main(page).getByRole('heading', { level: 1, name: product.nameLocalized.ru }), 'the same product in Russian');
  await until(async () => (await headOf(page)).title.startsWith(product.nameLocalized.ru), 'the Russian title');
  const ru = await headOf(page);
  assert.ok(ru.canonical.endsWith(`/ru${path}`) && ru.lang === 'ru', `the Russian product's head: ${JSON.stringify(ru)}`);
  // The Russian address served as it is (a crawler's view) says the same.
  const served = await ctx.newPage();
  await served.goto(`/ru${path}`);
  assert.equal((await headOf(served)).title, ru.title, 'the server writes the title the app shows');
  await served.close();

  await page.goBack();
  await until(async () => new URL(page.url()).pathname === path, 'Back returns to the English address');
  await visible(main(page).getByRole('heading', { level: 1, name: product.name }), 'the English product page again');
  await until(async () => (await headOf(page)).title === en.title, 'the English title again');
  await ctx.close();
}

export default {
  id: 6,
  title: 'Languages: Russian and Chinese header, home and cart; reload keeps it; ?lng=<script> ignored; a product at /ru/ with its Russian title, Back returns',
  async run({ baseURL, newContext, evidence }) {
    const en = await texts(baseURL, 'en');
    const ru = await texts(baseURL, 'ru');
    const zh = await texts(baseURL, 'zh');
    const [product] = (await allProducts(baseURL)).filter((p) => p.stockQuantity > 0 && p.nameLocalized?.ru && p.nameLocalized?.zh);
    assert.ok(product, 'a seeded product with Russian and Chinese names');

    const ctx = await newContext();
    const page = await ctx.newPage();
    const localeFiles = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/locales/')) localeFiles.push(u.pathname);
    });
    await page.goto('/');
    await visible(main(page).getByRole('heading', { level: 1, name: en.shop.hero.title }), 'the English home first');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await productCard(page, product.name).getByRole('button', { name: 'Add to Cart' }).click();
    await cartCountIs(page, 1);

    // Russian.
    await switchLanguage(page, 'Русский');
    await expectLanguage(page, 'ru', ru, en, product);
    assert.equal(await page.evaluate(() => localStorage.getItem('i18nextLng')), 'ru', 'the choice is cached in local storage');
    await evidence.screens(page, 'home-ru-cart');
    await page.reload();
    await expectLanguage(page, 'ru', ru, en, product);
    await closePopover(page);

    // Chinese.
    await switchLanguage(page, '中文');
    await expectLanguage(page, 'zh', zh, en, product);
    await evidence.screens(page, 'home-zh-cart');
    await page.reload();
    await expectLanguage(page, 'zh', zh, en, product);
    await closePopover(page);

    // An injected ?lng= does not replace the stored choice.
    await page.goto(`/?lng=${encodeURIComponent('<script>alert(1)</script>')}`);
    await expectLanguage(page, 'zh', zh, en, product);
    await closePopover(page);
    assert.equal(await page.evaluate(() => localStorage.getItem('i18nextLng')), 'zh', '?lng=<script> leaves the stored language alone');

    // A fresh visitor with ?lng=<script>: English, nothing injected, nothing stored from it.
    const fresh = await newContext();
    const fp = await fresh.newPage();
    const freshLocales = [];
    fp.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/locales/')) freshLocales.push(u.pathname);
    });
    await fp.goto(`/?lng=${encodeURIComponent('<script>alert(1)</script>')}`);
    await visible(main(fp).getByRole('heading', { level: 1, name: en.shop.hero.title }), 'English for ?lng=<script>');
    assert.equal(await fp.evaluate(() => document.documentElement.lang), 'en', '<html lang> stays en');
    const stored = await fp.evaluate(() => localStorage.getItem('i18nextLng'));
    assert.ok(stored === null || stored === 'en', `nothing script-like is stored as the language (stored ${JSON.stringify(stored)})`);
    assert.equal(await fp.locator('script:not([src])').filter({ hasText: 'alert(1)' }).count(), 0, 'no injected script element');
    await fp.reload();
    await visible(main(fp).getByRole('heading', { level: 1, name: en.shop.hero.title }), 'still English after a reload');

    // A valid ?lng=ru is honoured (detection starts with the query string).
    await fp.goto('/?lng=ru');
    await visible(main(fp).getByRole('heading', { level: 1, name: ru.shop.hero.title }), '?lng=ru shows Russian');

    // A product page in Russian, found by its address: the switch lands on the same product under
    // /ru/ with the Russian title and head (canonical, html lang), and Back returns to the English one.
    await productPageInRussian(await newContext(), product);

    const bad = [...localeFiles, ...freshLocales].filter((p) => !/^\/locales\/(en|ru|zh)\/[a-z]+\.json$/.test(p));
    assert.deepEqual(bad, [], 'only /locales/{en,ru,zh}/*.json are requested');
  },
};
