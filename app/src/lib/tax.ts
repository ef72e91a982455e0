import type { TFunction } from 'i18next';
import type { TaxLine } from '../api/types';

/** An order's or estimate's tax as the server computed it. */
export interface TaxFigures {
  taxAmount?: number;
  taxLines?: TaxLine[];
  pricesIncludeTax?: boolean;
  taxExempt?: boolean;
}

/** A row of totals: a label and a figure ("" for a note that stands alone). */
export interface TaxRow {
  key: string;
  label: string;
  value: string;
}

/**
 * The rows that show an order's tax (common:tax.*): with prices before tax, each rate's tax before
 * the total ("Texas sales tax (6.25%) $1.88", or one "Tax $0.00" when nothing was taxed); with
 * tax-inclusive prices, "incl. $1.60 VAT (19%)" after the total; an exempt customer's "Tax: Exempt".
 * The figures are the server's: nothing is computed here; price writes them in the reader's format,
 * and the translations write the rate with the reader's decimal mark ({{rate, number}}: 6,25 in Russian).
 */
export function taxRows(
  f: TaxFigures,
  t: TFunction,
  price: (cents: number) => string,
): { before: TaxRow[]; after: TaxRow[] } {
  const lines = f.taxLines ?? [];
  if (f.taxExempt) return { before: [{ key: 'exempt', label: t('common:tax.tax'), value: t('common:tax.exempt') }], after: [] };
  if (f.pricesIncludeTax) {
    return {
      before: [],
      after: lines.map((l) => ({
        key: `${l.name}/${l.rate}`,
        label: t('common:tax.included', { amount: price(l.amount), name: l.name, rate: l.rate }),
        value: '',
      })),
    };
  }
  if (lines.length === 0) return { before: [{ key: 'tax', label: t('common:tax.tax'), value: price(f.taxAmount ?? 0) }], after: [] };
  return {
    before: lines.map((l) => ({
      key: `${l.name}/${l.rate}`,
      label: t('common:tax.line', { name: l.name, rate: l.rate }),
      value: price(l.amount),
    })),
    after: [],
  };
}
