import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { setSessionExpiredHandler } from '../api/client';
import { Footer } from './Footer';
import { ErrorBoundary } from './ErrorBoundary';
import { FullPageSpinner } from './FullPageSpinner';
import { Header } from './Header';
import { useTranslation } from 'react-i18next';

/** Header, the routed screen and the footer (hidden under /admin). */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('common');

  // When the session cannot be refreshed the client clears it; send the user to log in and back.
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        navigate('/login', { replace: true, state: { from: { pathname: window.location.pathname, search: window.location.search } } });
      }),
    [navigate],
  );

  // New screens start at the top (the home restores its own position).
  useEffect(() => {
    if (location.pathname !== '/') window.scrollTo(0, 0);
  }, [location.pathname]);

  const isAdmin = location.pathname.startsWith('/admin');
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="app-main">
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {!isAdmin && <Footer />}
    </div>
  );
}
