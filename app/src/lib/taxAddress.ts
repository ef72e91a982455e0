import { STORAGE_KEYS, session } from '../api/storage';

/**
 * The address the cart estimates tax for: the one this user last typed at checkout (this tab's
 * checkout draft), so the cart's estimate is what checkout will show. None before that: the
 * account keeps no address, and a guess (the last order's) could show another state's tax.
 */
export function knownTaxAddress(userId: string | undefined): { country: string; state: string } | null {
  if (!userId) return null;
  try {
    const raw = session.get(STORAGE_KEYS.checkoutDraft);
    const d = raw ? (JSON.parse(raw) as { userId?: string; shipping?: { country?: string; state?: string } }) : null;
    const country = d?.userId === userId ? (d.shipping?.country ?? '').trim() : '';
    return country ? { country, state: (d?.shipping?.state ?? '').trim() } : null;
  } catch {
    return null;
  }
}
