// 8. First screens: the server sends the home's header, hero, filters and
// first row of cards, and a product page's photos and text, in the HTML
// (routes/firstscreen), as do a category's page (its products), an information
// page (its title and body), the FAQ (its questions) and the contact page (the form
// and the shop's cards), so they show before any script has run, in the
// shopper's language; the app then takes over without anything moving. Signed-in shoppers and a language stored in
// the browser other than the server's guess get the plain boot header.
import { apiLogin } from '../lib/accounts.mjs';
import { apiOk } from '../lib/api.mjs';
import { ADMIN } from '../lib/server.mjs';
import { DESKTOP, PHONE } from '../lib/browser.mjs';
import { assert, until } from '../lib/shop.mjs';
import { samePlaces, scriptsBlocked, shown, withoutApp } from '../lib/firstscreen.mjs';

const HOME = ['header a.brand', 'header button', 'h1', '.hero p', 'select', '#product-search', 'main p[aria-live]'];
const INFO = ['header a.brand', 'header button', 'h1', '.page-body h2', '.page-body p', '.page-body li'];
// The FAQ's chosen tab (the other groups' panels are hidden: in the first screen with their
// questions, for search engines; empty in the app).
const FAQ = ['header a.brand', 'header button', 'h1', '.faq-intro p', '#faq-search', '[role="tab"]', '[role="tabpanel"][data-state="active"] summary', 'main a[href$="/contact"]'];
const CONTACT = ['header a.brand', 'header button', 'h1', 'main p', 'main label', 'main input', 'main textarea', 'main h2', 'main form button', 'main a[href^="tel:"]', 'main a[href^="mailto:"]'];
const PRODUCT = ['header a.brand', 'header button', 'main nav li', 'h1', '.gallery-main img', '.gallery-main button', '.gallery-thumb', 'main p', 'main button', 'main input', 'main h2', 'dt', 'dd'];

