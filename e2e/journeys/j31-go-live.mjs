// 31. The go-live checklist (issue 44), on a server of its own: the Overview's "Ready to open?"
// card starts red where the demo shows (example sender, demo bank text, demo legal pages, demo
// products, no mail server, no card keys) and turns green item by item as the owner fixes each:
// the store's e-mail in Settings > Store through the page, the SMTP server (Mailpit) with a
// delivered e-mail, the bank details, the three legal pages, the demo products deleted, and
// card payments are ready from the start (the server has the Stripe keys of stripe-mock).
// Screens: j31-checklist-before, j31-checklist-ready (1280/390).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { allProducts, api, apiOk } from '../lib/api.mjs';
import { apiLogin } from '../lib/accounts.mjs';
import { startMailpit } from '../lib/mailpit.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, field, main, submitLogin, until, visible } from '../lib/shop.mjs';
import { STRIPE_KEYS, startStripeMock } from '../lib/stripemock.mjs';

const ROOT = { email: 'root31@e2e.stageshop.test', password: 'E2eRoot123456' };
const KEYS = ['mail_server', 'sender', 'bank_details', 'card_payments', 'store_details', 'legal_pages', 'demo_content'];

/** The checklist as the Overview shows it: key -> done. */
async function shown(page) {
  await page.goto('/admin/overview');
  const card = main(page).getByTestId('readiness');
  await visible(card, 'the go-live checklist on the Overview');
  const out = {};
  for (const key of KEYS) out[key] = (await card.getByTestId(`readiness-${key}`).getAttribute('data-ok')) === 'true';
  return out;
}

/** Asserts the card shows exactly the ready items. */
async function expectReady(page, ready, when) {
  let got;
  await until(async () => {
    got = await shown(page);
    return KEYS.every((k) => got[k] === ready.includes(k));
  }, `${when}: ready ${ready.join(', ')} (shown: ${JSON.stringify(got)})`, 20_000);
  await visible(main(page).getByTestId('readiness-count').getByText(`${ready.length} of ${KEYS.length} ready`), `${when}: the count`);
}

/** A superuser's token on server (PocketBase's own mail settings). */
async function superuser(bin, server) {
  await promisify(execFile)(resolve(bin), ['superuser', 'upsert', ROOT.email, ROOT.password, '--dir', server.dataDir], { timeout: 60_000 });
  const { token } = await apiOk(server.url, 'POST', '/api/collections/_superusers/auth-with-password', { body: { identity: ROOT.email, password: ROOT.password } });
  return token;
}

/** The owner's fixes made through the API (each has its own journey through the screens). */
async function fixThroughApi(server, token, mailpit, su) {
  const pay = await apiOk(server.url, 'GET', '/api/admin/settings/payments', { token });
  await apiOk(server.url, 'PUT', '/api/admin/settings/payments', { token, body: { ...pay, bankDetails: 'Account holder: Lumen Stage Supply LLC\nIBAN: GB33 BUKB 2020 1555 5555 55' } });
  for (const slug of ['privacy', 'terms', 'returns']) {
    const p = await apiOk(server.url, 'GET', `/api/pages/${slug}`);
    await apiOk(server.url, 'PUT', `/api/admin/pages/${slug}`, { token, body: { title: p.title, source: { en: `Lumen Stage Supply's own ${slug} wording.` } } });
  }
  // A kit's components are refused (409 product_in_kit) while the kit lists them: they go after it.
  const inKit = [];
  for (const p of await allProducts(server.url)) {
    const r = await api(server.url, 'DELETE', `/api/products/${p.id}`, { token });
    if (r.status === 409 && r.body?.code === 'product_in_kit') inKit.push(p);
    else assert.equal(r.status, 200, `DELETE ${p.name}: ${JSON.stringify(r.body)}`);
  }
  for (const p of inKit) await apiOk(server.url, 'DELETE', `/api/products/${p.id}`, { token });
  await apiOk(server.url, 'PATCH', '/api/settings', { token: su, body: { smtp: { enabled: true, host: '127.0.0.1', port: mailpit.smtpPort, tls: false } } });
  // An e-mail goes out through it: the contact form's copy to the visitor.
  await apiOk(server.url, 'POST', '/api/contact/submit', { body: { name: 'Mo', email: 'mo@lumen-stage.com', subject: 'Hire', message: 'Do you hire hazers?' } });
  await mailpit.waitFor('mo@lumen-stage.com');
}

export default {
  id: 31,
  title: 'Go-live checklist: red where the demo shows, green item by item as the owner fixes each',
  timeoutMs: 5 * 60_000,
  async run({ bin, newContext, evidence, startServer, log }) {
    const mailpit = await startMailpit();
    const stripe = await startStripeMock();
    try {
      // The operator gave the Stripe keys (card payments are ready; the Go tests turn that item green too).
      const server = await startServer('golive', {
        STAGESHOP_STRIPE_SECRET_KEY: STRIPE_KEYS.secret, STAGESHOP_STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook, STAGESHOP_STRIPE_API_BASE: stripe.url,
      });
      const { token } = await apiLogin(server.url, ADMIN);
      const page = await (await newContext({ baseURL: server.url })).newPage();
      await page.goto('/login');
      await submitLogin(page, ADMIN.email, ADMIN.password);
      await atPath(page, '/admin', 'the admin lands on /admin');
      await expectReady(page, ['store_details', 'card_payments'], 'the demo shop');
      await evidence.screens(page, 'j31-checklist-before');
      await evidence.axe(page, 'the go-live checklist');

      // The sender: the item's own link leads to the store details, where the owner gives the shop's address.
      await main(page).getByTestId('readiness-sender').getByRole('link', { name: 'Edit the store details' }).click();
      await atPath(page, '/admin/settings', 'the store details');
      await field(main(page), 'Shop name').fill('Lumen Stage Supply');
      await field(main(page), 'Contact e-mail').fill('hello@lumen-stage.com');
      await main(page).getByRole('button', { name: 'Save store details' }).click();
      await visible(page.getByText('Store details saved'), 'the store details are saved');
      await expectReady(page, ['store_details', 'card_payments', 'sender'], 'after the store e-mail');

      const su = await superuser(bin, server);
      await fixThroughApi(server, token, mailpit, su);
      
      await expectReady(page, KEYS, 'every item fixed');
      await visible(main(page).getByText('Everything is set: the shop is ready to open.'), 'the shop is ready to open');
      await evidence.screens(page, 'j31-checklist-ready');
      log('the checklist went from 2 to 7 of 7 as the owner fixed the items');
    } finally {
      await stripe.stop();
      await mailpit.stop();
    }
  },
};
