// 15. Keyboard only: a shopper who cannot use a mouse finds a product by search, adds it,
// opens the cart, signs in, checks out with express shipping (arrow keys on the method
// cards) and places the order, with Tab, Shift+Tab, arrows, Enter and Space alone; every
// control reached shows where the focus is, and a new screen takes the focus to its content;
// then My Orders lists the order (at 390 px reached through the menu drawer).
import { allProducts } from '../lib/api.mjs';
import { registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { assert, atPath, cartCountIs, main, until, visible } from '../lib/shop.mjs';

/** What has the focus: tag, role, accessible-ish name, and whether a focus ring shows. */
function describeFocus() {
  const el = document.activeElement;
  if (!el || el === document.body) return { tag: 'BODY', name: '', ring: false };
  const labelled = el.getAttribute('aria-labelledby');
  const name =
    el.getAttribute('aria-label') ||
    (labelled && document.getElementById(labelled)?.textContent) ||
    (el.labels && el.labels[0]?.textContent) ||
    el.getAttribute('placeholder') ||
    el.textContent ||
    '';
  // The ring is an outline (the theme's focus style; box shadows also draw borders, so they do
  // not count), on the element or, for inputs inside a Radix field, on its root.
  const ringOf = (node) => {
    if (!node) return false;
    const s = getComputedStyle(node);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
  };
  // A step's heading is focused by the app for screen readers (tabindex -1): no ring needed.
  if (el.getAttribute('tabindex') === '-1' && /^H[1-6]$/.test(el.tagName)) return { tag: el.tagName, role: 'heading', name: name.trim(), ring: true };
  const ring = ringOf(el) || ringOf(el.closest('.rt-TextFieldRoot, .rt-TextAreaRoot, .rt-SelectTrigger, .rt-RadioCardsItem'));
  return { tag: el.tagName, role: el.getAttribute('role') ?? '', name: name.trim().replace(/\s+/g, ' ').slice(0, 80), ring };
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `want` (a RegExp on its name);
 * fails after `max` presses. Every stop on the way must show a focus ring.
 */
async function tabTo(page, want, what, { back = false, max = 80 } = {}) {
  const unringed = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await page.evaluate(describeFocus);
    if (f.tag !== 'BODY' && !f.ring) unringed.push(`${f.tag}${f.role ? `[${f.role}]` : ''} "${f.name}"`);
    if (want.test(f.name)) {
      assert.deepEqual(unringed, [], `on the way to ${what}: controls without a visible focus ring`);
      return f;
    }
  }
  throw new Error(`${what}: not reached with ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`);
}

/** The focus is on the new screen's content (the main region or inside it), not left behind. */
async function focusInMain(page, what) {
  await until(
    () => page.evaluate(() => !!document.activeElement?.closest('#main')),
    async () => `${what}: the focus is on the new screen's content (it is on ${JSON.stringify(await page.evaluate(describeFocus))})`,
  );
}

/** Types into the focused field after clearing it. */
async function typeHere(page, text) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Fills the checkout's shipping form field by field, moving with Tab only. */
async function fillShipping(page, values) {
  for (const [label, value] of values) {
    await tabTo(page, new RegExp(`^${label}`), `the ${label} field`);
    await typeHere(page, value);
  }
}

async function shopByKeyboard(page, product, customer, { phone }) {
  await page.goto('/');
  await visible(main(page).getByRole('heading', { level: 1 }), 'the home');
  // Search: type the product's name and submit with Enter.
  await tabTo(page, /^Search/, 'the search field');
  await page.keyboard.type(product.name);
  await page.keyboard.press('Enter');
  await until(() => new URL(page.url()).searchParams.get('search') === product.name, 'the search in the URL');
  await visible(main(page).getByRole('link', { name: product.name }).first(), 'the product in the results');
  await tabTo(page, new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), 'the product link');
  await page.keyboard.press('Enter');
  await atPath(page, `/products/${product.id}`, 'the product page by Enter');
  await visible(main(page).getByRole('heading', { level: 1, name: product.name }), 'the product page');
  await focusInMain(page, 'the product page');

  await tabTo(page, /^Add to Cart$/, 'Add to Cart');
  await page.keyboard.press('Enter');
  await cartCountIs(page, 1);

  // The cart: back up to the header's cart button, open it, go to checkout.
  await tabTo(page, /^Cart, 1 item$/, 'the cart button', { back: true });
  await page.keyboard.press('Enter');
  await visible(page.getByRole('dialog'), 'the cart popover');
  await tabTo(page, /^Proceed to Checkout$/, 'Proceed to Checkout');
  await page.keyboard.press('Enter');
  // A guest makes the account on the checkout page, or signs in from there (issue 44).
  await atPath(page, '/checkout', 'a guest stays on checkout');
  await visible(main(page).getByTestId('checkout-account'), 'the account step of checkout');
  await tabTo(page, /^Sign in$/, 'the Sign in link of the account step');
  await page.keyboard.press('Enter');
  await atPath(page, '/login', 'the sign-in page');
  // The sign-in screen loads its code on first use: the Tabs start once its form is there (they
  // ran out while the screen was still loading when the machine was busy).
  await visible(main(page).getByLabel(/^Email/), 'the sign-in form');

  // Sign in: the e-mail field, Tab to the password, Enter submits.
  await tabTo(page, /^Email/, 'the e-mail field');
  await page.keyboard.type(customer.email);
  await tabTo(page, /^Password/, 'the password field');
  await page.keyboard.type(customer.password);
  await page.keyboard.press('Enter');
  await atPath(page, '/checkout', 'back to checkout after signing in');
  // The step opens with its heading focused; Tab goes on from there.
  await until(async () => (await page.evaluate(describeFocus)).name === 'Shipping', 'the Shipping heading focused');

  await fillShipping(page, [
    ['Phone', '+1 555 0199'],
    ['Address', '7 Keyboard Way'],
    ['City', 'Springfield'],
    // A US state is chosen from its list by typing its name (the country is preset to the US).
    ['State / Province', 'Illinois'],
    ['ZIP Code', '62704'],
  ]);
  assert.equal(await main(page).getByLabel(/^State/).inputValue(), 'IL', 'Illinois chosen from the list by keyboard');
  // The country list comes last, preset to the shop's home: Tab passes it.
  await tabTo(page, /^Country/, 'the Country list', { max: 1 });
  assert.equal(await main(page).getByLabel(/^Country/).inputValue(), 'US', "the country preset to the shop's home");
  // The method cards appear for the country; they are one radio group: Tab enters it at the
  // chosen card, the arrows choose (held like a person's key press: Radix checks the card the
  // focus moves to only while the arrow is down).
  await visible(main(page).getByRole('radio', { name: /^Standard/, checked: true }), 'the domestic methods, standard chosen');
  const first = await tabTo(page, /^Standard/, 'the shipping methods', { max: 1 });
  assert.equal(first.role, 'radio', 'the shipping methods are radio buttons');
  await page.keyboard.press('ArrowDown', { delay: 80 });
  await until(async () => (await page.evaluate(describeFocus)).name.startsWith('Express'), 'Express chosen with an arrow key');
  await visible(main(page).getByRole('radio', { name: /^Express/, checked: true }), 'Express checked');
  await tabTo(page, /^Continue to Billing$/, 'Continue to Billing');
  await page.keyboard.press('Enter');
  await until(async () => (await page.evaluate(describeFocus)).name === 'Billing', 'the Billing heading focused');
  await tabTo(page, /^Review Order$/, 'Review Order');
  await page.keyboard.press('Enter');
  await until(async () => (await page.evaluate(describeFocus)).name === 'Review', 'the Review heading focused');
  await tabTo(page, /^Place Order$/, 'Place Order');
  await page.keyboard.press('Enter');
  const number = (await visible(main(page).getByText(/ORD-\d{8}-\w+/).first(), `the confirmation${phone ? ' on a phone' : ''}`).then((l) => l.textContent())).match(/ORD-\d{8}-\w+/)[0];

  // My Orders lists it: on a phone through the menu drawer, on a desktop from the header.
  if (phone) {
    await tabTo(page, /^Open menu$/, 'the menu button', { back: true });
    await page.keyboard.press('Enter');
    await visible(page.getByRole('dialog'), 'the menu drawer');
    await tabTo(page, /^My Orders$/, 'My Orders in the drawer');
  } else {
    await tabTo(page, /^My Orders$/, 'My Orders in the header', { back: true });
  }
  await page.keyboard.press('Enter');
  await atPath(page, '/account/orders', 'My Orders by Enter');
  await visible(main(page).getByRole('heading', { level: 1, name: 'My Orders' }), 'My Orders');
  await focusInMain(page, `My Orders from the ${phone ? 'drawer' : 'header'}`);
  await visible(main(page).getByText(number).first(), `order ${number} in My Orders`);
}

export default {
  id: 15,
  title: 'Keyboard only: search, add, cart, sign in, checkout with express, order, My Orders (1280 and 390 px)',
  async run({ baseURL, newContext }) {
    const products = (await allProducts(baseURL)).filter((p) => p.isActive && p.stockQuantity >= 5);
    assert.ok(products.length >= 2, 'two products in stock');
    const customer = await registerCustomer(baseURL, 'Kim', 'Keys');
    for (const [i, vp] of [[0, null], [1, PHONE]]) {
      const { newPage } = await newContext();
      const page = await newPage();
      if (vp) await page.setViewportSize(vp);
      await shopByKeyboard(page, products[i], customer, { phone: !!vp });
    }
  },
};
