// Direct calls to the server's JSON API, for set-up and for checks the UI cannot show.
export async function api(baseURL, method, path, { token, body, sessionId } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (sessionId) headers['X-Session-Id'] = sessionId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(baseURL + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

/** Like api() but throws unless the status is 2xx; returns the body. */
export async function apiOk(baseURL, method, path, opts) {
  const r = await api(baseURL, method, path, opts);
  if (r.status < 200 || r.status > 299) {
    throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
  }
  return r.body;
}

/** All active products of the demo catalog (API order: newest first). */
export async function allProducts(baseURL, query = '') {
  const body = await apiOk(baseURL, 'GET', `/api/products?pageSize=100${query}`);
  return body.products;
}

export function formatPrice(n) {
  const [int, dec] = Math.abs(n).toFixed(2).split('.');
  return `${n < 0 ? '-' : ''}$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** Parses "$1,299.00" into 1299. */
export function parsePrice(s) {
  return Number(String(s).replace(/[^0-9.-]/g, ''));
}
