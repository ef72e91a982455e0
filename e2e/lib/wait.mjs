// Small polling assertions: playwright-core has no auto-retrying expect().
import assert from 'node:assert/strict';

export const TIMEOUT = 10_000;

/** Polls fn until it returns a truthy value (returned) or the timeout passes (throws with message). */
export async function until(fn, message, timeout = TIMEOUT) {
  const deadline = Date.now() + timeout;
  let last;
  let lastError;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      const detail = lastError ? ` (last error: ${lastError.message.split('\n')[0]})` : ` (last value: ${JSON.stringify(last)})`;
      const text = typeof message === 'function' ? await Promise.resolve(message()).catch((e) => `(message failed: ${e.message})`) : message;
      throw new Error(`Timed out after ${timeout} ms: ${text}${detail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the locator is visible; the message says what was expected, in the spec's words. */
export async function visible(locator, what, timeout = TIMEOUT) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`Expected to see ${what} (${locator}) within ${timeout} ms`);
  }
  return locator.first();
}

export async function hidden(locator, what, timeout = TIMEOUT) {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`Expected ${what} to disappear (${locator}) within ${timeout} ms`);
  }
}

/** Waits until the locator's text (trimmed, whitespace collapsed) equals or matches expected. */
export async function hasText(locator, expected, what, timeout = TIMEOUT) {
  let seen;
  await until(
    async () => {
      seen = ((await locator.first().textContent({ timeout: 500 })) ?? '').replace(/\s+/g, ' ').trim();
      return expected instanceof RegExp ? expected.test(seen) : seen === expected;
    },
    () => `${what}: expected ${expected instanceof RegExp ? expected : JSON.stringify(expected)}, saw ${JSON.stringify(seen)}`,
    timeout,
  );
  return seen;
}

/**
 * Whether the app shows the screen of the address bar's path: the address changes before the new
 * screen is shown (a redirect, a screen's code still loading), and the screen's focus move comes
 * with it; the Layout marks main with the path it shows (data-path, without the language). A page
 * without the app's main (another site) counts as shown.
 */
function screenOfUrlShown() {
  const main = document.getElementById('main');
  if (!main || main.closest('.first-screen')) return !main;
  return main.getAttribute('data-path') === location.pathname.replace(/^\/(ru|zh)(?=\/)/, '');
}

/**
 * Waits for the page URL's path (and optionally search) to satisfy the predicate or equal the path,
 * and for the app to show that screen (so a Tab or a click next goes to it, not to the old one).
 */
export async function atPath(page, expected, what, timeout = TIMEOUT) {
  await until(
    async () => {
      const u = new URL(page.url());
      if (!(typeof expected === 'function' ? expected(u) : u.pathname === expected)) return false;
      return page.evaluate(screenOfUrlShown);
    },
    async () => {
      const shown = await page.evaluate(() => document.getElementById('main')?.getAttribute('data-path')).catch(() => '?');
      return `${what}: expected path ${typeof expected === 'function' ? '(predicate)' : expected}, at ${page.url()} (screen shown: ${shown})`;
    },
    timeout,
  );
}

export async function count(locator, n, what, timeout = TIMEOUT) {
  let seen;
  await until(
    async () => (seen = await locator.count()) === n,
    () => `${what}: expected ${n}, saw ${seen}`,
    timeout,
  );
}

export { assert };
