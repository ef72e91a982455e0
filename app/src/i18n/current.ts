import i18n from './index';
import { FALLBACK_LANGUAGE, normalizeLanguage, type Language } from './languages';

/** The UI language the app shows now: sent with register, login, profile and contact so the shop e-mails in it. */
export function uiLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}
