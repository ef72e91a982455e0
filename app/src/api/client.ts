import { withRefreshLock } from './refreshLock';
import { clearCartSessionId, getCartSessionId, getOrCreateCartSessionId, tokenStore } from './storage';

/** Field errors of a validation failure, keyed by JSON field path (e.g. `shippingInfo.city`). */
export type FieldErrors = Record<string, string>;

/** The server's error envelope `{status, code, message, errors}` as a thrown error. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: FieldErrors;
  /** The whole envelope, for the numbers some errors carry (`available`, `total`). */
  readonly data: Record<string, unknown>;

  constructor(status: number, code: string, message: string, errors?: FieldErrors, data: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.data = data;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export const API_BASE = '/api';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** JSON body (objects) or FormData (uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Send X-Session-Id when signed out (cart routes). Created on demand when `createSession`. */
  session?: 'none' | 'ifStored' | 'create';
  /** When false, a failed refresh clears the tokens but does not redirect to /login. */
  redirectOnAuthFailure?: boolean;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {
  window.location.assign('/login');
};

/** Lets the router take over the redirect to /login when the session cannot be refreshed. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): () => void {
  const previous = onSessionExpired;
  onSessionExpired = handler;
  return () => {
    onSessionExpired = previous;
  };
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = API_BASE + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += '?' + qs;
  }
  return url;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<{ status: number; code: string; message: string; error: string; errors: FieldErrors }> = {};
  try {
    body = await res.json();
  } catch {
    // not JSON (proxy error page, empty body)
  }
  // Empty when the server gave no reason: callers then show their own fallback text.
  const message = body.message || body.error || '';
  return new ApiError(body.status ?? res.status, body.code ?? `http_${res.status}`, message, body.errors, body as Record<string, unknown>);
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the stored refresh token for a new pair. Concurrent callers share one
 * request, and tabs take turns (withRefreshLock): refresh tokens are single-use and a
 * reused one revokes the whole family. `failedToken` is the access token the server
 * refused; when the stored one differs after the wait, another tab has refreshed already.
 */
function refreshTokens(failedToken: string | null): Promise<boolean> {
  if (!refreshing) {
    refreshing = withRefreshLock(async () => {
      const current = tokenStore.getToken();
      if (current && current !== failedToken) return true;
      const refreshToken = tokenStore.getRefreshToken();
      if (!refreshToken) return false;
      try {
        const res = await fetch(buildUrl('/auth/refresh'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ refreshToken }),
        });
        if (!res.ok) return false;
        const data = (await res.json()) as { token?: string; refreshToken?: string };
        if (!data.token) return false;
        tokenStore.setTokens(data.token, data.refreshToken ?? refreshToken);
        return true;
      } catch {
        return false;
      }
    }).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  } else if (opts.session === 'create') {
    headers['X-Session-Id'] = getOrCreateCartSessionId();
  } else if (opts.session === 'ifStored') {
    const id = getCartSessionId();
    if (id) headers['X-Session-Id'] = id;
  }
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal,
    // Catalog answers may be kept by shared caches for a few seconds (docs/api.md,
    // Operations); the app holds server state in TanStack Query and asks again only
    // when it wants the current answer, so the browser revalidates (a 304 when unchanged).
    cache: 'no-cache',
  });
}

const NO_REFRESH = new Set(['/auth/login', '/auth/register', '/auth/refresh']);

/**
 * The app's one HTTP client. Adds the bearer token (or X-Session-Id for a signed-out
 * cart), refreshes the tokens once on a 401 and retries the request once, and throws
 * the server's error envelope as an ApiError.
 */
async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(path, opts)).data;
}

/** The answer with its headers (X-Total-Count of the admin orders list). */
export async function requestWithHeaders<T>(path: string, opts: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const res = await sendAuthorized(path, opts);
  if (res.status === 204) return { data: undefined as T, headers: res.headers };
  const text = await res.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** A file answer (the orders CSV export), with the same auth handling. */
export async function requestBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  return (await sendAuthorized(path, opts)).blob();
}

async function sendAuthorized(path: string, opts: RequestOptions): Promise<Response> {
  const sentToken = tokenStore.getToken();
  let res = await send(path, opts);

  if (res.status === 401 && sentToken && !NO_REFRESH.has(path)) {
    const refreshed = await refreshTokens(sentToken);
    if (refreshed) {
      res = await send(path, opts);
    } else {
      tokenStore.clear();
      clearCartSessionId();
      if (opts.redirectOnAuthFailure !== false) onSessionExpired();
    }
  }

  if (!res.ok) throw await toApiError(res);
  return res;
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  del: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'DELETE' }),
};
