// 35. Hire (issue 46): the owner keeps a "PA for 200" kit (two tops, two subs, a mixer) for hire
// only, $150 a day, $250 a weekend, a $500 deposit. A shopper on a phone picks a Friday to the
// Monday after on its calendar, sees "Weekend rate, Fri-Mon", $250.00 and the deposit, adds it to
// the cart (which shows the dates) and pays by bank transfer; the order books the kit and its
// components. The admin records the transfer, checks the kit out and back in from a phone with a
// $35.00 cleaning fee: the booking shows the deposit settled ($35.00 kept, $465.00 back), and the
// order has the $465.00 refunded with a credit note of no tax. The products are created hire-only
// with no stock for sale, so the journeys that pick a product in stock never pick them. The panel
// links the hire page (deposits, collection and return), which the shopper reads first.
// Screens: j35-hire-picker, j35-hire-cart, j35-bookings-returned (1280/390).
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { allProducts, apiOk } from '../lib/api.mjs';
import { PHONE } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, fillAddress, hasText, login, main, openCart, visible } from '../lib/shop.mjs';

const KIT = 'E2E PA for 200';
const SHIPPING = { Phone: '+1 (555) 0146', Address: '12 Venue Row', City: 'Austin', 'State / Province': 'TX', 'ZIP Code': '73301', Country: 'US' };

/** A product for hire only through the admin API. */
function hireProduct(baseURL, token, image, name, { fleet = 0, day, weekend = null, deposit = 0, kit } = {}) {
  return apiOk(baseURL, 'POST', '/api/products', {
    token,
    body: {
      name, description: `${name}, for hire.`, price: 999, category: 'Sound', imageFileNames: [image], stockQuantity: 0,
      isActive: true, attributes: [],
      hire: { enabled: true, saleEnabled: false, deposit, bufferDays: 1, minDays: 1, leadDays: 0 },
      hireRates: { day, weekend, week: null }, hireQuantity: fleet, ...(kit ? { kit } : {}),
    },
  });
}

