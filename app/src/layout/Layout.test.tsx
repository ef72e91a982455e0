import { useEffect, useRef } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
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

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<Layout />}>
            <Route
              path="/"
              element={
                <>
                  <Link to="/next">Next screen</Link> <Link to="/own">Own focus</Link> <Link to="/?page=2">Page 2</Link>
                </>
              }
            />
            <Route path="/next" element={<p>The next screen</p>} />
            <Route path="/own" element={<FocusesItself />} />
          </Route>
        </Routes>
      </MemoryRouter>
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
    await userEvent.click(screen.getByRole('link', { name: 'Next screen' }));
    expect(await screen.findByText('The next screen')).toBeInTheDocument();
    expect(document.activeElement).toBe(main);
  });

  it('keeps the focus a new screen placed itself', async () => {
    mockFetch({});
    renderShell();
    await userEvent.click(screen.getByRole('link', { name: 'Own focus' }));
    expect(document.activeElement).toBe(await screen.findByRole('textbox', { name: 'Own field' }));
  });
});
