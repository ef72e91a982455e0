import type { Problems } from '../../lib/form';
import { countryCode, US_STATES } from '../../lib/countries';
import { isBlank, isEmail, isPhone, isZip } from '../../lib/validation';

/** An address step's rules: field -> translation key (checkout:validation.*) for every field that fails. */
export function validateAddress<T extends object>(info: T, fields: (keyof T & string)[]): Problems {
  const errors: Problems = {};
  const country = String((info as { country?: string }).country ?? '');
  for (const f of fields) {
    const v = String(info[f] ?? '');
    if (isBlank(v)) errors[f] = 'required';
    else if (f === 'state' && countryCode(country) === 'US' && !US_STATES.some((s) => s.code === v)) errors[f] = 'required';
    else if (f === 'email' && !isEmail(v)) errors[f] = 'email';
    else if (f === 'phone' && !isPhone(v)) errors[f] = 'phone';
    else if (f === 'zipCode' && !isZip(v, country)) errors[f] = 'zipCode';
  }
  return errors;
}

