import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Providers } from '../Providers';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders with the app's providers at `route`; `path` is the route pattern of `ui`; `before` are
 * addresses visited earlier in the same history (Back goes there; they show "other page").
 */
export function renderApp(ui: ReactElement, { route = '/', path = '*', before = [] }: { route?: string; path?: string; before?: string[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[...before, route]} initialIndex={before.length}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== "*" && <Route path="*" element={<div>other page</div>} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, client };
}
