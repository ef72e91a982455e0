import j1 from './j1-guest-cart.mjs';
import j2 from './j2-guest-to-customer.mjs';
import j3 from './j3-protected.mjs';
import j4 from './j4-admin.mjs';
import j5 from './j5-contact.mjs';
import j6 from './j6-languages.mjs';
import j7 from './j7-token-expiry.mjs';
import j8 from './j8-first-screen.mjs';
import j9 from './j9-security.mjs';
import j10 from './j10-shop-as-used.mjs';
import j15 from './j15-keyboard.mjs';
import j11 from './j11-email.mjs';
import j12 from './j12-checkout-shipping.mjs';
import j13 from './j13-live.mjs';
import j14 from './j14-admin-overview.mjs';
import j16 from './j16-search.mjs';
import j17 from './j17-addresses.mjs';
import j18 from './j18-checkout-signin.mjs';
import j19 from './j19-payments.mjs';
import j20 from './j20-phone-nav.mjs';
import j21 from './j21-same-instant.mjs';
import j22 from './j22-tax-invoice.mjs';
import j23 from './j23-variants.mjs';
import j24 from './j24-variants-first-screen.mjs';
import j26 from './j26-shipping-freight.mjs';
import j27 from './j27-categories-import.mjs';
import j25 from './j25-owner-settings.mjs';
import j28 from './j28-validators.mjs';
import j29 from './j29-order-page.mjs';
import j30 from './j30-card-return.mjs';
import j31 from './j31-go-live.mjs';
import j32 from './j32-checkout-account.mjs';
import j33 from './j33-returns.mjs';
import j34 from './j34-promo-code.mjs';
import j35 from './j35-hire.mjs';
import j36 from './j36-quotes.mjs';
import j39 from './j39-venue-code.mjs';

// Journey 15 runs first: it signs in twice, and the server allows 10 sign-ins and 5
// registrations a minute from one IP, which the journeys share. Journey 13 runs last: it sells
// out a product (and restocks it) while others watch. Journey 23 adds a product with options
// (the newest): journeys that count the demo catalog run before it; so does 24. Journey 27 adds a
// category and imports products (it puts the two products it moves back in Stage). Journey 35 adds
// products for hire only, with no stock for sale: it runs late, and journeys pick products in stock.
export const journeys = [j15, j1, j2, j3, j4, j5, j6, j7, j8, j9, j10, j11, j12, j14, j16, j17, j18, j19, j20, j21, j22, j23, j24, j25, j26, j27, j28, j29, j30, j31, j32, j33, j34, j39, j36, j35, j13];

// The journeys run in two lanes at once, each lane on its own server (a copy of the same
// template, so its own database and its own per-IP rate limits) and in the order above.
// Lane 1 is every journey on the shared server whose data the next ones see: 2 hands its
// order and customer to 3 and 4 (`state`, which is per lane), 23 and 24 add products after the
// journeys that count the catalog, 13 sells out a product last. Lane 2 is the two longest
// journeys, 28 (the outside checkers on Java) and 10 (the shop as used, on the lane's own
// fresh server), with the journeys that start servers of their own.
export const lanes = [
  [15, 1, 2, 3, 4, 5, 6, 8, 12, 14, 16, 17, 18, 20, 23, 24, 25, 27, 29, 32, 33, 35, 13],
  [7, 9, 10, 11, 19, 21, 22, 26, 28, 30, 31, 34, 39, 36],
];

// Every journey is in exactly one lane (the runner would skip one that is in none).
const inLanes = lanes.flat();
for (const j of journeys) {
  const n = inLanes.filter((id) => id === j.id).length;
  if (n !== 1) throw new Error(`journey ${j.id} is in ${n} lanes (journeys/index.mjs): each must be in one`);
}
if (inLanes.length !== journeys.length) throw new Error(`journeys/index.mjs: lanes name ${inLanes.length} journeys, there are ${journeys.length}`);
