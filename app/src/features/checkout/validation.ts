import { emptyPostal } from '../../api/addresses';
import type { PostalAddress, ShippingInfo } from '../../api/types';
import { isBlank } from '../../lib/validation';

export const SHIPPING_FIELDS: (keyof ShippingInfo & string)[] = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'country'];
export const BILLING_FIELDS: (keyof PostalAddress & string)[] = ['firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country'];

export const emptyShipping = (): ShippingInfo => ({ ...emptyPostal(), phone: '', email: '' });

export const billingFromShipping = (s: ShippingInfo): PostalAddress => ({
  firstName: s.firstName,
  lastName: s.lastName,
  address: s.address,
  city: s.city,
  state: s.state,
  zipCode: s.zipCode,
  country: s.country,
});

export const isBlankAddress = (b: PostalAddress) => Object.values(b).every((v) => isBlank(v));


export function trimAll<T extends object>(info: T): T {
  return Object.fromEntries(Object.entries(info).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;
}
