import type { TFunction } from 'i18next';
import { isApiError } from '../../api';
import { errorText } from '../../i18n/errors';

/**
 * A failure snackbar: the spec's message (e.g. 'Failed to update order status'), followed by
 * the server's reason when it gave one that says more (a 409 "Only 2 left in stock").
 */
export function failureText(t: TFunction, error: unknown, key: string): string {
  const base = t(key);
  if (!isApiError(error) || error.errors || error.status === 0 || error.status >= 500) return base;
  const detail = errorText(t, error, key);
  return detail && detail !== base ? `${base}: ${detail}` : base;
}
