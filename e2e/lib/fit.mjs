// Layout assertions with element boxes: nothing wider than the screen, actions on screen.
import { assert } from './wait.mjs';

/** The page is no wider than its viewport (no sideways scrolling). */
export async function pageFits(page, what) {
  const { sw, vw } = await page.evaluate(() => ({ sw: document.scrollingElement.scrollWidth, vw: window.innerWidth }));
  assert.ok(sw <= vw, `${what} at ${vw} px: the page is ${sw} px wide (scrolls sideways)`);
}

/**
 * Every visible control matched by `selector` lies inside the viewport and inside its
 * clipping table (a table that scrolls inside its box hides what is past its edge).
 * Returns how many were checked.
 */
export async function controlsOnScreen(page, selector, what) {
  const out = await page.evaluate((selector) => {
    const vw = window.innerWidth;
    const bad = [];
    let n = 0;
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      n++;
      const clip = el.closest('.rt-TableRoot, .rt-ScrollAreaViewport')?.getBoundingClientRect();
      const right = Math.min(vw, clip ? clip.right : vw);
      const left = Math.max(0, clip ? clip.left : 0);
      if (r.left < left - 0.5 || r.right > right + 0.5) {
        bad.push(`${(el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40)} at x ${Math.round(r.left)}-${Math.round(r.right)} (visible ${Math.round(left)}-${Math.round(right)})`);
      }
    }
    return { n, bad, vw };
  }, selector);
  assert.ok(out.n > 0, `${what}: no controls found for ${selector}`);
  assert.deepEqual(out.bad, [], `${what} at ${out.vw} px: controls off the visible edge`);
  return out.n;
}

/** The open dialog's box lies inside the viewport's width. */
export async function dialogFits(page, what) {
  const out = await page.evaluate(() => {
    const d = document.querySelector('[role="dialog"], [role="alertdialog"]');
    if (!d) return null;
    const r = d.getBoundingClientRect();
    const wide = [...d.querySelectorAll('*')].filter((e) => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && (b.right > r.right + 0.5 || b.left < r.left - 0.5);
    });
    return { l: r.left, r: r.right, vw: window.innerWidth, sticking: wide.slice(0, 3).map((e) => (e.textContent || e.tagName).trim().slice(0, 30)) };
  });
  assert.ok(out, `${what}: a dialog is open`);
  assert.ok(out.l >= 0 && out.r <= out.vw, `${what} at ${out.vw} px: the dialog spans x ${Math.round(out.l)}-${Math.round(out.r)}`);
  assert.deepEqual(out.sticking, [], `${what} at ${out.vw} px: content sticks out of the dialog`);
}

/**
 * On a desktop the page's lists are tables with their column headers, not the phone's cards
 * (components/FitTable turns rows into cards in a narrow container).
 */
export async function listsAreTables(page, what) {
  const out = await page.evaluate(() => ({
    tables: document.querySelectorAll('main .fit-table').length,
    cards: document.querySelectorAll('main .fit-table[data-cards]').length,
    vw: window.innerWidth,
  }));
  assert.ok(out.tables > 0, `${what}: no list found`);
  assert.equal(out.cards, 0, `${what} at ${out.vw} px: ${out.cards} of ${out.tables} lists shown as cards instead of a table`);
}

/**
 * Every element matched by `locator` shows its text whole: nothing cut at its edge (an ellipsis
 * or hidden overflow) and its box inside its container (`within`, a selector: the open dialog).
 */
export async function textWhole(locator, what, within = '[role="dialog"]') {
  const out = await locator.evaluateAll((els, within) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const d = el.closest(within)?.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5;
      const outside = d && (r.left < d.left - 0.5 || r.right > d.right + 0.5);
      return { text: el.textContent.trim(), cut, outside, vw: window.innerWidth };
    }),
  within);
  assert.ok(out.length > 0, `${what}: nothing found`);
  const bad = out.filter((o) => o.cut || o.outside).map((o) => `"${o.text}"${o.cut ? ' cut' : ''}${o.outside ? ` outside ${within}` : ''}`);
  assert.deepEqual(bad, [], `${what} at ${out[0].vw} px: text not shown whole`);
}

/**
 * In every row of the table (`selector`), the texts of neighbouring cells keep `minGap` px apart
 * (they read as one word closer than that: "6,25%69,00 $"), and the page does not scroll sideways.
 */
export async function cellsApart(page, selector, what, minGap = 6) {
  const out = await page.evaluate(({ selector, minGap }) => {
    const box = (el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return r.getBoundingClientRect();
    };
    const close = [];
    for (const tr of document.querySelectorAll(`${selector} tr`)) {
      const cells = [...tr.children].filter((c) => c.getBoundingClientRect().width > 0 && c.textContent.trim());
      for (let i = 1; i < cells.length; i++) {
        const gap = box(cells[i]).left - box(cells[i - 1]).right;
        if (gap < minGap) close.push(`"${cells[i - 1].textContent.trim()}" and "${cells[i].textContent.trim()}" ${Math.round(gap)} px apart`);
      }
    }
    return { close, sw: document.scrollingElement.scrollWidth, vw: window.innerWidth };
  }, { selector, minGap });
  assert.deepEqual(out.close, [], `${what} at ${out.vw} px: columns run together`);
  assert.ok(out.sw <= out.vw, `${what} at ${out.vw} px: the page is ${out.sw} px wide`);
}
