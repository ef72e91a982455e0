// 2. Guest to customer: guest cart with two products, register (both steps),
// the 2 s redirect to login, log in, the guest cart is merged, checkout
// through all four steps with "use shipping address for billing",
// confirmation shows the order number, My Orders lists it, the details
// dialog shows items and total, stock shown on the product went down.
import { allProducts, formatPrice } from '../lib/api.mjs';
import {
  assert,
  atPath,
  cartCountIs,
  field,
  fillAddress,
  hasText,
  header,
  localStorageItem,
  main,
  openCart,
  productCard,
  submitLogin,
  until,
  visible,
} from '../lib/shop.mjs';

export const CUSTOMER = {
  email: `casey.${Date.now()}@e2e.stageshop.test`,
  password: 'Stage1234',
  firstName: 'Casey',
  lastName: 'Jones',
};

const SHIPPING = {
  Phone: '+1 555 0100',
  Address: '12 Backstage Lane',
  City: 'Springfield',
  'State / Province': 'IL',
  'ZIP Code': '62704',
  Country: 'US',
};

export default {
  id: 2,
  title: 'Guest to customer: register, log in, merged cart, checkout, My Orders, stock',
  async run({ baseURL, newContext, evidence, state }) {
    const catalog = await allProducts(baseURL);
    // Two products on the home's first page (newest first), in stock, cheap enough.
    const firstPage = catalog.slice(0, 20);
    const [a, b] = firstPage.filter((p) => p.stockQuantity >= 5 && p.isActive);
    assert.ok(a && b, 'two in-stock products on the first home page');

    const { newPage } = await newContext();
    const page = await newPage();
    await page.goto('/');
    await visible(productCard(page, a.name), `the card of ${a.name}`);

    // Guest cart: 1 × A and 2 × B from the home cards.
    await productCard(page, a.name).getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 1 ${a.name} to cart!`), 'the notice for A');
    const cardB = productCard(page, b.name);
    await cardB.getByRole('button', { name: 'Increase quantity' }).click();
    await until(async () => (await cardB.getByLabel(`Quantity of ${b.name}`).inputValue()) === '2', 'B stepper at 2');
    await cardB.getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 2 ${b.name} to cart!`), 'the notice for B');
    await cartCountIs(page, 3);
    const sessionId = await localStorageItem(page, 'cartSessionId');
    assert.match(sessionId ?? '', /^session_\d+_[A-Za-z0-9]+$/, 'a guest cart session id is stored as session_{timestamp}_{random}');

    // Login screen, then Register.
    await header(page).getByRole('button', { name: 'Login' }).click();
    await atPath(page, '/login', 'the header Login button opens /login');
    await visible(main(page).getByRole('heading', { name: 'Login' }), 'the Login heading');
    await evidence.screens(page, 'login');
    await evidence.axe(page, 'login');
    await main(page).getByRole('link', { name: 'Register' }).click();
    await atPath(page, '/register', 'the Register link');

    // Step 1: account details (validation first).
    await visible(main(page).getByRole('heading', { name: 'Create Account' }), 'the Create Account heading');
    await main(page).getByRole('button', { name: 'Next' }).click();
    await visible(main(page).getByText('Please fill in all fields'), '"Please fill in all fields"');
    await field(main(page), 'Email').fill(CUSTOMER.email);
    await field(main(page), 'Password').fill('Ab1');
    await field(main(page), 'Confirm Password').fill('Ab1');
    await main(page).getByRole('button', { name: 'Next' }).click();
    await visible(main(page).getByText('Password must be at least 6 characters'), '"Password must be at least 6 characters"');
    await field(main(page), 'Password').fill(CUSTOMER.password);
    await field(main(page), 'Confirm Password').fill(CUSTOMER.password + 'x');
    await main(page).getByRole('button', { name: 'Next' }).click();
    await visible(main(page).getByText('Passwords do not match'), '"Passwords do not match"');
    await field(main(page), 'Confirm Password').fill(CUSTOMER.password);
    await evidence.screens(page, 'register-account');
    await main(page).getByRole('button', { name: 'Next' }).click();

    // Step 2: personal information, Back keeps step 1.
    await visible(field(main(page), 'First Name'), 'the First Name field of step 2');
    await main(page).getByRole('button', { name: 'Back' }).click();
    await until(async () => (await field(main(page), 'Email').inputValue()) === CUSTOMER.email, 'Back keeps the e-mail');
    await main(page).getByRole('button', { name: 'Next' }).click();
    await field(main(page), 'First Name').fill(CUSTOMER.firstName);
    await field(main(page), 'Last Name').fill(CUSTOMER.lastName);
    await evidence.screens(page, 'register-personal');
    await main(page).getByRole('button', { name: 'Register' }).click();
    await visible(main(page).getByText('Registration successful! Redirecting to login...'), 'the registration success message', 15_000);
    const shownAt = Date.now();
    await atPath(page, '/login', 'the redirect to /login after registering', 8000);
    const waited = Date.now() - shownAt;
    assert.ok(waited >= 1500, `the redirect should wait about 2 s after the success message (waited ${waited} ms)`);

    // Log in: a customer lands on /, the guest cart is merged.
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await atPath(page, '/', 'a customer lands on / after login');
    await visible(header(page).getByRole('button', { name: `Account menu for ${CUSTOMER.firstName} ${CUSTOMER.lastName}` }), 'the user chip with the full name');
    await visible(header(page).getByText('CJ', { exact: true }), 'avatar initials CJ');
    await cartCountIs(page, 3);
    await until(async () => (await localStorageItem(page, 'cartSessionId')) === null, 'the guest session id is removed after the merge');
    let cart = await openCart(page);
    await visible(cart.getByRole('listitem').filter({ hasText: a.name }).getByText(`${formatPrice(a.price)} × 1`), `${a.name} × 1 in the merged cart`);
    await visible(cart.getByRole('listitem').filter({ hasText: b.name }).getByText(`${formatPrice(b.price)} × 2`), `${b.name} × 2 in the merged cart`);
    const total = a.price + 2 * b.price;
    await visible(cart.getByText(formatPrice(total), { exact: true }), 'the cart total');

    // Checkout: Shipping.
    await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await atPath(page, '/checkout', 'Proceed to Checkout');
    await visible(main(page).getByRole('heading', { level: 1, name: 'Checkout' }), 'the Checkout heading');
    await visible(main(page).getByRole('heading', { name: 'Shipping' }), 'step 1 Shipping');
    const toBilling = main(page).getByRole('button', { name: 'Continue to Billing' });
    // Continue names the fields still missing instead of staying greyed out (issue 16, item 6).
    await toBilling.click();
    await visible(main(page).getByTestId('missing-fields').getByText(/Phone/), 'the missing fields named');
    assert.equal(await field(main(page), 'First Name').inputValue(), CUSTOMER.firstName, 'first name prefilled');
    assert.equal(await field(main(page), 'Email').inputValue(), CUSTOMER.email, 'email prefilled');
    await fillAddress(main(page), SHIPPING);
    await evidence.screens(page, 'checkout-shipping');
    await evidence.axe(page, 'checkout');
    // Domestic standard shipping is the first method offered; below $500.00 it costs $9.99.
    await visible(main(page).getByTestId('method-standard'), 'the standard shipping method card');
    await toBilling.click();

    // Billing: "use shipping address for billing" is on and copies the fields.
    await visible(main(page).getByRole('heading', { name: 'Billing' }), 'step 2 Billing');
    const same = main(page).getByRole('checkbox', { name: 'Use shipping address for billing' });
    await visible(same, 'the "Use shipping address for billing" option');
    assert.equal(await same.getAttribute('aria-checked'), 'true', 'the option is on by default');
    const billingCity = field(main(page), 'City');
    assert.equal(await billingCity.inputValue(), SHIPPING.City, 'billing City is copied from shipping');
    assert.ok(await billingCity.isDisabled(), 'billing fields are disabled while the option is on');
    await evidence.screens(page, 'checkout-billing');
    await main(page).getByRole('button', { name: 'Review Order' }).click();

    // Review.
    await visible(main(page).getByRole('heading', { name: 'Review' }), 'step 3 Review');
    await visible(main(page).getByText(a.name, { exact: true }), `${a.name} in the review`);
    await visible(main(page).getByText(`${formatPrice(b.price)} × 2`), `${b.name} × 2 in the review`);
    await visible(main(page).getByText('Same as shipping address'), 'billing = shipping in the review');
    const withShipping = (Math.round(total * 100) + 999) / 100;
    await hasText(main(page).getByTestId('review-total'), formatPrice(withShipping), 'the order total with shipping in the review');
    await evidence.screens(page, 'checkout-review');
    await main(page).getByRole('button', { name: 'Place Order' }).click();

    // Confirmation.
    await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation', 15_000);
    const orderNumber = await hasText(main(page).getByTestId('order-number'), /^ORD-\d{8}-[A-Z0-9]{4,}$/, 'the order number');
    await visible(main(page).getByRole('link', { name: 'Continue Shopping' }), 'a link back to /products');
    await cartCountIs(page, 0);
    await evidence.screens(page, 'checkout-confirmation');
    state.order = { number: orderNumber, total: withShipping, customer: CUSTOMER, items: [a, b] };
    state.customer = CUSTOMER;

    // My Orders lists it; the details dialog shows items and total.
    await main(page).getByRole('link', { name: 'View My Orders' }).click();
    await atPath(page, '/account/orders', 'View My Orders');
    const row = main(page).getByRole('row').filter({ hasText: orderNumber });
    await visible(row, `the order ${orderNumber} in My Orders`);
    await visible(row.getByText(formatPrice(withShipping), { exact: true }), 'the order total in the row');
    await visible(row.getByText('Created', { exact: true }), 'status Created');
    await hasText(row.getByRole('cell').nth(1), '3', 'the item count');
    await evidence.screens(page, 'my-orders');
    await row.getByRole('button', { name: `Details of order ${orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
    await visible(dialog, 'the order details dialog');
    await visible(dialog.getByRole('row').filter({ hasText: a.name }), `${a.name} in the details`);
    const rowB = dialog.getByRole('row').filter({ hasText: b.name });
    await visible(rowB.getByText(`${formatPrice(b.price)} × 2`), `${b.name} unit price × 2`);
    await visible(rowB.getByText(formatPrice(2 * b.price), { exact: true }), `${b.name} line total`);
    await visible(dialog.getByText('Grand Total'), 'the grand total label');
    await visible(dialog.getByText(formatPrice(withShipping), { exact: true }), 'the grand total');
    await visible(dialog.getByText(SHIPPING.Address), 'the shipping address');
    await visible(dialog.getByText('Order placed'), 'the timeline');
    await evidence.screens(page, 'order-details');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // The stock shown on the product went down by the ordered quantity.
    await page.goto(`/products/${b.id}`);
    await visible(main(page).getByRole('heading', { level: 1, name: b.name }), `the page of ${b.name}`);
    await visible(main(page).getByText(`${b.stockQuantity - 2} in stock`, { exact: true }), `stock of ${b.name} down from ${b.stockQuantity} to ${b.stockQuantity - 2}`);
    await page.goto(`/products/${a.id}`);
    await visible(main(page).getByText(`${a.stockQuantity - 1} in stock`, { exact: true }), `stock of ${a.name} down by 1`);
  },
};
