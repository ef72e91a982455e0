import type { TFunction } from 'i18next';
import { formatPrice } from '../../lib/format';

interface FreeShipping {
  /** The server's threshold (0: no free shipping). */
  threshold: number;
  homeCountry: string;
  subtotal: number;
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
 * ("Add $53.40 for free US shipping"), that it is free at or above it, and nothing for an address
 * abroad (only the home country's standard shipping becomes free) or without a threshold.
 */
export function freeShippingText(t: TFunction, { threshold, homeCountry, subtotal, country, lng }: FreeShipping): string | null {
  if (threshold <= 0 || !homeCountry || (country && country !== homeCountry)) return null;
  const missingCents = Math.round(threshold * 100) - Math.round(subtotal * 100);
  const home = shortName(homeCountry, lng);
  if (missingCents <= 0) return t('common:shipping.freeReached', { lng, country: home });
  return t('common:shipping.freeMissing', { lng, country: home, amount: formatPrice(missingCents / 100, lng) });
}
