import type { TFunction } from 'i18next';
import { isApiError } from '../../api/client';
import { errorText } from '../../i18n/errors';

/**
 * A refusal of a quote's acceptance in the customer's words: a code whose meaning differs on a
 * quote (stock or hire dates gone since it was priced: ask the shop to update it) from
 * account:quotes.errors, any other as everywhere (common:errors.codes, else the server's message).
 */
export function quoteErrorText(t: TFunction, error: unknown, fallbackKey: string): string {
  const own = isApiError(error) ? t(`account:quotes.errors.${error.code}`, { defaultValue: '' }) : '';
  return own || errorText(t, error, fallbackKey);
}
