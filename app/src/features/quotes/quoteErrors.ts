import type { TFunction } from 'i18next';
import { isApiError, type ApiError } from '../../api/client';
import type { Quote } from '../../api/types';
import { errorText } from '../../i18n/errors';
import { resolveLocalized } from '../../lib/localized';

/** The codes of an acceptance refused because something of the quote is gone since it was priced. */
const GONE = new Set(['insufficient_stock', 'not_available', 'product_unavailable']);

/**
 * The quote's lines a refusal is about, as the customer reads them ("Moving head (1 left)"): the
 * products and variants the 409 names in `available` (what is left) or in its `items.{id}` errors.
 */
function goneLines(t: TFunction, error: ApiError, quote: Pick<Quote, 'lines'>, lang: string): string[] {
  const left = (error.data.available ?? {}) as Record<string, unknown>;
  const named = new Set([...Object.keys(left), ...Object.keys(error.errors ?? {}).map((k) => k.replace(/^items\./, ''))]);
  return quote.lines
    .filter((l) => named.has(l.variantId) || named.has(l.productId))
    .map((l) => {
      const label = resolveLocalized(l.variantLabel, lang);
      const name = `${resolveLocalized(l.productName, lang)}${label ? ` - ${label}` : ''}`;
      const n = left[l.variantId] ?? left[l.productId];
      return typeof n === 'number' ? t('account:quotes.errors.left', { name, count: n }) : name;
    });
}

/**
 * A refusal of a quote's acceptance in the customer's words: what is gone since the quote was
 * priced, by name, when the server names it; a code whose meaning differs on a quote from
 * account:quotes.errors; any other as everywhere (common:errors.codes, else the server's message).
 */
export function quoteErrorText(t: TFunction, error: unknown, fallbackKey: string, quote?: Pick<Quote, 'lines'>, lang = 'en'): string {
  if (!isApiError(error)) return errorText(t, error, fallbackKey);
  const gone = quote && GONE.has(error.code) ? goneLines(t, error, quote, lang) : [];
  if (gone.length) return t('account:quotes.errors.gone', { items: gone.join(', ') });
  return t(`account:quotes.errors.${error.code}`, { defaultValue: '' }) || errorText(t, error, fallbackKey);
}
