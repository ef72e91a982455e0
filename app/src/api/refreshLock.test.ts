import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { api } from './client';
import { REFRESH_LEASE_KEY, REFRESH_LOCK, withRefreshLock } from './refreshLock';
import { STORAGE_KEYS } from './storage';

describe('refreshes across tabs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('queues under one Web Lock when the browser has Web Locks', async () => {
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    await expect(withRefreshLock(async () => 'done')).resolves.toBe('done');
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK, expect.any(Function));
  });

  it('without Web Locks, waits for another tab’s lease before running', async () => {
    expect(navigator.locks).toBeUndefined(); // jsdom: the fallback
    localStorage.setItem(REFRESH_LEASE_KEY, String(Date.now() + 300)); // another tab is refreshing
    const started = Date.now();
    let ranAt = 0;
    await withRefreshLock(async () => {
      ranAt = Date.now();
      expect(Number(localStorage.getItem(REFRESH_LEASE_KEY))).toBeGreaterThan(Date.now());
    });
    expect(ranAt - started).toBeGreaterThanOrEqual(250);
    expect(localStorage.getItem(REFRESH_LEASE_KEY)).toBeNull();
  });

  it('uses the token another tab got meanwhile instead of spending the refresh token again', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r-old');
    // The other tab refreshes while this one holds its lock-wait: the stored pair changes.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, fn: () => Promise<unknown>) => {
          localStorage.setItem(STORAGE_KEYS.authToken, 'from-other-tab');
          localStorage.setItem(STORAGE_KEYS.refreshToken, 'r-other');
          return fn();
        },
      },
    });
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': (c) => (c.headers.Authorization === 'Bearer from-other-tab' ? { body: { id: 'u1' } } : { status: 401, body: {} }),
      'POST /api/auth/refresh': { body: { token: 'new', refreshToken: 'r-new' } },
    });
    await expect(api.get('/auth/profile')).resolves.toEqual({ id: 'u1' });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r-other');
  });
});
