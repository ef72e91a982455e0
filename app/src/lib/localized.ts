import type { Localized } from '../api/types';

/**
 * Resolves a localized text: an object keyed by language, a JSON string of one, or a
 * plain string. Falls back to English, then to `plain`.
 */
export function resolveLocalized(value: Localized, lang: string, plain = ''): string {
  let obj: Record<string, string> | null = null;
  if (value && typeof value === 'object') {
    obj = value;
  } else if (typeof value === 'string' && value.trim()) {
    const s = value.trim();
    if (s.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(s);
        if (parsed && typeof parsed === 'object') obj = parsed as Record<string, string>;
      } catch {
        return value;
      }
    } else {
      return value;
    }
  }
  if (obj) {
    const base = lang.split('-')[0];
    return obj[base] || obj.en || plain || Object.values(obj).find(Boolean) || '';
  }
  return plain;
}
