// 7. Token expiry: with a short access-token lifetime configured for the test
// server, an action after expiry succeeds through one refresh, and a revoked
// refresh token sends the user to /login (at once: the session's live stream
// ends with it).
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin, registerCustomer } from '../lib/accounts.mjs';
import { assert, atPath, cartCountIs, header, localStorageItem, main, productCard, submitLogin, until, visible } from '../lib/shop.mjs';

export const ACCESS_TOKEN_TTL = '5s';

/** Expiry (ms since epoch) of a JWT access token, from its exp claim. */
function expiry(token) {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
  assert.ok(payload.exp, 'the access token carries an exp claim');
  return payload.exp * 1000;
}

async function waitPastExpiry(page, log) {
  const token = await localStorageItem(page, 'authToken');
  assert.ok(token, 'an access token is stored');
  const ms = expiry(token) - Date.now() + 1500;
  assert.ok(ms < 15_000, `the access token should live about ${ACCESS_TOKEN_TTL} (expires in ${Math.round(ms / 1000)} s); is STAGESHOP_ACCESS_TOKEN_TTL applied?`);
  log(`waiting ${Math.max(0, ms)} ms for the access token to expire`);
  if (ms > 0) await page.waitForTimeout(ms);
  return token;
}

export default {
  id: 7,
  title: `Token expiry (access tokens of ${ACCESS_TOKEN_TTL}): one refresh and retry; a revoked refresh token sends to /login`,
  async run({ startServer, newContext, log }) {
    const server = await startServer('short-tokens', { STAGESHOP_ACCESS_TOKEN_TTL: ACCESS_TOKEN_TTL });
    const customer = await registerCustomer(server.url, 'Terry', 'Token');
    const [a] = (await allProducts(server.url)).filter((p) => p.stockQuantity > 2);

    const ctx = await newContext({ baseURL: server.url });
    // An expired access token is answered 401 by design (that is what this
    // journey provokes); Chromium logs each such response as a console error.
    ctx.allowConsole((text) => /status of 401 \(Unauthorized\)/.test(text) && text.includes(`${server.url}/api/`));
    const page = await ctx.newPage();
    const calls = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) calls.push({ at: Date.now(), method: r.request().method(), path: u.pathname, status: r.status() });
    });

    await page.goto('/login');
    await submitLogin(page, customer.email, customer.password);
    await atPath(page, '/', 'the customer lands on /');
    await visible(header(page).getByRole('button', { name: /^Account menu for / }), 'the user chip');
    await visible(productCard(page, a.name), 'the home cards');

    // 1. After expiry, an action succeeds through exactly one refresh.
    const firstToken = await waitPastExpiry(page, log);
    const firstRefresh = await localStorageItem(page, 'refreshToken');
    const mark = Date.now();
    await productCard(page, a.name).getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 1 ${a.name} to cart!`), 'the add succeeds after the token expired');
    await cartCountIs(page, 1);
    const after = calls.filter((c) => c.at >= mark);
    const refreshes = after.filter((c) => c.path === '/api/auth/refresh');
    assert.equal(refreshes.length, 1, `exactly one refresh after expiry; calls: ${JSON.stringify(after.map((c) => `${c.method} ${c.path} ${c.status}`))}`);
    assert.equal(refreshes[0].status, 200, 'the refresh succeeds');
    const adds = after.filter((c) => c.method === 'POST' && c.path === '/api/cart/items');
    assert.deepEqual(adds.map((c) => c.status), [401, 200], 'the add is answered 401 once, then retried once with the new token');
    const secondToken = await localStorageItem(page, 'authToken');
    assert.ok(secondToken && secondToken !== firstToken, 'a new access token is stored');
    assert.notEqual(await localStorageItem(page, 'refreshToken'), firstRefresh, 'the refresh token was rotated');
    assert.equal(new URL(page.url()).pathname, '/', 'the user stays on the page');

    // 2. The refresh token is revoked elsewhere (the same user logs this sign-in out from another device).
    // The session's live stream ends with it at once (issue 27); the app reconnects and refetches, the
    // ended session's token is refused, so is its one refresh, and the page goes to /login by itself,
    // before the access token would even expire.
    const other = await apiLogin(server.url, customer);
    const mark2 = Date.now();
    await apiOk(server.url, 'POST', '/api/auth/logout', { token: other.token, body: { refreshToken: await localStorageItem(page, 'refreshToken') } });
    await atPath(page, '/login', 'a revoked refresh token sends the user to /login, without waiting for an action');
    const after2 = calls.filter((c) => c.at >= mark2);
    const refreshes2 = after2.filter((c) => c.path === '/api/auth/refresh');
    assert.deepEqual(refreshes2.map((c) => c.status), [401], `one refresh attempt, refused; calls: ${JSON.stringify(after2.map((c) => `${c.method} ${c.path} ${c.status}`))}`);
    await until(async () => (await localStorageItem(page, 'authToken')) === null, 'the access token is cleared');
    assert.equal(await localStorageItem(page, 'refreshToken'), null, 'the refresh token is cleared');
    assert.equal(await localStorageItem(page, 'cartSessionId'), null, 'the cart session id is cleared');
    await visible(header(page).getByRole('button', { name: 'Login' }), 'the Login button (signed out)');

    // Signing in again returns to where the user was.
    await submitLogin(page, customer.email, customer.password);
    await atPath(page, '/', 'after signing in again the app returns to /');
    await cartCountIs(page, 1);
    await visible(main(page).getByRole('heading', { level: 1 }), 'the home');
  },
};
