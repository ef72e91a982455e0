// 37. Staff roles (issue 49): an Admin makes a customer Fulfilment staff with the role picker on the
// customers screen; that user signs in on a phone (390 px) and lands in the admin area's orders,
// whose navigation has Orders but neither Settings nor Products; the order shows no refund or
// payment actions; the user changes the order's status; /admin/settings typed in the address
// shows the no-access page. Screens j37-role-picker, j37-fulfilment-order, j37-no-access (1280/390).
import { allProducts, apiOk } from '../lib/api.mjs';
import { apiLogin, placeOrderViaApi, registerCustomer } from '../lib/accounts.mjs';
import { PHONE } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { assert, atPath, hasText, main, submitLogin, until, visible } from '../lib/shop.mjs';

export default {
  id: 37,
  title: 'Staff roles: an Admin makes a user Fulfilment; on a phone that user works the orders, and Settings says no access',
  async run({ baseURL, newContext, evidence }) {
    const [product] = (await allProducts(baseURL)).filter((p) => p.stockQuantity > 2 && !p.freightOnly);
    const order = await placeOrderViaApi(baseURL, product);
    const packer = await registerCustomer(baseURL, 'Frankie', 'Packer');

    // The Admin gives the Fulfilment role on the customers screen.
    const page = await (await newContext()).newPage();
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await atPath(page, '/admin', 'the admin lands on /admin');
    await page.goto(`/admin/customers?search=${encodeURIComponent(packer.email)}`);
    await main(page).getByRole('button', { name: `Details of ${packer.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Frankie Packer' });
    const picker = dialog.getByRole('group', { name: 'Staff roles' });
    await picker.getByRole('checkbox', { name: /^Fulfilment/ }).click();
    await evidence.screens(page, 'j37-role-picker');
    await evidence.axe(page, 'role picker', { include: '[role="dialog"]' });
    await picker.getByRole('button', { name: 'Save roles' }).click();
    await visible(page.getByText("Frankie Packer's roles are saved"), 'the roles are saved');
    const { token } = await apiLogin(baseURL, ADMIN);
    const { users } = await apiOk(baseURL, 'GET', `/api/admin/users?search=${encodeURIComponent(packer.email)}`, { token });
    assert.deepEqual(users[0].roles, ['Fulfilment', 'Customer'], 'the server has the Fulfilment role');
    assert.deepEqual(users[0].permissions, ['orders.read', 'orders.status'], "and the role's permissions");

    // The Fulfilment user, on a phone: the orders, and only the order screens in the nav.
    const staff = await (await newContext()).newPage();
    await staff.setViewportSize(PHONE);
    await staff.goto('/login');
    await submitLogin(staff, packer.email, packer.password);
    await atPath(staff, '/admin/orders', 'the Fulfilment user starts at the orders');
    const nav = staff.getByRole('navigation', { name: 'Admin sections' });
    await visible(nav.getByRole('link', { name: /^Orders/ }), 'Orders in the admin navigation');
    const links = (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
    assert.ok(!links.includes('Settings') && !links.includes('Products'), `no Settings or Products in the navigation (${links.join(', ')})`);

    await main(staff).getByRole('row').filter({ hasText: order.number }).getByRole('link', { name: order.number }).click();
    await atPath(staff, `/admin/orders/${order.id}`, "the order's page");
    const select = main(staff).getByRole('combobox', { name: `Status of order ${order.number}` });
    await visible(select, 'the status of the order');
    assert.equal(await main(staff).getByRole('button', { name: /^Refund/ }).count(), 0, 'no refund action for Fulfilment');
    await select.click();
    await staff.getByRole('option', { name: 'Processing', exact: true }).click();
    await visible(staff.getByText('Order status updated successfully'), 'the status is saved');
    await hasText(select, 'Processing', 'the order shows Processing');
    await until(async () => (await apiOk(baseURL, 'GET', `/api/checkout/admin/orders/${order.id}`, { token })).status === 'Processing', 'the server has Processing');
    await evidence.screens(staff, 'j37-fulfilment-order');

    // Settings by its address: the no-access page, not a broken screen.
    await staff.goto('/admin/settings');
    await visible(main(staff).getByRole('alert').filter({ hasText: 'You do not have access to this page' }), 'the no-access page');
    await visible(main(staff).getByRole('link', { name: 'Go to Orders' }), 'the way back to the orders');
    await evidence.screens(staff, 'j37-no-access');
    await evidence.axe(staff, 'no-access page');
  },
};