export default {
  id: 8,
  title: 'First screens: the home, category, information (the FAQ and contact too) and product pages paint from the HTML, translated, and the app takes over in place',
  async run({ baseURL, newContext, log }) {
    const newest = (await apiOk(baseURL, 'GET', '/api/products?page=1&pageSize=4')).products;
    const shop = { en: await apiOk(baseURL, 'GET', '/locales/en/shop.json'), ru: await apiOk(baseURL, 'GET', '/locales/ru/shop.json'), zh: await apiOk(baseURL, 'GET', '/locales/zh/shop.json') };

    const all = (await apiOk(baseURL, 'GET', '/api/products?pageSize=100')).products;
    const gallery = all.find((p) => p.imageFileNames.length > 1 && p.attributes.length > 0 && p.stockQuantity > 1);
    const soldOut = all.find((p) => p.stockQuantity === 0);
    assert.ok(gallery && soldOut, 'the catalog has a product with several photos and specifications, and a sold-out one');
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      // The home: header, hero and the newest four products; then the product pages.
      await samePlaces(newContext, log, name, viewport, '/', HOME, (before) => {
        const names = before.filter((b) => /^card \d h2$/.test(b.what)).map((b) => b.text);
        assert.deepEqual(names, newest.map((p) => p.nameLocalized?.en || p.name), `${name}: the first screen shows the four newest products`);
        assert.ok(before.some((b) => b.what === 'h1' && b.text === shop.en.hero.title), `${name}: the English hero title`);
      });
      for (const p of [gallery, soldOut]) {
        await samePlaces(newContext, log, name, viewport, `/products/${p.id}`, PRODUCT, (before) => {
          assert.ok(before.some((b) => b.what === 'h1' && b.text === (p.nameLocalized?.en || p.name)), `${name}: the product's name as the title`);
          if (p === gallery) assert.ok(before.filter((b) => b.what === '.gallery-thumb').length === p.imageFileNames.length, `${name}: a thumbnail per photo`);
        });
      }
      // Issue 50, text without script: a category's page (its products) and an information page (its body).
      await samePlaces(newContext, log, name, viewport, '/ru/?category=Lighting', HOME, (before) => {
        assert.ok(before.some((b) => b.what === 'main p[aria-live]' && b.text.includes('«Свет»')), `${name}: the count line names the category`);
        assert.ok(before.some((b) => b.what === 'card 0 h2'), `${name}: the category's products`);
      });
      await samePlaces(newContext, log, name, viewport, '/ru/returns', INFO, (before) => {
        assert.ok(before.some((b) => b.what === '.page-body p' && b.text.length > 20), `${name}: the page's body`);
      });
      // The FAQ (its groups as tabs, the first one's questions) and the contact page (the form, the shop's cards).
      await samePlaces(newContext, log, name, viewport, '/ru/faq', FAQ, (before) => {
        assert.ok(before.filter((b) => b.what === '[role="tab"]').length >= 2, `${name}: the FAQ's groups as tabs`);
        assert.ok(before.some((b) => b.what.endsWith('summary') && b.text.endsWith('?')), `${name}: the first group's questions, in Russian`);
        assert.ok(before.some((b) => b.what === 'main a[href$="/contact"]' && b.text === 'Связаться с нами'), `${name}: the link to the contact page`);
      });
      await samePlaces(newContext, log, name, viewport, '/contact', CONTACT, (before) => {
        assert.ok(before.some((b) => b.what === 'h1' && b.text === 'Contact Us'), `${name}: the contact page's title`);
        assert.ok(before.some((b) => b.what === 'main label' && b.text.startsWith('Message')), `${name}: the form`);
      });
    }

    // A category the owner adds is in the first screen's list, named in the page's language: a
    // long name widens the select, before the app runs as after (removed again: the next
    // journeys see the demo's categories).
    const admin = await apiLogin(baseURL, ADMIN);
    const rigging = 'Rigging, trussing and flying systems';
    const added = await apiOk(baseURL, 'POST', '/api/admin/categories', {
      token: admin.token, body: { name: rigging, nameLocalized: { ru: 'Такелаж, фермы и подвесные системы' } },
    });
    try {
      for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
        await samePlaces(newContext, log, name, viewport, '/ru/', HOME, (before) => {
          assert.ok(before.some((b) => b.what === 'select' && b.text.includes('Такелаж, фермы и подвесные системы')), `${name}: the owner's category in the list, in Russian`);
        });
      }
    } finally {
      await apiOk(baseURL, 'DELETE', `/api/admin/categories/${added.id}`, { token: admin.token });
    }

    // The language is the address's; a first visit of / goes to the home of the language asked
    // for by ?lng=, the cookie the app keeps, the browser, or (before the paint) the app's storage.
    for (const [how, lang, setup] of [
      ['/ru/', 'ru', { path: '/ru/' }],
      ['?lng=ru', 'ru', { path: '/?lng=ru' }],
      ['the i18next cookie', 'ru', { cookie: 'ru' }],
      ['a Chinese browser', 'zh', { locale: 'zh-CN' }],
      ['Russian chosen in this browser', 'ru', { local: { i18nextLng: 'ru' } }],
    ]) {
      const c = await newContext({ locale: setup.locale });
      c.allowConsole(scriptsBlocked);
      if (setup.cookie) await c.context.addCookies([{ name: 'i18next', value: setup.cookie, url: baseURL }]);
      const page = await c.newPage();
      if (setup.local) await page.addInitScript((s) => Object.entries(s).forEach(([k, v]) => localStorage.setItem(k, v)), setup.local);
      await withoutApp(page);
      await page.goto(setup.path ?? '/');
      await until(() => new URL(page.url()).pathname === `/${lang}/`, () => `${how}: at /${lang}/, not ${page.url()}`);
      await page.waitForLoadState('domcontentloaded');
      assert.ok(await shown(page, '.first-screen'), `${how}: the first screen shows`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${how}: <html lang>`);
      assert.equal((await page.locator('.first-screen h1').textContent()).trim(), shop[lang].hero.title, `${how}: the hero title in ${lang}`);
    }

    // Where the app would start differently, the plain boot header shows instead.
    for (const [why, storage] of [
      ['a signed-in shopper', { local: { authToken: 'token' } }],
      ['a category kept from the last visit', { session: { shopSelectedCategory: 'Sound' } }],
    ]) {
      const c = await newContext();
      c.allowConsole(scriptsBlocked);
      const page = await c.newPage();
      await page.addInitScript((s) => {
        for (const [k, v] of Object.entries(s.local ?? {})) localStorage.setItem(k, v);
        for (const [k, v] of Object.entries(s.session ?? {})) sessionStorage.setItem(k, v);
      }, storage);
      await withoutApp(page);
      await page.goto('/');
      assert.ok(!(await shown(page, '.first-screen')), `${why}: the first screen is hidden`);
      assert.ok(await shown(page, '.boot-header'), `${why}: the boot header shows`);
    }
  },
};
