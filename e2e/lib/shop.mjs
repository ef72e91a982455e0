// Page helpers in the user's terms: the header's cart, login, language menu, product cards.
import { loginLimitWaits } from './browser.mjs';
import { assert, atPath, hasText, hidden, until, visible } from './wait.mjs';

export const header = (page) => page.locator('header');
export const main = (page) => page.getByRole('main');

/** The cart icon button in the header; its accessible name is "Cart, N item(s)". */
export const cartButton = (page) => header(page).getByRole('button', { name: /^Cart, \d+ items?$/ });

/** Waits until the header's cart says `n` items. */
export async function cartCountIs(page, n) {
  await until(
    async () => (await cartButton(page).getAttribute('aria-label')) === `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,
    async () => `header cart should read "Cart, ${n} item(s)", reads ${JSON.stringify(await cartButton(page).getAttribute('aria-label').catch(() => null))}`,
  );
}

/** Opens the cart popover and returns it (a dialog named "Shopping Cart"). */
export async function openCart(page) {
  const dialog = page.getByRole('dialog', { name: 'Shopping Cart' });
  if (!(await dialog.isVisible())) await cartButton(page).click();
  return visible(dialog, 'the cart popover "Shopping Cart"');
}

/** Closes the open popover or dialog with Escape and waits until it is gone (focus back on its trigger). */
export async function closePopover(page) {
  await page.keyboard.press('Escape');
  await until(async () => (await page.getByRole('dialog').count()) === 0, 'the popover should close on Escape');
  await page.waitForTimeout(100);
}

/** A product card on the home grid, found by its heading (the localized name). */
export const productCard = (page, name) =>
  main(page).locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Fills the login form at /login and submits it. */
export async function submitLogin(page, email, password) {
  await visible(main(page).getByRole('heading', { name: 'Login' }), 'the Login screen');
  await field(main(page), 'Email').fill(email);
  await field(main(page), 'Password').fill(password);
  await main(page).getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens /login, signs in and waits until the app has left /login. */
export async function login(page, email, password) {
  await page.goto('/login');
  // Logins are limited to 10 a minute per IP, shared by a lane's journeys:
  // a 429 is the limit doing its job, so wait for the window and sign in again.
  loginLimitWaits.add(page);
  try {
    for (let tries = 0; ; tries++) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
      await submitLogin(page, email, password);
      if ((await answer).status() !== 429 || tries >= 13) break;
      await page.waitForTimeout(5_000);
    }
  } finally {
    loginLimitWaits.delete(page);
  }
  await until(() => new URL(page.url()).pathname !== '/login', `login as ${email} should leave /login`);
  await visible(header(page).getByRole('button', { name: /^Account menu for / }), 'the user chip after login');
}

/**
 * The header's language button; its name is "Language: <current native name>"
 * in the current language (e.g. "Язык: Русский"), so match on the native name.
 */
export const languageButton = (page) => header(page).getByRole('button', { name: /(English|Русский|中文)$/ });

/** Picks a language in the header's language menu by its native name. */
export async function switchLanguage(page, nativeName) {
  await languageButton(page).click();
  const option = page.getByRole('link', { name: nativeName, exact: true });
  await visible(option, `the ${nativeName} option in the language menu`);
  await option.click();
  await hidden(option, 'the language menu after choosing');
}

export async function localStorageItem(page, key) {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export { assert, atPath, hasText, until, visible };

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form control by its exact label text; a required field's label ends in " *" (aria-hidden). */
export const field = (scope, label) => scope.getByLabel(new RegExp(`^${escapeRe(label)}(\\s*\\*)?$`));

/**
 * Fills an address form ({ label: value }): text fields typed, the country and a US state chosen
 * from their lists by ISO code (issue 34). The country goes first: it decides whether the state is a list.
 */
export async function fillAddress(scope, values) {
  const entries = Object.entries(values).sort(([a], [b]) => (b === 'Country') - (a === 'Country'));
  for (const [label, value] of entries) {
    const f = field(scope, label);
    if (await f.evaluate((el) => el.tagName === 'SELECT')) await f.selectOption(value);
    else await f.fill(value);
  }
}
