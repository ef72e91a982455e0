import { useCallback, useState } from 'react';
import { STORAGE_KEYS, session } from '../../api/storage';
import type { PaymentMethod, PostalAddress, ShippingInfo } from '../../api/types';

/** What the shopper typed and chose, kept in sessionStorage so a reload loses nothing. */
export interface CheckoutDraft {
  userId: string;
  step: 0 | 1 | 2;
  shipping: ShippingInfo;
  billing: PostalAddress;
  sameAsShipping: boolean;
  shippingMethod: string;
  /** A business buyer's company and tax ID for the invoice (from the account at first). */
  business?: { companyName: string; taxId: string };
  paymentMethod?: PaymentMethod;
  poNumber?: string;
  /** The saved address the shipping address came from, '' for a new one; unset until the step first opened. */
  savedAddressId?: string;
  /** Keep a new shipping address in the address book. */
  saveAddress?: boolean;
}

export const DRAFT_KEY = STORAGE_KEYS.checkoutDraft;

function load(userId: string): CheckoutDraft | null {
  try {
    const raw = session.get(DRAFT_KEY);
    const d = raw ? (JSON.parse(raw) as CheckoutDraft) : null;
    // Another account's draft (a shared computer) is not shown.
    return d && d.userId === userId && d.shipping && d.billing ? d : null;
  } catch {
    return null;
  }
}

export const clearDraft = () => session.set(DRAFT_KEY, null);

/** The draft and a patch function that saves every change; `initial` when nothing is stored. */
export function useCheckoutDraft(userId: string, initial: () => CheckoutDraft) {
  const [draft, setDraft] = useState<CheckoutDraft>(() => load(userId) ?? initial());
  const update = useCallback((patch: Partial<CheckoutDraft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      session.set(DRAFT_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [draft, update] as const;
}