const DAY = 86_400_000;
const addDays = (s, n) => new Date(Date.parse(`${s}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The first Friday a week or more after the shop's today (the availability route's). */
async function nextFriday(baseURL, productId) {
  const { today } = await apiOk(baseURL, 'GET', `/api/products/${productId}/availability?from=${todayGuess()}&to=${todayGuess()}`);
  let d = addDays(today, 7);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 5) d = addDays(d, 1);
  return d;
}
const todayGuess = () => new Date().toISOString().slice(0, 10);

export default {
  id: 35,
  title: 'Hire: a PA kit for a weekend on a phone, paid by transfer, checked out and in with a cleaning fee, the deposit rest refunded',
  async run({ baseURL, newContext, evidence, log }) {
    const admin = await apiLogin(baseURL, ADMIN);
    const [seeded] = await allProducts(baseURL);
    const image = seeded.imageFileName;
    const tops = await hireProduct(baseURL, admin.token, image, 'E2E Line Array Top', { fleet: 4, day: 40 });
    const subs = await hireProduct(baseURL, admin.token, image, 'E2E 18" Sub', { fleet: 4, day: 50 });
    const mixer = await hireProduct(baseURL, admin.token, image, 'E2E Digital Mixer', { fleet: 2, day: 30 });
    const kit = await hireProduct(baseURL, admin.token, image, KIT, {
      day: 150, weekend: 250, deposit: 500,
      kit: [{ productId: tops.id, quantity: 2 }, { productId: subs.id, quantity: 2 }, { productId: mixer.id, quantity: 1 }],
    });
    const friday = await nextFriday(baseURL, kit.id);
    const monday = addDays(friday, 3);

    // The shopper, on a phone: the calendar, the weekend price and the deposit.
    const shopper = await registerCustomer(baseURL, 'Harper', 'Hire');
    const page = await (await newContext()).newPage();
    await page.setViewportSize(PHONE);
    await login(page, shopper.email, shopper.password);
    await page.goto(`/products/${kit.id}`);
    const panel = main(page).getByTestId('hire-panel');
    await visible(panel, 'the hire panel');
    // The hire page (deposits, collection and return, in /admin/pages) is a link away.
    await panel.getByRole('link', { name: 'How hire works: deposits, collection and return' }).click();
    await visible(main(page).getByRole('heading', { level: 1, name: 'Hire: deposits, collection and return' }), 'the hire page');
    await hasText(main(page), /Bring a photo ID in the name on the order/, "the hire page's collection");
    await page.goBack();
    await visible(panel, 'the hire panel, back from the hire page');
    const day = (d) => panel.getByRole('button', { name: new RegExp(`^\\d+\\s*, ${d}: `) });
    await visible(day(friday), `the calendar's ${friday}`);
    await day(friday).click();
    await day(monday).click();
    const quote = panel.getByTestId('hire-quote');
    await hasText(quote, /Weekend rate, Fri-Mon/, 'the rule in words');
    await hasText(quote, /\$250\.00/, 'the weekend price');
    await hasText(quote, /Deposit \$500\.00/, 'the deposit');
    await evidence.screens(page, 'j35-hire-picker');
    await evidence.axe(page, 'the hire calendar');
    await panel.getByRole('button', { name: 'Add to cart' }).click();
    const cart = await openCart(page);
    await hasText(cart.getByTestId('hire-dates'), `Hire ${friday} to ${monday} (4 days) · deposit $500.00`, 'the cart line has the dates');
    await evidence.screens(page, 'j35-hire-cart', { only: 'phone' });
    await page.keyboard.press('Escape');

    // Checkout, paid by bank transfer (the default method).
    await page.goto('/checkout');
    await visible(main(page).getByRole('heading', { name: 'Shipping', exact: true }), 'the shipping step');
    await fillAddress(main(page), SHIPPING);
    await visible(main(page).getByTestId('method-standard'), 'the shipping methods');
    await main(page).getByRole('button', { name: 'Continue to Billing' }).click();
    await visible(main(page).getByTestId('payment-bank_transfer'), 'the bank transfer method');
    await main(page).getByRole('button', { name: 'Review Order' }).click();
    await main(page).getByRole('button', { name: 'Place Order' }).click();
    await visible(main(page).getByRole('heading', { name: 'Thank you for your order!' }), 'the confirmation', 15_000);

    const booked = await apiOk(baseURL, 'GET', `/api/admin/bookings?from=${friday}&to=${monday}`, { token: admin.token });
    const kitBooking = booked.find((b) => b.productId === kit.id);
    assert.ok(kitBooking && kitBooking.status === 'reserved' && kitBooking.start === friday && kitBooking.end === monday, `the kit is booked: ${JSON.stringify(booked)}`);
    assert.equal(booked.filter((b) => b.kitBookingId === kitBooking.id).length, 3, 'and its three components with it');
    const orderURL = `/api/checkout/admin/orders/${kitBooking.orderId}`;
    const placed = await apiOk(baseURL, 'GET', orderURL, { token: admin.token });
    assert.equal(placed.depositAmount, 500, 'the order carries the deposit');
    assert.equal(placed.subtotalAmount, 250, 'the subtotal is the weekend price, without the deposit');
    await apiOk(baseURL, 'POST', `${orderURL}/payments`, { token: admin.token, body: { amount: placed.payment.outstanding } });

    // The admin, on a phone: check out, then check in with a cleaning fee.
    const desk = await (await newContext()).newPage();
    await desk.setViewportSize(PHONE);
    await login(desk, ADMIN.email, ADMIN.password);
    await desk.goto('/admin/bookings');
    const row = main(desk).getByTestId('booking').filter({ hasText: KIT }).filter({ hasText: `${friday} to ${monday}` }).last();
    await visible(row, 'the kit in the bookings');
    await row.getByRole('button', { name: 'Check out' }).click();
    await visible(row.getByRole('button', { name: 'Check in' }), 'the kit is out');
    await row.getByLabel('Fee kept from the deposit').selectOption('cleaning');
    await row.getByLabel('Fee amount').fill('35');
    await row.getByRole('button', { name: 'Check in' }).click();
    await hasText(row.getByTestId('booking-settlement'), 'Deposit $500.00: $35.00 kept, $465.00 back to the customer, $0.00 owed', 'the deposit settled');
    await evidence.screens(desk, 'j35-bookings-returned');
    await evidence.axe(desk, 'the bookings after the check-in');

    const after = await apiOk(baseURL, 'GET', orderURL, { token: admin.token });
    assert.equal(after.payment.amountRefunded, 465, `the rest of the deposit is refunded: ${JSON.stringify(after.payment)}`);
    assert.equal(after.payment.outstanding, 0, 'nothing is owed');
    const notes = after.creditNotes ?? [];
    assert.ok(notes.length === 1 && notes[0].amount === 465 && notes[0].taxAmount === 0, `a credit note of the deposit, no tax: ${JSON.stringify(notes)}`);
    log(`${KIT} ${friday}..${monday}: $250.00 + $500.00 deposit; returned with $35.00 cleaning, $465.00 refunded (${notes[0].number})`);
  },
};
