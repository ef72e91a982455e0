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

/** Waits for the page URL's path (and optionally search) to satisfy the predicate or equal the path. */
export async function atPath(page, expected, what, timeout = TIMEOUT) {
  await until(
    () => {
      const u = new URL(page.url());
      return typeof expected === 'function' ? expected(u) : u.pathname === expected;
    },
    () => `${what}: expected path ${typeof expected === 'function' ? '(predicate)' : expected}, at ${page.url()}`,
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
