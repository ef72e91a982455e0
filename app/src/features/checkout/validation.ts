import type { BillingInfo, ShippingInfo } from '../../api/types';
import { isBlank, isEmail } from '../../lib/validation';

export const SHIPPING_FIELDS: (keyof ShippingInfo)[] = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'country'];
export const BILLING_FIELDS: (keyof BillingInfo)[] = ['firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country'];

export const emptyShipping = (): ShippingInfo => ({
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  phone: '',
  email: '',
});

export const billingFromShipping = (s: ShippingInfo): BillingInfo => ({
  firstName: s.firstName,
  lastName: s.lastName,
  address: s.address,
  city: s.city,
  state: s.state,
  zipCode: s.zipCode,
  country: s.country,
});

/** Field -> translation key (checkout:validation.*) for every field that fails. */
export function validateAddress<T extends object>(info: T, fields: (keyof T)[]): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const f of fields) {
    const v = String(info[f] ?? '');
    if (isBlank(v)) errors[f] = 'required';
    else if (f === 'email' && !isEmail(v)) errors[f] = 'email';
  }
  return errors;
}

export function trimAll<T extends object>(info: T): T {
  return Object.fromEntries(Object.entries(info).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;
}
