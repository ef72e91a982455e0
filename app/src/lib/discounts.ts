import type { Discount } from '../api/types';
import { resolveLocalized } from './localized';
import type { TaxRow } from './tax';

/**
 * The server's discounts as rows of totals: the promotion's name as it was (in the reader's
 * language) with its code, and what it saves ("Touring (TOURING25) −$25.00"). A free-shipping
 * discount's amount is the shipping it saves, as the server lists it. Nothing is computed here.
 */
export function discountRows(discounts: Discount[] | undefined, lang: string, price: (amount: number) => string, free: string): TaxRow[] {
  return (discounts ?? []).map((d, i) => {
    const name = resolveLocalized(d.name, lang, d.code);
    return {
      key: `${d.code}/${i}`,
      label: d.code && name !== d.code ? `${name} (${d.code})` : name,
      // Free shipping before a method is chosen saves nothing yet: it says "Free".
      value: d.amount > 0 ? `−${price(d.amount)}` : free,
    };
  });
}
