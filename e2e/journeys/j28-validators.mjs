// 28. Outside checkers (issue 50): every kind of page in English, Russian and Chinese, as the
// server sends it and as the app leaves it once loaded (a guest's pages, a customer's checkout
// steps and account, an admin's screens), goes through the Nu HTML Checker in one JVM run and
// through Adobe's structured-data validator with Google's rules and the audit's own findings
// (shopRules); any error fails the journey,
// after every page was checked, with a table of the counts per page kind (validators.md in the
// run folder).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { apiOk } from '../lib/api.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, login } from '../lib/shop.mjs';
import { sitemapSchemas, startNu, structuredData, xsdErrors } from '../lib/validators.mjs';

const LANGS = ['en', 'ru', 'zh'];
const prefixed = (lang, path) => (lang === 'en' ? path : `/${lang}${path === '/' ? '/' : path}`);

/** Who sees a page once loaded: a guest, a signed-in customer with a cart, or an admin. */
const GUEST = 'guest';
const CUSTOMER = 'customer';
const OWNER = 'admin';

/** A product with options (length and colour), each variant with its own photo. */
async function optionsProduct(baseURL, token, image) {
  const v = (sku, length, colour, price, stockQuantity) => ({
    sku, optionValues: [length, colour], price, stockQuantity, isActive: true, imageFileNames: [image],
  });
  return apiOk(baseURL, 'POST', '/api/products', {
    token,
    body: {
      name: 'Validator DMX Cable', description: 'Three-pin DMX cable for lighting rigs.', category: 'Accessories',
      imageFileNames: [image], isActive: true, attributes: [],
      options: [
        { name: 'Length', nameLocalized: { ru: 'Длина', zh: '长度' }, values: [{ value: '3 m' }, { value: '10 m' }] },
        { name: 'Colour', nameLocalized: { ru: 'Цвет', zh: '颜色' }, values: [{ value: 'Black' }, { value: 'Red' }] },
      ],
      variants: [v('E2E-VAL-3-BLK', '3 m', 'Black', 8, 5), v('E2E-VAL-3-RED', '3 m', 'Red', 8, 0), v('E2E-VAL-10-BLK', '10 m', 'Black', 15, 4), v('E2E-VAL-10-RED', '10 m', 'Red', 15, 2)],
    },
  });
}

/** The page kinds: a name, the path (without language) and who sees it loaded. */
function pageKinds({ simple, options, slug, orderId }) {
  return [
    ['home', '/', GUEST],
    ['category', '/?category=Sound', GUEST],
    ['search', '/?search=cable', GUEST],
    ['catalog page 2', '/?page=2', GUEST],
    ['product', `/products/${simple.id}`, GUEST],
    ['product with options', `/products/${options.id}`, GUEST],
    ['not found', '/no-such-page', GUEST],
    ['unknown product', '/products/nosuchproduct12', GUEST],
    ['contact', '/contact', GUEST],
    ['shipping', '/shipping', GUEST],
    ['returns', '/returns', GUEST],
    ['warranty', '/warranty', GUEST],
    ['faq', '/faq', GUEST],
    ['privacy', '/privacy', GUEST],
    ['about', '/about', GUEST],
    ['page by slug', `/pages/${slug}`, GUEST],
    ['login', '/login', GUEST],
    ['register', '/register', GUEST],
    ['forgot password', '/forgot-password', GUEST],
    ['reset password', '/reset-password?token=abc', GUEST],
    ['checkout: shipping', '/checkout', CUSTOMER],
    ['profile', '/profile', CUSTOMER],
    ['my orders', '/account/orders', CUSTOMER],
    ['invoice', `/account/orders/${orderId}/invoice`, CUSTOMER],
    ['payment return', `/checkout/payment/${orderId}`, CUSTOMER],
    ['admin products', '/admin', OWNER],
    ['admin product form', `/admin/products/${options.id}/edit`, OWNER],
    ['admin new product', '/admin/products/new', OWNER],
    ['admin import', '/admin/products/import', OWNER],
    ['admin categories', '/admin/categories', OWNER],
    ['admin orders', '/admin/orders', OWNER],
    ['admin contact requests', '/admin/contact-requests', OWNER],
    ['admin overview', '/admin/overview', OWNER],
    ['admin customers', '/admin/customers', OWNER],
    ['admin e-mails', '/admin/emails', OWNER],
    ['admin store settings', '/admin/settings', OWNER],
    ['admin shipping settings', '/admin/settings/shipping', OWNER],
    ['admin payments settings', '/admin/settings/payments', OWNER],
    ['admin pages', '/admin/pages', OWNER],
  ].map(([kind, path, who]) => ({ kind, path, who }));
}

