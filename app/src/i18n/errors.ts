import type { TFunction } from 'i18next';
import { isApiError, type ApiError } from '../api/client';

/** What is left of the one product a stock conflict is about (409 insufficient_stock's `available`). */
function onlyAvailable(error: ApiError): number | undefined {
  const available = error.data.available;
  if (!available || typeof available !== 'object') return undefined;
  const left = Object.values(available as Record<string, unknown>);
  return left.length === 1 && typeof left[0] === 'number' ? left[0] : undefined;
}

/** The numbers an error's translation interpolates, from the data the error carries (never its message). */
const ERROR_COUNTS: Record<string, (error: ApiError) => number | undefined> = {
  insufficient_stock: onlyAvailable,
  // 409 line_limit carries the most units one customer may put on a line.
  line_limit: (error) => (typeof error.data.limit === 'number' ? error.data.limit : undefined),
};

/**
 * Text for a failed request: the translation of the server's stable `code`
 * (common:errors.codes.*) with the numbers it carries, else the server's English `message`,
 * else the fallback key.
 */
export function errorText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isApiError(error)) {
    const count = ERROR_COUNTS[error.code]?.(error);
    // A code whose number is missing keeps the server's own message rather than "Only  left".
    const needsCount = error.code in ERROR_COUNTS;
    const translated = needsCount && count === undefined ? '' : t(`common:errors.codes.${error.code}`, { defaultValue: '', count });
    if (translated) return translated;
    if (error.message) return error.message;
  }
  return t(fallbackKey);
}
