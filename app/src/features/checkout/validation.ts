import type { PostalAddress, ShippingInfo } from '../../api/types';
import type { Problems } from '../../lib/form';
import { isBlank, isEmail } from '../../lib/validation';

export const SHIPPING_FIELDS: (keyof ShippingInfo & string)[] = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'country'];
export const BILLING_FIELDS: (keyof PostalAddress & string)[] = ['firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country'];

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

const US_NAMES = new Set(['us', 'usa', 'u.s.', 'u.s.a.', 'united states', 'united states of america', 'america']);

/** Loose checks: a phone of digits, spaces and + - ( ) . with at least 5 digits. */
const isPhone = (v: string) => /^[\d\s+\-().]+$/.test(v.trim()) && (v.match(/\d/g)?.length ?? 0) >= 5;

/** ZIP codes: digits, spaces and hyphens in the US; letters too elsewhere (SW1A 1AA, K1A 0B1). */
const isZip = (v: string, country: string) =>
  US_NAMES.has(country.trim().toLowerCase()) ? /^[\d\s-]+$/.test(v.trim()) : /^[\p{L}\d\s-]+$/u.test(v.trim());

/** An address step's rules: field -> translation key (checkout:validation.*) for every field that fails. */
export function validateAddress<T extends object>(info: T, fields: (keyof T & string)[]): Problems {
  const errors: Problems = {};
  const country = String((info as { country?: string }).country ?? '');
  for (const f of fields) {
    const v = String(info[f] ?? '');
    if (isBlank(v)) errors[f] = 'required';
    else if (f === 'email' && !isEmail(v)) errors[f] = 'email';
    else if (f === 'phone' && !isPhone(v)) errors[f] = 'phone';
    else if (f === 'zipCode' && !isZip(v, country)) errors[f] = 'zipCode';
  }
  return errors;
}

export function trimAll<T extends object>(info: T): T {
  return Object.fromEntries(Object.entries(info).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;
}
