import type { Localized } from '../api/types';

/**
 * Resolves a localized text: an object keyed by language (the API always answers with one), or
 * a plain string. Falls back to English, then to `plain`.
 */
export function resolveLocalized(value: Localized, lang: string, plain = ''): string {
  if (typeof value === 'string') return value.trim() ? value : plain;
  if (!value) return plain;
  const base = lang.split('-')[0];
  return value[base] || value.en || plain || Object.values(value).find(Boolean) || '';
}
