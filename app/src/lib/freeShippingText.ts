import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPrice } from './format';
import { shippingMethodsQuery } from '../api/shipping';

interface FreeShipping {
  /** What the subtotal still lacks for free home shipping, as the server says (undefined: never free). */
  missing: number | undefined;
  homeCountry: string;
  /** The address's country code, '' while it is not known (the cart). */
  country: string;
  lng: string;
}

/** The home country as a reader names it in passing: US, США, 美国. */
function shortName(code: string, lng: string): string {
  return new Intl.DisplayNames([lng, 'en'], { type: 'region', style: 'short', fallback: 'code' }).of(code) ?? code;
}

/**
 * What the shopper is told about free shipping, honestly: how much is missing under the threshold
 * ("Add $53.40 for free US shipping", the server's figure), that it is free at or above it, and
 * nothing for an address abroad (only the home country's standard shipping becomes free) or
 * without free shipping.
 */
export function freeShippingText(t: TFunction, { missing, homeCountry, country, lng }: FreeShipping): string | null {
  if (missing === undefined || !homeCountry || (country && country !== homeCountry)) return null;
  const home = shortName(homeCountry, lng);
  if (missing <= 0) return t('common:shipping.freeReached', { lng, country: home });
  return t('common:shipping.freeMissing', { lng, country: home, amount: formatPrice(missing, lng) });
}

/** freeShippingText for `subtotal` shipped to `country` ('' not known yet), asked of the server; null until it answers. */
export function useFreeShippingText(subtotal: number, country: string): string | null {
  const { t, i18n } = useTranslation('common');
  const { data } = useQuery(shippingMethodsQuery('', subtotal));
  if (!data) return null;
  return freeShippingText(t, { missing: data.freeShippingMissing, homeCountry: data.homeCountry, country, lng: i18n.language });
}
