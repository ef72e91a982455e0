import type { TFunction } from 'i18next';
import type { TaxRow as ServerTaxRow } from '../api/types';

/** An order's or estimate's tax as the server gives it: the rows its totals show (wire.TaxRows). */
export interface TaxFigures {
  taxRows?: ServerTaxRow[];
}

/** A row of totals: a label and a figure ("" for a note that stands alone). */
export interface TaxRow {
  key: string;
  label: string;
  value: string;
}

/**
 * The server's tax rows (common:tax.*) in the app's words, the same list the e-mails and the invoice
 * show: with prices before tax each rate's tax before the total ("Texas sales tax (6.25%) $1.88"),
 * one "Tax $0.00" when nothing was taxed, an exempt customer's "Tax: Exempt"; with tax-inclusive
 * prices "incl. $1.60 VAT (19%)" after the total. Nothing is computed here: price writes the figures
 * in the reader's format, and the translations write the rate with the reader's decimal mark
 * ({{rate, number}}: 6,25 in Russian).
 */
export function taxRows(f: TaxFigures, t: TFunction, price: (cents: number) => string): { before: TaxRow[]; after: TaxRow[] } {
  const before: TaxRow[] = [];
  const after: TaxRow[] = [];
  for (const r of f.taxRows ?? []) {
    const key = `${r.kind}/${r.name}/${r.rate}`;
    if (r.kind === 'exempt') before.push({ key, label: t('common:tax.tax'), value: t('common:tax.exempt') });
    else if (r.kind === 'none') before.push({ key, label: t('common:tax.tax'), value: price(r.amount) });
    else if (r.kind === 'included') after.push({ key, label: t('common:tax.included', { amount: price(r.amount), name: r.name, rate: r.rate }), value: '' });
    else before.push({ key, label: t('common:tax.line', { name: r.name, rate: r.rate }), value: price(r.amount) });
  }
  return { before, after };
}
