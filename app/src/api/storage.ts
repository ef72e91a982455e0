/** localStorage / sessionStorage keys used by the app (spec section 9). */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  cartSessionId: 'cartSessionId',
  shopSelectedCategory: 'shopSelectedCategory',
  shopScrollPosition: 'shopScrollPosition',
  /** sessionStorage: what the shopper typed at checkout (features/checkout/draft.ts). */
  checkoutDraft: 'checkoutDraft',
} as const;

function safeGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: () => Storage, key: string, value: string | null) {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // storage unavailable (private mode, quota): the app keeps working without it
  }
}

export const local = {
  get: (key: string) => safeGet(() => window.localStorage, key),
  set: (key: string, value: string | null) => safeSet(() => window.localStorage, key, value),
};

export const session = {
  get: (key: string) => safeGet(() => window.sessionStorage, key),
  set: (key: string, value: string | null) => safeSet(() => window.sessionStorage, key, value),
};

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The signed-in state as stored tokens. Components subscribe through
 * useSyncExternalStore (see auth/AuthContext), the HTTP client reads and writes it.
 */
export const tokenStore = {
  getToken: () => local.get(STORAGE_KEYS.authToken),
  getRefreshToken: () => local.get(STORAGE_KEYS.refreshToken),
  setTokens(token: string, refreshToken?: string | null) {
    local.set(STORAGE_KEYS.authToken, token);
    if (refreshToken !== undefined) local.set(STORAGE_KEYS.refreshToken, refreshToken);
    listeners.forEach((l) => l());
  },
  clear() {
    local.set(STORAGE_KEYS.authToken, null);
    local.set(STORAGE_KEYS.refreshToken, null);
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.authToken || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** A guest cart id: session_{timestamp}_{random}, 128 bits from crypto.getRandomValues, [A-Za-z0-9_-] only. */
export function newCartSessionId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `session_${Date.now()}_${random}`;
}

const SESSION_ID_RE = /^[A-Za-z0-9_-]{8,128}$/;

export function getCartSessionId(): string | null {
  const id = local.get(STORAGE_KEYS.cartSessionId);
  return id && SESSION_ID_RE.test(id) ? id : null;
}

export function getOrCreateCartSessionId(): string {
  const existing = getCartSessionId();
  if (existing) return existing;
  const id = newCartSessionId();
  local.set(STORAGE_KEYS.cartSessionId, id);
  return id;
}

export function clearCartSessionId() {
  local.set(STORAGE_KEYS.cartSessionId, null);
}
