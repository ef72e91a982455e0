// Customer accounts for journeys that do not test registration itself.
import { api, apiOk } from './api.mjs';

let seq = 0;

/** Registers a customer through the API (POST /api/auth/register) and returns its credentials. */
export async function registerCustomer(baseURL, firstName = 'Riley', lastName = 'Stone') {
  const c = {
    email: `${firstName.toLowerCase()}.${Date.now()}.${++seq}@e2e.stageshop.test`,
    password: 'Stage1234',
    firstName,
    lastName,
  };
  const body = { email: c.email, password: c.password, confirmPassword: c.password, firstName, lastName };
  // Registration is limited to 5 a minute per IP and every journey shares one: wait for the
  // window to pass rather than fail a journey that comes after others that registered.
  for (let tries = 0; ; tries++) {
    const r = await api(baseURL, 'POST', '/api/auth/register', { body });
    if (r.status === 201) return c;
    if (r.status !== 429 || tries >= 13) throw new Error(`POST /api/auth/register answered ${r.status}: ${JSON.stringify(r.body)}`);
    await new Promise((done) => setTimeout(done, 5_000));
  }
}

/**
 * Logs in through the API; returns {token, refreshToken, ...user}. Logins are
 * limited to 10 a minute per IP and a lane's journeys share one: like
 * registration, wait for the window rather than fail a later journey.
 */
export async function apiLogin(baseURL, { email, password }) {
  for (let tries = 0; ; tries++) {
    const r = await api(baseURL, 'POST', '/api/auth/login', { body: { email, password } });
    if (r.status === 200) return r.body;
    if (r.status !== 429 || tries >= 13) throw new Error(`POST /api/auth/login answered ${r.status}: ${JSON.stringify(r.body)}`);
    await new Promise((done) => setTimeout(done, 5_000));
  }
}

/**
 * An order placed through the API (used when journey 2, which places one
 * through the UI, did not get that far): a new customer buys 1 × product.
 */
export async function placeOrderViaApi(baseURL, product) {
  const customer = await registerCustomer(baseURL, 'Morgan', 'Api');
  const { token } = await apiLogin(baseURL, customer);
  await apiOk(baseURL, 'POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
  const shipping = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62704',
    country: 'United States',
    phone: '+1 555 0101',
    email: customer.email,
  };
  const order = await apiOk(baseURL, 'POST', '/api/checkout/create-order', {
    token,
    body: { shippingInfo: shipping, billingInfo: shipping, useShippingForBilling: true, shippingMethod: 'standard' },
  });
  return { id: order.id, number: order.orderNumber, total: order.totalAmount, customer };
}
