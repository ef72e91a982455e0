import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { setSessionExpiredHandler } from '../api/client';
import { Footer } from './Footer';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { Header } from './Header';
import { useCart } from '../features/cart/CartContext';
import { usePageHead } from './pageHead';
import { useAccountLanguage } from '../auth/useAccountLanguage';
import { useTranslation } from 'react-i18next';

// Only a sign-in that merged a guest cart shows it: its code loads then, not with the home.
const MergeNotice = lazy(() => import('../features/cart/MergeNotice').then((m) => ({ default: m.MergeNotice })));

/** Header, the routed screen and the footer (hidden under /admin). */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const { mergeReport } = useCart();
  usePageHead();
  useAccountLanguage();

  // When the session cannot be refreshed the client clears it; send the user to log in and back
  // (to the app's path: the router adds the language).
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  });
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        const { pathname, search } = here.current;
        navigate('/login', { replace: true, state: { from: { pathname, search } } });
      }),
    [navigate],
  );

  // New screens start at the top (the home restores its own position).
  useEffect(() => {
    if (location.pathname !== '/') window.scrollTo(0, 0);
  }, [location.pathname]);

  // The screen last shown, kept here: an error page remounts the screens' part of the tree.
  const shownPath = useRef<string | null>(null);
  const showing = useCallback((path: string) => {
    const previous = shownPath.current;
    shownPath.current = path;
    return previous !== null && previous !== path;
  }, []);
  const isAdmin = location.pathname.startsWith('/admin');
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="app-main">
        {mergeReport && (
          <Suspense fallback={null}>
            <MergeNotice />
          </Suspense>
        )}
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<FullPageSpinner />}>
            <FocusOnNewScreen path={location.pathname} showing={showing} />
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {!isAdmin && <Footer />}
    </div>
  );
}

/**
 * A new screen takes the keyboard focus to its content, as the skip link does, so Tab goes on from
 * there instead of from the top of the page (the link that was followed is usually gone). It sits
 * inside the screens' Suspense boundary: while a screen's code loads, the boundary keeps this
 * component's previous path, so the focus moves when the screen's content is shown, not to a
 * spinner that a Tab would leave before the content comes (issue 34: a Tab pressed on a busy
 * machine, then the focus jumped to main). A layout effect, run before the screens' own effects,
 * so a screen that places the focus itself (checkout's step heading) still does. The first load
 * and a change of the query alone leave the focus alone. main's data-path says which screen is
 * shown, focus moved: whoever drives the page (the browser journeys) waits for it, not the URL.
 */
function FocusOnNewScreen({ path, showing }: { path: string; showing: (path: string) => boolean }) {
  useLayoutEffect(() => {
    const main = document.getElementById('main');
    if (showing(path)) main?.focus({ preventScroll: true });
    main?.setAttribute('data-path', path);
  }, [path, showing]);
  return null;
}
