import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { api, ApiError, setSessionExpiredHandler } from './client';
import { newCartSessionId, STORAGE_KEYS } from './storage';

describe('HTTP client', () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    expired = vi.fn<() => void>();
    setSessionExpiredHandler(expired);
  });

  it('sends the bearer token when one is stored and no session header', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.cartSessionId, 'session_1_abcdefabcdef');
    const { calls } = mockFetch({ 'GET /api/cart': { body: { id: 'c', items: [], totalPrice: 0, totalItems: 0 } } });
    await api.get('/cart', { session: 'create' });
    expect(calls[0].headers.Authorization).toBe('Bearer tok-1');
    expect(calls[0].headers['X-Session-Id']).toBeUndefined();
  });

  it('sends X-Session-Id only when signed out, and reuses the stored id', async () => {
    const { calls } = mockFetch({ 'POST /api/cart/items': { body: {} } });
    await api.post('/cart/items', { productId: 'p', quantity: 1 }, { session: 'create' });
    await api.post('/cart/items', { productId: 'p', quantity: 1 }, { session: 'create' });
    const id = calls[0].headers['X-Session-Id'];
    expect(id).toMatch(/^session_\d+_[A-Za-z0-9_-]+$/);
    expect(calls[1].headers['X-Session-Id']).toBe(id);
    expect(localStorage.getItem(STORAGE_KEYS.cartSessionId)).toBe(id);
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('does not invent a session id for plain reads', async () => {
    const { calls } = mockFetch({ 'GET /api/products': { body: { products: [] } } });
    await api.get('/products', { query: { page: 1, category: '' } });
    expect(calls[0].headers['X-Session-Id']).toBeUndefined();
    expect(calls[0].path).toBe('/api/products');
  });

  it('revalidates every request with the server rather than reusing a cached answer', async () => {
    const { calls } = mockFetch({ 'GET /api/products': { body: { products: [] } } });
    await api.get('/products');
    expect(calls[0].cache).toBe('no-cache');
  });

  it('makes guest session ids with at least 128 random bits and safe characters', () => {
    const a = newCartSessionId();
    const b = newCartSessionId();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    expect(a.length).toBeLessThanOrEqual(128);
  });

  it('refreshes once on 401 and retries the request once with the new token', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r-old');
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': [
        { status: 401, body: { status: 401, code: 'unauthorized', message: 'expired' } },
        { body: { id: 'u1', email: 'a@b.c' } },
      ],
      'POST /api/auth/refresh': { body: { token: 'new', refreshToken: 'r-new' } },
    });
    const user = await api.get<{ id: string }>('/auth/profile');
    expect(user.id).toBe('u1');
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(callsTo('POST', '/api/auth/refresh')[0].body).toEqual({ refreshToken: 'r-old' });
    const profileCalls = callsTo('GET', '/api/auth/profile');
    expect(profileCalls).toHaveLength(2);
    expect(profileCalls[1].headers.Authorization).toBe('Bearer new');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r-new');
    expect(expired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 after refreshing is thrown, not refreshed again', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r-old');
    const { callsTo } = mockFetch({
      'GET /api/checkout/orders': { status: 401, body: { status: 401, code: 'unauthorized', message: 'nope' } },
      'POST /api/auth/refresh': { body: { token: 'new', refreshToken: 'r-new' } },
    });
    await expect(api.get('/checkout/orders')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(callsTo('GET', '/api/checkout/orders')).toHaveLength(2);
  });

  it('shares one refresh between concurrent 401s (refresh tokens are single-use)', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r-old');
    const { callsTo } = mockFetch({
      'GET /api/a': (c) => (c.headers.Authorization === 'Bearer new' ? { body: { ok: 'a' } } : { status: 401, body: {} }),
      'GET /api/b': (c) => (c.headers.Authorization === 'Bearer new' ? { body: { ok: 'b' } } : { status: 401, body: {} }),
      'POST /api/auth/refresh': { body: { token: 'new', refreshToken: 'r-new' } },
    });
    const [a, b] = await Promise.all([api.get('/a'), api.get('/b')]);
    expect(a).toEqual({ ok: 'a' });
    expect(b).toEqual({ ok: 'b' });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('clears tokens and the cart session and goes to /login when the refresh fails', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r-old');
    localStorage.setItem(STORAGE_KEYS.cartSessionId, 'session_1_abcdefabcdef');
    mockFetch({
      'GET /api/cart': { status: 401, body: { status: 401, code: 'unauthorized', message: 'expired' } },
      'POST /api/auth/refresh': { status: 401, body: { status: 401, code: 'unauthorized', message: 'revoked' } },
    });
    await expect(api.get('/cart')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cartSessionId)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('with no refresh token: no refresh call, clears the cart session id and goes to /login', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    localStorage.setItem(STORAGE_KEYS.cartSessionId, 'session_1_abcdefabcdef');
    const { callsTo } = mockFetch({ 'GET /api/checkout/orders': { status: 401, body: {} } });
    await expect(api.get('/checkout/orders')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.cartSessionId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh a failed login', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/login': { status: 401, body: { status: 401, code: 'invalid_credentials', message: 'Invalid email or password' } },
    });
    await expect(api.post('/auth/login', { email: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('throws the error envelope as a typed ApiError with field errors', async () => {
    mockFetch({
      'POST /api/contact/submit': {
        status: 400,
        body: { status: 400, code: 'validation_failed', message: 'Invalid input', errors: { email: 'Invalid email' } },
      },
    });
    const err = await api.post('/contact/submit', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid input', errors: { email: 'Invalid email' } });
  });
});