/** Waits until the app has mounted over the first screen and shows no spinner (8 s at most). */
async function loaded(page) {
  return page
    .waitForFunction(
      // The invoice is the server's own page (/api/...), not the app's.
      () =>
        window.location.pathname.startsWith('/api/') ||
        (!!document.querySelector('#root main') && !document.querySelector('.first-screen') && !document.querySelector('.rt-Spinner, [aria-busy="true"]')),
      undefined,
      { timeout: 8000 },
    )
    .then(
      () => page.waitForTimeout(300).then(() => true),
      () => false,
    );
}

/** The checkout's steps as a customer sees them: empty, the address typed (methods shown), billing, review. */
async function checkoutSteps(page, lang, save) {
  // Each language has its own tab, so each starts with no checkout draft (kept per tab).
  await page.goto(prefixed(lang, '/checkout'));
  await loaded(page);
  await save('checkout: shipping', lang, page);
  const values = { phone: '+1 (555) 0100', address: '12 Backstage Lane', city: 'Springfield', zipCode: '62704' };
  for (const [f, value] of Object.entries(values)) await page.locator(`#shipping-${f}`).fill(value);
  await page.locator('#shipping-country').selectOption('US');
  await page.locator('#shipping-state').selectOption('IL');
  await page.getByTestId('method-standard').waitFor({ timeout: 10_000 });
  await save('checkout: shipping methods', lang, page);
  const next = () => page.getByRole('main').locator('form button[type="submit"]').last();
  await next().click();
  await page.locator('#billing-address').waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
  await save('checkout: billing', lang, page);
  await next().click();
  await page.getByTestId('review-total').waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
  await save('checkout: review', lang, page);
}

/**
 * What the issue's audit found that Adobe's rules do not flag: a listed page without a
 * picture for link previews, a breadcrumb trail marked up that the page does not show (or
 * not as it shows it), a product's SKU that is its record id, and a product group's variant
 * without a photo or without a value of each property the group varies by.
 */
function shopRules(html, data, how) {
  const out = [];
  const meta = data.metatags ?? {};
  if (/<link[^>]+rel="canonical"/.test(html) && !meta['og:image']?.[0]) out.push('a listed page without og:image');
  const crumbs = data.jsonld?.BreadcrumbList ?? [];
  // The trail the page shows: the <ol> of the navigation that holds the current page.
  const nav = /<nav aria-label="[^"]*"><ol[^>]*>(.*?)<\/ol><\/nav>/s.exec(html);
  const shown = nav && nav[1].includes('aria-current="page"') ? (nav[1].match(/<li(?![^>]*aria-hidden)/g) ?? []).length : 0;
  if (how === 'loaded' && crumbs.length && crumbs[0].itemListElement?.length !== shown) {
    out.push(`BreadcrumbList of ${crumbs[0].itemListElement?.length} steps, the page shows ${shown}`);
  }
  if (how === 'loaded' && !crumbs.length && shown) out.push(`a trail of ${shown} steps shown, none marked up`);
  const id = /\/products\/([a-z0-9]+)/.exec(meta['og:url']?.[0] ?? '')?.[1];
  for (const p of data.jsonld?.Product ?? []) if (id && p.sku === id) out.push(`Product sku ${p.sku} is the record id`);
  for (const g of data.jsonld?.ProductGroup ?? []) {
    const props = (g.variesBy ?? []).map((v) => v.replace('https://schema.org/', ''));
    for (const v of g.hasVariant ?? []) {
      if (!v.image?.length) out.push(`variant ${v.sku} without image`);
      for (const prop of props) if (!v[prop]) out.push(`variant ${v.sku} without ${prop}, which the group varies by`);
    }
  }
  return out;
}

