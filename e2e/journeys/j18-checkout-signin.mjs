// 18. Sign-in that returns to checkout (issue 34): a guest with a cart goes to checkout, follows
// its Sign in link (issue 44: the checkout itself makes accounts) to /login, which says why ("Sign in or create an account to finish your order") with the cart's
// count and total, and offers to create an account; registering (step 2 opens with the focus in
// First Name, so the name is typed where it belongs) ends on /login with the e-mail filled in and
// the focus in the password: the shopper types only the password and Enter, and is back on
// checkout. In Russian the same road keeps /ru/. Screens: login-from-checkout.
import { allProducts, apiOk, formatPrice } from '../lib/api.mjs';
import { assert, atPath, field, main, openCart, until, visible } from '../lib/shop.mjs';

const REASON = 'Sign in or create an account to finish your order';

/** The id of the element that has the keyboard focus. */
const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

export default {
  id: 18,
  title: 'Sign-in from checkout: says why, shows the cart, register, only the password, back on checkout',
  async run({ baseURL, newContext, evidence }) {
    const [product] = (await allProducts(baseURL)).filter((p) => p.isActive && p.stockQuantity >= 5);
    const { newPage } = await newContext();
    const page = await newPage();
    await page.goto(`/products/${product.id}`);
    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 1 ${product.name} to cart!`), 'the added notice');

    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
    // The checkout makes the account itself (issue 44, journey 32); a shopper who has one signs in from there.
    await atPath(page, '/checkout', 'a guest stays on checkout');
    await main(page).getByTestId('checkout-sign-in').click();
    await atPath(page, '/login', 'the sign-in page from the checkout');
    const reason = main(page).getByTestId('checkout-reason');
    await visible(reason.getByText(REASON), 'why the sign-in is asked');
    await visible(reason.getByText(`Your cart: 1 item, ${formatPrice(product.price)}`), 'the cart: count and total');
    await evidence.screens(page, 'login-from-checkout');
    await evidence.axe(page, 'login from checkout');

    // Register, with the same return.
    await reason.getByRole('link', { name: 'Create an account' }).click();
    await atPath(page, '/register', 'the register page');
    await visible(main(page).getByText(REASON), 'the reason on the register page too');
    const email = `rita.${Date.now()}@e2e.stageshop.test`;
    await field(main(page), 'Email').fill(email);
    await field(main(page), 'Password').fill('Stage1234');
    await field(main(page), 'Confirm Password').fill('Stage1234');
    await main(page).getByRole('button', { name: 'Next' }).click();
    // Step 2 moves the focus to First Name: typed keys land there, Tab goes on to Last Name.
    await until(async () => (await focusedId(page)) === 'register-firstName', 'the focus in First Name on step 2');
    await page.keyboard.type('Rita');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Return');
    assert.equal(await field(main(page), 'First Name').inputValue(), 'Rita', 'the first name typed into First Name');
    assert.equal(await field(main(page), 'Last Name').inputValue(), 'Return', 'Tab then Last Name');
    await page.keyboard.press('Enter');
    await visible(main(page).getByText('Registration successful! Redirecting to login...'), 'the success message', 15_000);

    // Back on /login: the e-mail is there, the focus waits in the password.
    await atPath(page, '/login', 'the move to /login after registering', 8000);
    await until(async () => (await field(main(page), 'Email').inputValue()) === email, 'the new e-mail filled in');
    await until(async () => (await focusedId(page)) === 'login-password', 'the focus in the password field');
    await visible(main(page).getByText(REASON), 'still on the way to checkout');
    await page.keyboard.type('Stage1234');
    await page.keyboard.press('Enter');
    await atPath(page, '/checkout', 'back on checkout after signing in, not on the home page');
    await visible(main(page).getByRole('heading', { name: 'Shipping' }), 'the shipping step');
    // What the sign-in did with the guest cart is said in the page, above checkout: as a snackbar
    // it lay 12 s over the ZIP field and Continue (issue 34).
    const notice = await visible(main(page).getByTestId('merge-notice'), 'the merge notice above checkout');
    assert.match(await notice.textContent(), /We added 1 item from your guest cart\./);
    assert.equal(await page.locator('.toast').count(), 0, 'no snackbar over the checkout form');
    await evidence.screens(page, 'checkout-merge-notice');

    // In Russian the road keeps the language's address.
    const ru = await apiOk(baseURL, 'GET', '/locales/ru/account.json');
    const guest = await (await newContext({ locale: 'ru-RU' })).newPage();
    await guest.goto('/ru/checkout');
    await visible(main(guest).getByRole('heading', { name: ru.checkoutAccount.title }), 'the account step in Russian');
    await main(guest).getByTestId('checkout-sign-in').click();
    await atPath(guest, '/ru/login', 'a Russian guest signs in at /ru/login');
    await visible(main(guest).getByText(ru.checkoutReason.title), 'the reason in Russian');
    await main(guest).getByRole('link', { name: ru.checkoutReason.register }).click();
    await atPath(guest, '/ru/register', 'register keeps /ru/');
  },
};
