// First screens (routes/firstscreen): what the HTML alone shows, and whether the app, once it
// mounts over it, puts the same things in the same places (journeys 8 and 24).
import { assert, until } from './shop.mjs';

/** The app's scripts never arrive: what shows is the HTML alone. */
export const withoutApp = (page) => page.route(/\/assets\/[^?]*\.js(\?|$)/, (route) => route.abort());
export const scriptsBlocked = (text) => /Failed to load resource|net::ERR_FAILED/.test(text);

/** Position, size and text of what the first screen shows, in the shown tree (first screen or app). */
function boxes(page, selectors) {
  return page.evaluate((selectors) => {
    const root = document.querySelector('#root > .radix-themes');
    const list = [];
    for (const sel of selectors) for (const el of root.querySelectorAll(sel)) list.push([sel, el]);
    [...root.querySelectorAll('article')].slice(0, 4).forEach((card, i) => {
      list.push([`card ${i}`, card]);
      for (const sel of ['img', 'h2', 'p', 'button']) for (const el of card.querySelectorAll(sel)) list.push([`card ${i} ${sel}`, el]);
    });
    return list.map(([what, el]) => {
      const r = el.getBoundingClientRect();
      return { what, text: (el.textContent || el.getAttribute('aria-label') || '').trim(), x: r.x, y: r.y, w: r.width, h: r.height };
    });
  }, selectors);
}

/** Loads path without the app, then with it, and checks the app puts the same things in the same places. */
export async function samePlaces(newContext, log, name, viewport, path, selectors, check) {
  const bare = await newContext();
  bare.allowConsole(scriptsBlocked);
  const page = await bare.newPage();
  await page.setViewportSize(viewport);
  await withoutApp(page);
  await page.goto(path);
  assert.ok(await shown(page, '.first-screen'), `${name} ${path}: the first screen shows without the app's scripts`);
  assert.ok(!(await shown(page, '.boot-header')), `${name} ${path}: the boot header is hidden under the first screen`);
  const before = await boxes(page, selectors);
  check(before);

  const full = await newContext();
  const app = await full.newPage();
  await app.setViewportSize(viewport);
  await app.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await app.goto(path);
  await until(async () => app.evaluate(() => !document.querySelector('.first-screen') && !!document.querySelector('#root h1')), `${name} ${path}: the app mounts over the first screen`);
  await app.waitForTimeout(500);
  const after = await boxes(app, selectors);
  assert.equal(after.length, before.length, `${name} ${path}: the app shows the same elements as the first screen:\n${JSON.stringify(before.map((b) => b.what))}\n${JSON.stringify(after.map((b) => b.what))}`);
  before.forEach((b, i) => {
    const a = after[i];
    assert.equal(a.what, b.what, `${name} ${path}: element ${i}`);
    assert.equal(a.text, b.text, `${name} ${path}: ${b.what} reads the same before and after the app mounts`);
    for (const k of ['x', 'y', 'w', 'h']) {
      assert.ok(Math.abs(a[k] - b[k]) <= 1, `${name} ${path}: ${b.what} ("${b.text.slice(0, 30)}") ${k} ${b[k]} -> ${a[k]}: the app moved it after mounting over the first screen (routes/firstscreen/screens.gen.gohtml, rendered from the components by npm run first-screen)`);
    }
  });
  const shift = await app.evaluate(() => window.__shift);
  assert.ok(shift < 0.01, `${name} ${path}: layout shift while the app starts is ${shift}`);
  log(`${name} ${path}: ${before.length} elements in place, layout shift ${shift.toFixed(4)}`);
  // Closed at once: each page keeps connections (and the app its live stream), and the server
  // allows only so many per address (ops/connections.go).
  await bare.close();
  await full.close();
}

export const shown = (page, sel) => page.evaluate((s) => { const el = document.querySelector(s); return !!el && getComputedStyle(el).display !== 'none'; }, sel);
