import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavedAddress, ShippingInfo } from '../../api/types';
import { countryCode } from '../../lib/countries';
import { addressesQuery, useSaveAddress } from '../../api/addresses';
import type { CheckoutDraft } from './draft';

/** The shipping fields a saved address fills (the e-mail stays the account's). */
function fromSaved(a: SavedAddress, shipping: ShippingInfo): ShippingInfo {
  return { ...shipping, firstName: a.firstName, lastName: a.lastName, address: a.address, city: a.city, state: a.state, zipCode: a.zipCode, country: a.country, phone: a.phone || shipping.phone };
}

const NO_ADDRESSES: SavedAddress[] = [];

/** Whether the shipping address is still exactly the saved one. */
const sameAs = (a: SavedAddress, s: ShippingInfo) =>
  (['firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country'] as const).every((k) => a[k] === s[k]);

/**
 * The checkout's address book: a repeat buyer's checkout opens on the default address; a new one
 * opens on the shop's home country (and an older draft's country text becomes its code); a new
 * address is saved on request when the shopper goes on to billing.
 */
export function useSavedAddresses(draft: CheckoutDraft, update: (patch: Partial<CheckoutDraft>) => void, homeCountry: string | undefined) {
  const query = useQuery(addressesQuery());
  // A book that cannot be read is an empty one: the checkout still opens.
  const saved = query.data ?? (query.isError ? NO_ADDRESSES : undefined);
  const save = useSaveAddress();
  const opened = draft.savedAddressId !== undefined;
  useEffect(() => {
    if (opened || !saved || homeCountry === undefined) return;
    const def = saved.find((a) => a.isDefault);
    const blank = !draft.shipping.address.trim();
    if (def && blank) update({ shipping: fromSaved(def, draft.shipping), savedAddressId: def.id });
    else update({ savedAddressId: '', shipping: { ...draft.shipping, country: countryCode(draft.shipping.country) || homeCountry } });
  }, [opened, saved, homeCountry, draft.shipping, update]);

  const pick = (id: string) => {
    const a = saved?.find((x) => x.id === id);
    update(a ? { savedAddressId: id, shipping: fromSaved(a, draft.shipping) } : { savedAddressId: '' });
  };
  /** Typing into a picked address makes it a new one (which can then be saved). */
  const edit = (shipping: ShippingInfo) => {
    const a = saved?.find((x) => x.id === draft.savedAddressId);
    update({ shipping, ...(a && !sameAs(a, shipping) ? { savedAddressId: '' } : {}) });
  };
  /** On to billing: a new address the shopper asked to keep goes into the book. */
  const keepIfAsked = () => {
    if (!draft.saveAddress || draft.savedAddressId) return;
    const s = draft.shipping;
    save.mutate(
      { label: '', firstName: s.firstName, lastName: s.lastName, address: s.address, city: s.city, state: s.state, zipCode: s.zipCode, country: s.country, phone: s.phone, isDefault: false },
      { onSuccess: (a) => update({ savedAddressId: a.id, saveAddress: false }) },
    );
  };
  return { saved: saved ?? [], pick, edit, keepIfAsked };
}
