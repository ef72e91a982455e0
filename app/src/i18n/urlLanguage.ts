import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * Every page has an address per language: English (the fallback) without a prefix, the others
 * under theirs (`/ru/products/abc`, `/zh/`). The server reads the same shape (routes/pages.go).
 */

/** A path split into its language and the app's own path (`/ru/products/x` -> ru, `/products/x`). */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const m = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  const lang = m?.[1] as Language | undefined;
  if (m && lang && lang !== FALLBACK_LANGUAGE && LANGUAGES.includes(lang)) return { lang, path: m[2] || '/' };
  return { lang: FALLBACK_LANGUAGE, path: pathname || '/' };
}

/** The language a URL path is in. */
export const pathLanguage = (pathname: string): Language => splitLanguage(pathname).lang;

/**
 * The router's basename in a language: `/ru/` with its slash, so the home's links read `/ru/`
 * (React Router joins `/ru/` and `/products/x` as `/ru/products/x`).
 */
export const basenameOf = (lang: Language): string => (lang === FALLBACK_LANGUAGE ? '/' : `/${lang}/`);

/** The address of the app's path (with its query and hash) in a language. */
export function languagePath(lang: Language, path: string): string {
  const rest = path.startsWith('/') ? path : `/${path}`;
  return lang === FALLBACK_LANGUAGE ? rest : `/${lang}${rest}`;
}
