import { lazy, useEffect, useRef, type ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Link, Route, Routes } from 'react-router-dom';
import { LanguageRouter } from '../i18n/LanguageRouter';
import { Providers } from '../Providers';
import { mockFetch } from '../test/fetchMock';
import { setupTestI18n } from '../test/i18n';
import { Layout } from './Layout';

/** A screen that puts the focus on its own field when it opens. */
function FocusesItself() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return <input ref={ref} aria-label="Own field" />;
}

/** A screen whose code arrives when the test says (a lazy route on a busy machine). */
let loadSlow: () => void = () => {};
const Slow = lazy(
  () =>
    new Promise<{ default: () => ReactElement }>((resolve) => {
      loadSlow = () => resolve({ default: () => <button type="button">Slow screen</button> });
    }),
);

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The app's own router (no transitions: a screen whose code loads shows the loading state).
  window.history.replaceState(null, '', '/');
  render(
    <Providers client={client}>
      <LanguageRouter>
        <Routes>
          <Route element={<Layout />}>
            <Route
              path="/"
              element={
                <>
                  <Link to="/next">Next screen</Link> <Link to="/own">Own focus</Link> <Link to="/?page=2">Page 2</Link> <Link to="/slow">Slow</Link>
                </>
              }
            />
            <Route path="/next" element={<p>The next screen</p>} />
            <Route path="/own" element={<FocusesItself />} />
            <Route path="/slow" element={<Slow />} />
          </Route>
        </Routes>
      </LanguageRouter>
    </Providers>,
  );
}

describe('the layout and the keyboard focus', () => {
  beforeAll(setupTestI18n);

  it('leaves the focus alone on the first screen and on a query change, then moves it to the new content', async () => {
    mockFetch({});
    renderShell();
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Page 2' }));
    expect(main).toHaveAttribute('data-path', '/');
    await userEvent.click(screen.getByRole('link', { name: 'Next screen' }));
    expect(await screen.findByText('The next screen')).toBeInTheDocument();
    expect(document.activeElement).toBe(main);
    // The screen shown, with the focus moved, is marked (the browser journeys wait for it).
    expect(main).toHaveAttribute('data-path', '/next');
  });

  it('keeps the focus a new screen placed itself', async () => {
    mockFetch({});
    renderShell();
    await userEvent.click(screen.getByRole('link', { name: 'Own focus' }));
    expect(document.activeElement).toBe(await screen.findByRole('textbox', { name: 'Own field' }));
  });

  it("moves the focus when a screen's code has come, not to the loading state a Tab would leave", async () => {
    mockFetch({});
    renderShell();
    const main = screen.getByRole('main');
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(await screen.findByText(/^Loading/)).toBeInTheDocument();
    // The shopper presses Tab while the screen loads: the focus is theirs until the screen comes.
    await userEvent.tab();
    const tabbed = document.activeElement;
    expect(main).toHaveAttribute('data-path', '/');
    expect(tabbed).not.toBe(main);
    loadSlow();
    expect(await screen.findByRole('button', { name: 'Slow screen' })).toBeInTheDocument();
    expect(document.activeElement).toBe(main);
    expect(main).toHaveAttribute('data-path', '/slow');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Slow screen' }));
  });
});
