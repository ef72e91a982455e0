// 3. Protected screens: /profile signed out goes to login and comes back
// after; a customer opening /admin lands on /.
import { registerCustomer } from '../lib/accounts.mjs';
import { DESKTOP, PHONE } from '../lib/browser.mjs';
import { assert, atPath, field, header, main, submitLogin, visible } from '../lib/shop.mjs';
import { hidden } from '../lib/wait.mjs';

export default {
  id: 3,
  title: 'Protected screens: /profile via login and back; a customer at /admin lands on /',
  async run({ baseURL, newContext, evidence, state }) {
    const customer = state.customer ?? (await registerCustomer(baseURL, 'Pat', 'Guard'));
    const { newPage } = await newContext();
    const page = await newPage();

    // Signed out: /profile sends to /login, remembering where we were going.
    await page.goto('/profile');
    await atPath(page, '/login', 'a signed-out visit to /profile is sent to /login');
    await submitLogin(page, customer.email, customer.password);
    await atPath(page, '/profile', 'after login the app returns to /profile');
    await visible(main(page).getByRole('heading', { name: 'My Profile' }), 'the My Profile heading');
    assert.equal(await field(main(page), 'Email').inputValue(), customer.email, 'the profile shows the e-mail');
    await visible(main(page).getByText('Customer', { exact: true }), 'the Customer role in the account details');
    await evidence.screens(page, 'profile');

    // A customer does not see the Admin link and is sent from /admin to /.
    await visible(header(page).getByRole('link', { name: 'My Orders' }), 'the My Orders link for a signed-in user');
    assert.equal(await header(page).getByRole('link', { name: 'Admin', exact: true }).count(), 0, 'no Admin link for a customer');
    await page.goto('/admin');
    await atPath(page, '/', 'a customer opening /admin lands on /');
    await visible(main(page).getByRole('heading', { level: 1, name: 'Professional Stage Equipment' }), 'the shop home');
    assert.equal(await main(page).getByRole('link', { name: 'Manage Products' }).count(), 0, 'no Manage Products button for a customer');

    // On a phone the same links are in the side drawer.
    await page.setViewportSize(PHONE);
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await visible(drawer, 'the side drawer on a 390 px screen');
    for (const link of ['Products', 'Profile', 'My Orders']) {
      await visible(drawer.getByRole('link', { name: link, exact: true }), `the ${link} link in the drawer`);
    }
    await visible(drawer.getByRole('button', { name: 'Logout' }), 'Logout in the drawer');
    await evidence.screens(page, 'mobile-menu', { only: 'phone' });
    await drawer.getByRole('link', { name: 'My Orders', exact: true }).click();
    await atPath(page, '/account/orders', 'the drawer link opens My Orders');
    await hidden(drawer, 'the drawer after choosing a link');
    await page.setViewportSize(DESKTOP);

    // Logout from the user chip clears the session and goes to /.
    await visible(main(page).getByRole('heading', { name: 'My Orders' }), 'My Orders for the signed-in customer');
    await header(page).getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await atPath(page, '/', 'Logout navigates to /');
    await visible(header(page).getByRole('button', { name: 'Login' }), 'the Login button after logout');
    assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null, 'the token is cleared on logout');
    await page.goto('/account/orders');
    await atPath(page, '/login', 'My Orders needs a signed-in user again after logout');
  },
};
