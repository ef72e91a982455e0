import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, useLocation, type Location } from 'react-router-dom';
import { normalizeLanguage, type Language } from './languages';
import { basenameOf, languagePath, splitLanguage } from './urlLanguage';

/** Moves the shopper to the page they are on in another language (a new history entry). */
type SwitchLanguage = (lang: Language) => void;

// Outside LanguageRouter (tests, the build-time render) a switch is a plain page load.
const SwitchContext = createContext<SwitchLanguage>((lang) => window.location.assign(languagePath(lang, window.location.pathname)));

/**
 * The browser's router with the URL's language as its basename (`/`, `/ru/`, `/zh/`): every
 * route, link and navigate() of the app is written without a language and keeps the one the
 * shopper reads in. The basename follows the URL, so Back from `/ru/x` to `/x` is English again.
 */
export function LanguageRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState<{ action: typeof history.action; location: Location }>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen(({ action, location }) => setState({ action, location })), [history]);

  const { lang } = splitLanguage(state.location.pathname);
  // `/ru` is the Russian home: the basename wants its slash.
  const bare = state.location.pathname === `/${lang}`;
  useLayoutEffect(() => {
    if (bare) history.replace({ ...state.location, pathname: `/${lang}/` });
  }, [bare, history, lang, state.location]);

  const switchTo = useCallback<SwitchLanguage>(
    (next) => {
      const { path } = splitLanguage(history.location.pathname);
      history.push(languagePath(next, path) + history.location.search + history.location.hash);
    },
    [history],
  );

  if (bare) return null;
  return (
    <SwitchContext.Provider value={switchTo}>
      <Router basename={basenameOf(lang)} location={state.location} navigationType={state.action} navigator={history}>
        <LanguageOfUrl lang={lang} />
        {children}
      </Router>
    </SwitchContext.Provider>
  );
}

/** Keeps i18next in the URL's language (a switch, Back, Forward). */
function LanguageOfUrl({ lang }: { lang: Language }) {
  const { i18n } = useTranslation('common', { useSuspense: false });
  useEffect(() => {
    if (normalizeLanguage(i18n.language) !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);
  return null;
}

/** The switch to another language, and the address of this page in each language (for links). */
export function useLanguageSwitch(): { switchTo: SwitchLanguage; hrefOf: (lang: Language) => string } {
  const switchTo = useContext(SwitchContext);
  const { pathname, search, hash } = useLocation();
  const hrefOf = useCallback((lang: Language) => languagePath(lang, pathname) + search + hash, [pathname, search, hash]);
  return { switchTo, hrefOf };
}