/** A markdown table of the counts: per kind, served and loaded, per language. */
function table(rows) {
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const cell = (kind, how, what) =>
    LANGS.map((l) => {
      const r = rows.find((x) => x.kind === kind && x.how === how && x.lang === l);
      return r ? String(r[what]) : '-';
    }).join(' / ');
  const lines = ['| Page kind | Nu served (en / ru / zh) | Nu loaded | structured data served | structured data loaded |', '|---|---|---|---|---|'];
  for (const k of kinds) lines.push(`| ${k} | ${cell(k, 'served', 'nu')} | ${cell(k, 'loaded', 'nu')} | ${cell(k, 'served', 'sd')} | ${cell(k, 'loaded', 'sd')} |`);
  const sum = (how, what) => rows.filter((r) => r.how === how).reduce((n, r) => n + r[what], 0);
  lines.push(`| **total** | ${sum('served', 'nu')} | ${sum('loaded', 'nu')} | ${sum('served', 'sd')} | ${sum('loaded', 'sd')} |`);
  return lines.join('\n');
}

export default {
  id: 28,
  title: 'Outside checkers: the Nu HTML Checker and Google\'s structured-data rules pass every page kind in en/ru/zh, served and loaded',
  timeoutMs: 8 * 60_000,
  async run({ startServer, newContext, runDir, log, evidence }) {
    // The checker's JVM starts first: it takes a while, and the set-up runs meanwhile.
    const starting = startNu();
    try {
      // A small sitemap limit: the demo catalog then has an index and several sitemaps.
      const server = await startServer('validators', { STAGESHOP_SITEMAP_MAX_URLS: '30' });
      await this.sitemaps(server.url, join(runDir, 'sitemaps'), log);
      await this.check(server, starting, { newContext, runDir, log, evidence });
    } finally {
      await (await starting.catch(() => null))?.stop();
    }
  },

  /**
   * The sitemaps against the sitemaps.org schema (xmllint): the index, every sitemap it lists
   * (each with at least one address), none past the last; robots.txt without route patterns.
   */
  async sitemaps(base, dir, log) {
    mkdirSync(dir, { recursive: true });
    const schemas = sitemapSchemas(join(dir, 'schemas'));
    const save = async (path) => {
      const res = await fetch(base + path);
      assert.equal(res.status, 200, `GET ${path}`);
      const file = join(dir, path.replace(/[^a-z0-9.]+/gi, '-').replace(/^-/, ''));
      writeFileSync(file, await res.text());
      return file;
    };
    const index = await save('/sitemap.xml');
    const listed = [...readFileSync(index, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    assert.ok(listed.length > 2 && listed.every((p) => p.startsWith('/sitemaps/')), `the index lists sitemaps: ${listed.join(', ')}`);
    const files = [];
    for (const p of listed) files.push(await save(p));
    const errors = [...(await xsdErrors([index], schemas.index)), ...(await xsdErrors(files, schemas.urlset))].filter(([, e]) => e.length);
    assert.deepEqual(errors, [], `sitemaps against the schema:\n${errors.map(([f, e]) => `${f}: ${e.join('; ')}`).join('\n')}`);
    const last = Math.max(...listed.map((p) => Number(/products-(\d+)/.exec(p)?.[1] ?? 0)));
    const past = await fetch(`${base}/sitemaps/products-${last + 1}.xml`);
    assert.equal(past.status, 404, `the sitemap after the last (products-${last + 1}) is not found`);
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    assert.ok(!/^Disallow: .*[:]/m.test(robots), `robots.txt has no route patterns:\n${robots}`);
    log(`sitemaps: the index and ${files.length} sitemaps pass the sitemaps.org schema; products-${last + 1}.xml is 404`);
  },

  async check(server, starting, { newContext, runDir, log, evidence }) {
    const base = server.url;
    const dir = join(runDir, 'validators');
    for (const how of ['served', 'loaded']) mkdirSync(join(dir, how), { recursive: true });

    const admin = await apiLogin(base, ADMIN);
    const products = (await apiOk(base, 'GET', '/api/products?pageSize=100')).products;
    const simple = products.find((p) => (p.imageFileNames ?? []).length > 1) ?? products[0];
    const options = await optionsProduct(base, admin.token, simple.imageFileNames[0]);
    // The manufacturer's identifiers and the owner's Russian words for search engines (issue 50).
    const ids = { brand: 'Antari', mpn: 'Z-1000 II', gtin: '4006381333931' };
    await apiOk(base, 'PUT', `/api/products/${simple.id}`, { token: admin.token, body: { ...ids, seoTitle: { ru: 'Купить у нас: проверка' } } });
    const slug = 'validator-page';
    await apiOk(base, 'POST', '/api/admin/pages', {
      token: admin.token,
      body: { slug, title: { en: 'Rigging guide', ru: 'Руководство по подвесу', zh: '吊挂指南' }, body: { en: '## Safety\n\nUse **rated** shackles.', ru: '## Безопасность\n\nТолько сертифицированные скобы.', zh: '## 安全\n\n只用合格的卸扣。' } },
    });
    const customer = await registerCustomer(base, 'Vera', 'Lint');
    const { token } = await apiLogin(base, customer);
    await apiOk(base, 'POST', '/api/cart/items', { token, body: { productId: simple.id, quantity: 1 } });
    const address = { firstName: 'Vera', lastName: 'Lint', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62704', country: 'US', phone: '+1 555 0101', email: customer.email };
    const order = await apiOk(base, 'POST', '/api/checkout/create-order', {
      token, body: { shippingInfo: address, billingInfo: address, useShippingForBilling: true, shippingMethod: 'standard' },
    });
    // Paid in full by bank transfer: the order is invoiced, and its invoice is a page too.
    await apiOk(base, 'POST', `/api/checkout/admin/orders/${order.id}/payments`, { token: admin.token, body: { amount: order.totalAmount } });
    await apiOk(base, 'POST', '/api/cart/items', { token, body: { productId: simple.id, quantity: 1 } });
    const kinds = pageKinds({ simple, options, slug, orderId: order.id });
    const nu = await starting;

    // Each document goes to the checker as soon as it is made, two at a time.
    const docs = []; // {kind, lang, how, file, nu: Promise<errors>, sd: Promise<{errors}>}
    const slots = [Promise.resolve(), Promise.resolve()];
    let turn = 0;
    const keep = (kind, lang, how, html) => {
      const file = join(dir, how, `${kind.replace(/[^a-z0-9]+/gi, '-')}-${lang}.html`);
      writeFileSync(file, html);
      const slot = turn++ % slots.length;
      const nuErrors = slots[slot].then(() => nu.check(html));
      slots[slot] = nuErrors.catch(() => undefined);
      // A failed check is an error of that document, reported with the others.
      const sd = structuredData(html).then(
        (r) => ({ ...r, errors: [...r.errors, ...shopRules(html, r.data, how)] }),
        (e) => ({ errors: [`the validator failed: ${e.message}`] }),
      );
      docs.push({ kind, lang, how, file, nu: nuErrors.catch((e) => [`the checker failed: ${e.message}`]), sd });
    };

    const t0 = Date.now();
    const took = (what, since) => log(`${what}: ${((Date.now() - since) / 1000).toFixed(1)} s`);
    // As served: what a crawler gets, no script run.
    for (const k of kinds) {
      for (const lang of LANGS) {
        const res = await fetch(base + prefixed(lang, k.path));
        keep(k.kind, lang, 'served', await res.text());
      }
    }

    took('served pages fetched', t0);
    const slow = [];
    // Once loaded, as each kind of visitor sees it: one tab per language, side by side.
    const save = async (kind, lang, page) => keep(kind, lang, 'loaded', await page.content());
    for (const who of [GUEST, CUSTOMER, OWNER]) {
      // One context per language: the app keeps the shopper's language choice in storage, and
      // an address without a language prefix follows it. A sign-in is made once and copied.
      const open = async (storageState) => {
        const c = await newContext({ baseURL: base, storageState });
        // The unknown product's and the not-found page's 404 is their point.
        c.allowConsole((text) => text.includes('status of 404'));
        return c;
      };
      const first = await open();
      const page = await first.newPage();
      if (who === CUSTOMER) await login(page, customer.email, customer.password);
      if (who === OWNER) await login(page, ADMIN.email, ADMIN.password);
      const state = await first.context.storageState();
      const tabs = [page, await (await open(state)).newPage(), await (await open(state)).newPage()];
      const visit = async (lang, i) => {
        const page = tabs[i];
        for (const k of kinds.filter((x) => x.who === who)) {
          if (k.kind === 'checkout: shipping') {
            await checkoutSteps(page, lang, save);
            continue;
          }
          const path = prefixed(lang, k.path);
          const since = Date.now();
          await page.goto(path);
          if (!(await loaded(page))) slow.push(`${k.kind} (${lang}): still loading after 8 s`);
          else if (Date.now() - since > 3000) slow.push(`${k.kind} (${lang}): ${Date.now() - since} ms`);
          const at = new URL(page.url());
          assert.ok(k.kind === 'invoice' || `${at.pathname}${at.search}` === path, `${k.kind} (${lang}) stayed at ${path}, not ${at.pathname}${at.search}`);
          await save(k.kind, lang, page);
          if (k.kind === 'admin product form' && lang === 'en') {
            await page.locator('.search-preview').scrollIntoViewIfNeeded();
            await evidence.screens(page, 'j28-admin-product-search');
          }
        }
      };
      // A guest's languages side by side; a signed-in visitor's one after another, since each
      // load of the app asks for the profile, which the server limits per address.
      if (who === GUEST) await Promise.all(LANGS.map(visit));
      else for (const [i, lang] of LANGS.entries()) await visit(lang, i);
    }
    took('pages loaded', t0);
    if (slow.length) log(`slow pages: ${slow.join('; ')}`);
    // The product's structured data names what the owner set.
    const served = docs.find((d) => d.how === 'served' && d.kind === 'product' && d.lang === 'en');
    const product = (await served.sd).data.jsonld.Product[0];
    assert.deepEqual([product.brand?.name, product.mpn, product.gtin], [ids.brand, ids.mpn, ids.gtin], 'the Product names its brand, MPN and GTIN');
    const ruTitle = /<title[^>]*>([^<]*)<\/title>/.exec(readFileSync(docs.find((d) => d.how === 'served' && d.kind === 'product' && d.lang === 'ru').file, 'utf8'))?.[1];
    assert.equal(ruTitle, 'Купить у нас: проверка', "the Russian page's title is the owner's");
    const rows = [];
    const failures = [];
    for (const d of docs) {
      const errs = await d.nu;
      const sd = await d.sd;
      rows.push({ kind: d.kind, lang: d.lang, how: d.how, nu: errs.length, sd: sd.errors.length });
      if (errs.length) failures.push(`Nu, ${d.how} ${d.kind} (${d.lang}), ${d.file}:\n      ${errs.slice(0, 6).join('\n      ')}`);
      if (sd.errors.length) failures.push(`structured data, ${d.how} ${d.kind} (${d.lang}):\n      ${sd.errors.join('\n      ')}`);
    }
    took('every document checked', t0);
    log(`Nu HTML Checker: ${docs.length} documents, one JVM (started in ${(nu.startedInMs / 1000).toFixed(1)} s)`);
    const report = table(rows);
    writeFileSync(join(runDir, 'validators.md'), report + '\n');
    log(`counts per page kind (errors):\n${report}`);
    writeFileSync(join(runDir, 'validators-errors.txt'), failures.join('\n') + '\n');
    assert.ok(failures.length === 0, `the outside checkers found errors in ${failures.length} documents (all in validators-errors.txt):\n  ${failures.slice(0, 12).join('\n  ')}`);
  },
};
