import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { FALLBACK_LANGUAGE, LANGUAGES, normalizeLanguage, resourceLanguage } from './languages';
import { pathLanguage } from './urlLanguage';

/**
 * The app reads in its URL's language (`/ru/...`; English without a prefix): the first detector
 * always answers. The spec's order that follows matters for `/` only, and is applied before the
 * app starts: index.html's start-up script and the server move a first visit of `/` to the
 * detected language's home (routes/pages.go).
 */
const DETECTION_ORDER = ['urlPath', 'querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];

function languageDetector(): LanguageDetector {
  const detector = new LanguageDetector();
  detector.addDetector({ name: 'urlPath', lookup: () => pathLanguage(window.location.pathname) });
  return detector;
}
const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** Namespaces the home page needs; loaded before the first render. */
export const STARTUP_NAMESPACES = ['common', 'shop'];

function dropInvalidStoredLanguage() {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const s = storage();
      const v = s.getItem(LANGUAGE_STORAGE_KEY);
      if (v !== null && !normalizeLanguage(v)) s.removeItem(LANGUAGE_STORAGE_KEY);
    } catch {
      // storage unavailable
    }
  }
}

function syncHtmlLang(lng: string) {
  const lang = normalizeLanguage(lng) ?? FALLBACK_LANGUAGE;
  document.documentElement.lang = lang;
}

/** How texts are looked up; the build-time render of the first screens (src/firstscreen) uses them too. */
export const LOOKUP_OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  ns: STARTUP_NAMESPACES,
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;

/** Starts i18next; the returned promise settles when the start-up namespaces are loaded. */
export function initI18n(): Promise<unknown> {
  dropInvalidStoredLanguage();
  i18n.on('languageChanged', syncHtmlLang);
  return i18n
    .use(HttpBackend)
    .use(languageDetector())
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ...LOOKUP_OPTIONS,
      detection: {
        order: DETECTION_ORDER,
        lookupQuerystring: 'lng',
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        lookupSessionStorage: LANGUAGE_STORAGE_KEY,
        // The cookie lets the server send the home's first screen in this language (routes/firstscreen).
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
        convertDetectedLanguage: (l: string) => normalizeLanguage(l) ?? '',
      },
      backend: {
        loadPath: (lngs: string[], namespaces: string[]) =>
          `/locales/${resourceLanguage(lngs[0], namespaces[0])}/${namespaces[0]}.json`,
      },
      react: { useSuspense: true },
    });
}

export default i18n;
