import { SHARED_FALLBACK_LANGUAGE, SHARED_LANGUAGE_NAMES, SHARED_LANGUAGES } from '../lib/shared';

/** The shop's languages; the list is routes/firstscreen/constants.json's, which the server reads too. */
export type Language = 'en' | 'ru' | 'zh';
export const LANGUAGES = SHARED_LANGUAGES as readonly Language[];
export const FALLBACK_LANGUAGE = SHARED_FALLBACK_LANGUAGE as Language;

/** Native names for the language switcher (never translated). */
export const LANGUAGE_NAMES = SHARED_LANGUAGE_NAMES as Record<Language, string>;

/**
 * Namespaces whose texts exist only in en and ru; Chinese readers get the English text. None since
 * the information pages became records with Chinese texts (issue 35): `info` keeps the FAQ's and
 * the shipping rates' words, in Chinese too.
 */
const EN_RU_ONLY_NAMESPACES: string[] = [];

/**
 * Maps a detected value (`ru-RU`, `zh_CN`, ` EN `) to one of the shop's languages, or
 * undefined for anything else, including script-injection attempts such as `<script>`.
 */
export function normalizeLanguage(raw: unknown): Language | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim().toLowerCase();
  if (!/^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/.test(value)) return undefined;
  const base = value.split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/** The language whose file is loaded for a namespace (zh falls back to en for en/ru-only texts). */
export function resourceLanguage(lng: string, ns: string): string {
  return lng === 'zh' && EN_RU_ONLY_NAMESPACES.includes(ns) ? 'en' : lng;
}
