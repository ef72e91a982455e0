// 36. Quotes (issue 47): a venue on a phone asks for a quote from its cart (the event, a message,
// the delivery address); the owner prices it at /admin/quotes (a lower unit price, a crew service
// line, shipping, a validity date), saves revision 2 and sends it; the venue, approved for invoice
// terms, accepts it with a PO number and the order carries exactly the quote's total, its number
// and the PO. Screens: j36-quote-request (390), j36-quote-editor (1280/390), j36-quote-page
// (1280/390) and j36-quote-document.
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, fillAddress, login, main, openCart, until, visible } from '../lib/shop.mjs';

const ADDRESS = { Phone: '+1 512 555 0136', Address: '1 Congress Ave', City: 'Austin', 'State / Province': 'TX', 'ZIP Code': '78701', Country: 'US' };

/** The date `days` from today, YYYY-MM-DD (UTC). */
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export default {
  id: 36,
  title: 'A venue requests a quote from its cart at 390 px; the owner adds crew and sends it; the venue accepts on a PO and the order has the quoted total',
  async run({ baseURL, newContext, evidence, log }) {
    const { token: adminToken } = await apiLogin(baseURL, ADMIN);
    const fixture = (await allProducts(baseURL)).find((p) => p.isActive && p.stockQuantity >= 5 && !p.freightOnly && (p.variants?.length ?? 1) <= 1 && !p.hire?.enabled);
    assert.ok(fixture, 'the demo catalog has a product in stock');
    const venue = await registerCustomer(baseURL, 'Vera', 'Venue');
    const { token, id: venueId } = await apiLogin(baseURL, venue);
    await apiOk(baseURL, 'PUT', `/api/admin/users/${venueId}/invoice-terms`, { token: adminToken, body: { allowed: true, termsDays: 30 } });
    await apiOk(baseURL, 'POST', '/api/cart/items', { token, body: { productId: fixture.id, quantity: 2 } });

    // The venue, on a phone: Request a quote beside checkout in the cart.
    const shopper = await (await newContext()).newPage();
    await shopper.setViewportSize(PHONE);
    await login(shopper, venue.email, venue.password);
    const cart = await openCart(shopper);
    await cart.getByRole('button', { name: 'Request a quote' }).click();
    await atPath(shopper, '/quotes/new', 'the request form');
    const form = main(shopper);
    await visible(form.getByTestId('quote-request-lines').getByText(`× 2`), 'the cart lines go with the request');
    await field(form, 'Event name').fill('Spring gala');
    await field(form, 'Event date').fill(inDays(20));
    await field(form, 'Venue').fill('Town hall');
    await field(form, 'Message to the shop').fill('Load-in from 9 am, stage door on 2nd St.');
    await fillAddress(form, ADDRESS);
    await evidence.screens(shopper, 'j36-quote-request', { only: 'phone' });
    await form.getByRole('button', { name: 'Send quote request' }).click();
    await until(() => /^\/account\/quotes\/\w+$/.test(new URL(shopper.url()).pathname), 'the request lands on its quote page', 15_000);
    const quoteId = new URL(shopper.url()).pathname.split('/').pop();
    await visible(main(shopper).getByTestId('quote-status').getByText('Requested'), 'the quote is requested');

    // The owner prices it: fixtures at $10 off, a crew service line, shipping, valid a week.
    const owner = await (await newContext()).newPage();
    await login(owner, ADMIN.email, ADMIN.password);
    await owner.goto('/admin/quotes?status=requested');
    const asked = await apiOk(baseURL, 'GET', `/api/admin/quotes/${quoteId}`, { token: adminToken });
    await main(owner).getByRole('link', { name: asked.number }).click();
    await atPath(owner, `/admin/quotes/${quoteId}`, "the quote's editor");
    const unit = (asked.lines[0].unitPrice - 10).toFixed(2);
    await field(main(owner), 'Unit price').fill(unit);
    await main(owner).getByRole('button', { name: 'Crew' }).click();
    await field(main(owner), 'Amount').fill('250');
    await field(main(owner), 'Shipping').fill('40');
    await field(main(owner), 'Valid until').fill(inDays(7));
    await main(owner).getByRole('button', { name: 'Save as revision 2' }).click();
    await visible(main(owner).getByTestId('quote-number').getByText('revision 2'), 'the save made revision 2');
    await visible(main(owner).getByTestId('quote-history').getByText(/Crew added/), 'the history says what changed');
    await evidence.screens(owner, 'j36-quote-editor');
    await evidence.axe(owner, 'quote editor');
    await main(owner).getByRole('button', { name: 'Send to the customer' }).click();
    await visible(main(owner).getByTestId('quote-status').getByText('Sent'), 'the quote is sent');
    const sent = await apiOk(baseURL, 'GET', `/api/admin/quotes/${quoteId}`, { token: adminToken });
    assert.equal(sent.revision, 2);
    assert.equal(sent.serviceLines[0].amount, 250);
    assert.equal(sent.lines[0].unitPrice, Number(unit));

    // The venue sees the latest revision and accepts on invoice terms with its PO number.
    await shopper.reload();
    const page = main(shopper);
    await visible(page.getByTestId('quote-status').getByText('Sent'), 'the venue sees the sent quote');
    const total = `$${sent.total.toFixed(2)}`;
    await visible(page.getByTestId('quote-total').getByText(total, { exact: true }), `the quote's total ${total}`);
    await visible(page.getByText(/Subject to availability at confirmation/), 'the quote books nothing');
    await evidence.screens(shopper, 'j36-quote-page');
    const doc = await (await newContext()).newPage();
    await login(doc, venue.email, venue.password);
    await doc.goto(`/account/quotes/${quoteId}/document`);
    await until(async () => doc.url().startsWith('blob:') && /Subject to availability/i.test(await doc.content()), 'the printable document opens', 15_000);
    await evidence.screens(doc, 'j36-quote-document');
    await page.getByTestId('payment-invoice').click();
    await field(page, 'Purchase order (PO) number').fill('PO-4471');
    await page.getByRole('button', { name: 'Accept quote' }).click();
    await until(() => new URL(shopper.url()).pathname === '/account/orders', 'accepting goes to the new order', 15_000);
    const dialog = shopper.getByRole('dialog');
    await visible(dialog.getByTestId('order-total').getByText(total, { exact: true }), `the order shows the quote's total ${total}`);

    const [order] = await apiOk(baseURL, 'GET', '/api/checkout/orders', { token });
    assert.equal(order.totalAmount, sent.total, 'the order is at exactly the quoted total');
    assert.equal(order.quoteNumber, sent.number, 'the order names its quote');
    const detail = await apiOk(baseURL, 'GET', `/api/checkout/orders/${order.id}`, { token });
    assert.equal(detail.payment.method, 'invoice');
    assert.equal(detail.payment.poNumber, 'PO-4471', 'the PO number is on the order');
    log(`${sent.number} rev ${sent.revision} ${total} accepted as ${order.orderNumber} on PO-4471`);
  },
};
