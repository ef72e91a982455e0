import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { setupTestI18n } from '../test/i18n';
import { LanguageRouter, useLanguageSwitch } from './LanguageRouter';

function Page() {
  const { pathname } = useLocation();
  const { switchTo, hrefOf } = useLanguageSwitch();
  return (
    <div>
      <p data-testid="app-path">{pathname}</p>
      <Link to="/products/p1">Spot</Link>
      <a href={hrefOf('ru')} onClick={(e) => (e.preventDefault(), switchTo('ru'))}>
        Русский
      </a>
    </div>
  );
}

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <LanguageRouter>
      <Routes>
        <Route path="*" element={<Page />} />
      </Routes>
    </LanguageRouter>,
  );
}

describe('LanguageRouter', () => {
  beforeAll(setupTestI18n);
  afterEach(async () => {
    window.history.replaceState(null, '', '/');
    await i18n.changeLanguage('en');
  });

  it('keeps the prefix in links, switches to the same page in Russian and Back returns to English', async () => {
    renderAt('/products/p1?ref=x');
    expect(screen.getByTestId('app-path')).toHaveTextContent('/products/p1');
    const russian = screen.getByRole('link', { name: 'Русский' });
    expect(russian).toHaveAttribute('href', '/ru/products/p1?ref=x');

    await userEvent.click(russian);
    expect(window.location.pathname + window.location.search).toBe('/ru/products/p1?ref=x');
    await waitFor(() => expect(i18n.language).toBe('ru'));
    expect(screen.getByTestId('app-path')).toHaveTextContent(/^\/products\/p1$/);
    expect(screen.getByRole('link', { name: 'Spot' })).toHaveAttribute('href', '/ru/products/p1');

    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/products/p1'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.getByRole('link', { name: 'Spot' })).toHaveAttribute('href', '/products/p1');
  });

  it('opens /ru as the Russian home at /ru/', async () => {
    renderAt('/ru');
    await waitFor(() => expect(window.location.pathname).toBe('/ru/'));
    expect(await screen.findByTestId('app-path')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(i18n.language).toBe('ru'));
  });
});
