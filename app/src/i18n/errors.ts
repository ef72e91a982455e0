import type { TFunction } from 'i18next';
import { isApiError } from '../api/client';

/**
 * Text for a failed request: the translation of the server's stable `code`
 * (common:errors.codes.*), else the server's English `message`, else the fallback key.
 */
export function errorText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isApiError(error)) {
    const key = `common:errors.codes.${error.code}`;
    const count = Number(/(\d+)/.exec(error.message)?.[1] ?? NaN);
    const translated = t(key, { defaultValue: '', count: Number.isFinite(count) ? count : undefined });
    if (translated) return translated;
    if (error.message) return error.message;
  }
  return t(fallbackKey);
}
