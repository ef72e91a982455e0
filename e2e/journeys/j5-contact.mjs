// 5. Contact: a visitor sends the form (and sees each validation message
// first); the admin sees it in the stats and the table, sets it to Resolved
// with a note, deletes another.
import { apiOk } from '../lib/api.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, hasText, main, submitLogin, until, visible } from '../lib/shop.mjs';
import { hidden } from '../lib/wait.mjs';

const tag = Date.now().toString(36);
const FIRST = { name: `Jordan Lights ${tag}`, email: 'jordan@e2e.stageshop.test', subject: 'Quote for 12 moving heads', message: 'Hello, could you send a quote for 12 Aurora 350 heads for a June tour?' };
const SECOND = { name: `Sam Spam ${tag}`, email: 'sam@e2e.stageshop.test', subject: 'Please ignore', message: 'A test request that the admin deletes.' };

async function fill(page, v) {
  await field(main(page), 'Name').fill(v.name);
  await field(main(page), 'Email').fill(v.email);
  await field(main(page), 'Subject').fill(v.subject);
  await field(main(page), 'Message').fill(v.message);
}

export default {
  id: 5,
  title: 'Contact: validation, send; admin stats, Resolved with a note, delete',
  async run({ baseURL, newContext, evidence }) {
    const visitor = await newContext();
    const page = await visitor.newPage();

    // On the way: the information pages the footer links to (saved as screens).
    for (const [path, title] of [
      ['/shipping', 'Shipping Information'],
      ['/returns', 'Returns & Refunds'],
      ['/warranty', 'Warranty'],
      ['/faq', 'Frequently Asked Questions'],
    ]) {
      await page.goto(path);
      await visible(main(page).getByRole('heading', { level: 1, name: title }), `the ${title} page`);
      if (path === '/shipping') {
        // The rates and threshold are the server's; none show before it answers.
        await visible(main(page).getByText('Free standard shipping on orders of $500.00 or more'), "the server's free-shipping threshold");
        await visible(main(page).getByRole('cell', { name: '$19.99' }), "the server's express rate");
      }
      await evidence.screens(page, `info${path.replace('/', '-')}`);
    }
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Contact Us' }).click();
    await atPath(page, '/contact', 'the footer Contact Us link');
    await visible(main(page).getByRole('heading', { level: 1, name: 'Contact Us' }), 'the Contact Us heading');
    await visible(main(page).getByText('Monday to Friday: 9:00 AM to 6:00 PM EST'), 'the office hours card');

    // Every validation message first.
    const send = main(page).getByRole('button', { name: 'Send Message' });
    await send.click();
    const required = main(page).getByText('This field is required', { exact: true });
    await until(async () => (await required.count()) === 3, async () => `three "This field is required" messages (name, subject, message), saw ${await required.count()}`);
    await visible(main(page).getByText('Please enter a valid email address'), '"Please enter a valid email address"');
    await evidence.screens(page, 'contact-errors');
    // Blank after trimming is still empty; a bad address is still invalid.
    await field(main(page), 'Name').fill('   ');
    await field(main(page), 'Email').fill('not-an-email');
    await send.click();
    await until(async () => (await required.count()) === 3, 'a name of spaces is still required');
    await visible(main(page).getByText('Please enter a valid email address'), 'the e-mail error for "not-an-email"');
    // A field's error clears when it is edited.
    await field(main(page), 'Subject').fill(FIRST.subject);
    await until(async () => (await required.count()) === 2, 'editing Subject clears its error');
    await field(main(page), 'Email').fill(FIRST.email);
    await hidden(main(page).getByText('Please enter a valid email address'), 'the e-mail error after editing');

    // Send for real (values are trimmed).
    await fill(page, { ...FIRST, name: `  ${FIRST.name}  ` });
    await send.click();
    await visible(page.getByText('Message sent successfully!'), '"Message sent successfully!"');
    assert.equal(await field(main(page), 'Name').inputValue(), '', 'the form is cleared after sending');
    await evidence.screens(page, 'contact');
    await fill(page, SECOND);
    await send.click();
    await until(async () => (await field(main(page), 'Name').inputValue()) === '', 'the second request is sent and the form cleared');

    // Admin: stats and table.
    const admin = await newContext();
    const ap = await admin.newPage();
    await ap.goto('/login');
    await submitLogin(ap, ADMIN.email, ADMIN.password);
    await atPath(ap, '/admin', 'the admin lands on /admin');
    const { token } = await apiOk(baseURL, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    const before = await apiOk(baseURL, 'GET', '/api/contact/admin/stats', { token });
    assert.ok(before.totalRequests >= 2 && before.newRequests >= 2, `the API counts the two new requests: ${JSON.stringify(before)}`);
    await main(ap).getByRole('link', { name: 'Contact Requests' }).click();
    await atPath(ap, '/admin/contact-requests', 'the Contact Requests view');
    await hasText(main(ap).getByTestId('stat-total'), String(before.totalRequests), 'the Total card');
    await hasText(main(ap).getByTestId('stat-new'), String(before.newRequests), 'the New card');
    await hasText(main(ap).getByTestId('stat-resolved'), String(before.resolvedRequests), 'the Resolved card');
    const row1 = main(ap).getByRole('row').filter({ hasText: FIRST.name });
    const row2 = main(ap).getByRole('row').filter({ hasText: SECOND.name });
    await visible(row1, 'the first request in the table');
    await visible(row1.getByText(FIRST.subject), 'its subject');
    await visible(row1.getByText('New', { exact: true }), 'status New');
    await visible(row2, 'the second request in the table');
    await evidence.screens(ap, 'admin-contact-requests');

    // View the details.
    await row1.getByRole('button', { name: `View the request from ${FIRST.name}` }).click();
    const details = ap.getByRole('dialog', { name: 'Contact request' });
    await visible(details.getByText(FIRST.message), 'the message in the details dialog');

    // Resolved with a note.
    await details.getByRole('button', { name: 'Update status' }).click();
    const statusDialog = ap.getByRole('dialog', { name: 'Update status' });
    await visible(statusDialog, 'the status dialog');
    await field(statusDialog, 'Status').click();
    await ap.getByRole('option', { name: 'Resolved', exact: true }).click();
    await field(statusDialog, 'Admin notes').fill('Quote sent by e-mail.');
    await statusDialog.getByRole('button', { name: 'Save' }).click();
    await visible(ap.getByText('Status updated successfully'), '"Status updated successfully"');
    await visible(row1.getByText('Resolved', { exact: true }), 'the row shows Resolved');
    await hasText(main(ap).getByTestId('stat-resolved'), String(before.resolvedRequests + 1), 'the Resolved card counts it');
    await hasText(main(ap).getByTestId('stat-new'), String(before.newRequests - 1), 'the New card drops by one');
    const { requests } = await apiOk(baseURL, 'GET', '/api/contact/admin/requests?status=Resolved', { token });
    const saved = requests.find((r) => r.name === FIRST.name);
    assert.equal(saved?.adminNotes, 'Quote sent by e-mail.', 'the note is saved');
    assert.equal(saved?.name, FIRST.name, 'the name was trimmed before sending');

    // Delete the other one after confirming.
    await row2.getByRole('button', { name: `Delete the request from ${SECOND.name}` }).click();
    const confirm = ap.getByRole('alertdialog', { name: 'Delete contact request' });
    await visible(confirm.getByText('This action cannot be undone.', { exact: false }), 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(ap.getByText('Contact request deleted successfully'), '"Contact request deleted successfully"');
    await hidden(row2, 'the deleted request');
    await hasText(main(ap).getByTestId('stat-total'), String(before.totalRequests - 1), 'the Total card after deleting');
  },
};
