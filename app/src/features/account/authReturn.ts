import type { Location } from 'react-router-dom';
import { local } from '../../api/storage';

/** Where the sign-in pages send the shopper back to, carried in the router's state between them. */
export interface AuthState {
  from?: Partial<Location>;
  /** The e-mail to fill in (a new account, a reset password). */
  email?: string;
}

/**
 * Where a sign-in sends the shopper back to: the kept page when it is a path on this site (one `/`
 * followed by neither `/` nor `\`, no control characters: browsers read `/\\host` and `/\t/host`
 * as another site), else nothing (issue 43: no redirect off the site).
 */
export function returnTarget(from: Partial<Location> | undefined): string | null {
  const path = from?.pathname ?? '';
  const target = `${path}${from?.search ?? ''}`;
  // eslint-disable-next-line no-control-regex
  if (!/^\/(?![/\\])/.test(path) || /[\u0000-\u001f\u007f]/.test(target)) return null;
  return target;
}

/** Whether the return is the checkout (with or without a language prefix). */
export const fromCheckout = (s: AuthState | null | undefined) => /(^|\/)checkout$/.test(s?.from?.pathname ?? '');

/**
 * A password reset opens from an e-mail, often in another tab: the return and the e-mail are kept
 * for an hour (the link's lifetime) in localStorage, and the reset page hands them to /login.
 */
const KEY = 'authReturn';
const HOUR_MS = 60 * 60 * 1000;

export function rememberForReset(state: AuthState) {
  local.set(KEY, JSON.stringify({ path: state.from?.pathname ?? '', search: state.from?.search ?? '', email: state.email ?? '', at: Date.now() }));
}

/** What rememberForReset kept (within the hour), or nothing. */
export function afterReset(): AuthState {
  const raw = local.get(KEY);
  try {
    const v = raw ? (JSON.parse(raw) as { path: string; search: string; email: string; at: number }) : null;
    if (!v || Date.now() - v.at > HOUR_MS) return {};
    return { from: v.path ? { pathname: v.path, search: v.search } : undefined, email: v.email || undefined };
  } catch {
    return {};
  }
}

/** The reset is done: the kept return is used up. */
export const forgetAfterReset = () => local.set(KEY, null);
