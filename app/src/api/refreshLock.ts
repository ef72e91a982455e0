import { local } from './storage';

/** The Web Locks name every tab of the shop refreshes under. */
export const REFRESH_LOCK = 'stageshop-token-refresh';
/** Fallback without Web Locks: a short lease in localStorage (timestamp of its end). */
export const REFRESH_LEASE_KEY = 'tokenRefreshLease';
const LEASE_MS = 5000;
const POLL_MS = 100;

/**
 * Runs `fn` while no other tab of the shop runs it. Refresh tokens are single-use: two tabs
 * spending the same one at once used to log the user out (the server now forgives a repeat
 * within seconds, but one request per refresh is the plan). With Web Locks the tabs queue;
 * without them a tab that finds another tab's unexpired lease waits for it to end first.
 */
export async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(REFRESH_LOCK, fn);
  for (let until = lease(); until > Date.now(); until = lease()) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, until - Date.now())));
  }
  local.set(REFRESH_LEASE_KEY, String(Date.now() + LEASE_MS));
  try {
    return await fn();
  } finally {
    local.set(REFRESH_LEASE_KEY, null);
  }
}

function lease(): number {
  return Number(local.get(REFRESH_LEASE_KEY) ?? 0) || 0;
}
