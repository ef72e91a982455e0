import { useRoutes } from 'react-router-dom';
import { LanguageRouter } from './i18n/LanguageRouter';
import { APP_ROUTES } from './routes';

/** The shop's screens from the one route table (routes.tsx). */
export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}

export function App() {
  return (
    <LanguageRouter>
      <AppRoutes />
    </LanguageRouter>
  );
}
