import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { useAuth } from './AuthContext';
import { mockFetch } from '../test/fetchMock';
import { setupTestI18n } from '../test/i18n';
import { renderApp } from '../test/render';
import { useAccountLanguage } from './useAccountLanguage';

const user = { id: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', language: 'en', roles: ['Customer'], isAdmin: false };

function Probe() {
  useAccountLanguage();
  const { user: me } = useAuth();
  return <p>account in {me?.language ?? 'none'}</p>;
}

describe('the account follows the language the shopper reads in', () => {
  beforeAll(setupTestI18n);
  afterEach(async () => {
    window.history.replaceState(null, '', '/');
    await act(() => i18n.changeLanguage('en'));
  });

  it('saves a switch while signed in, so the next order e-mail is in that language', async () => {
    localStorage.setItem('authToken', 't');
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: user },
      'PUT /api/auth/profile': (call) => ({ body: { message: 'ok', user: { ...user, language: (call.body as { language: string }).language } } }),
    });
    renderApp(<Probe />);
    expect(await screen.findByText('account in en')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
    // The switch: the address says Russian, then the shop reads in it.
    window.history.replaceState(null, '', '/ru/');
    await act(() => i18n.changeLanguage('ru'));
    expect(await screen.findByText('account in ru')).toBeInTheDocument();
    const puts = callsTo('PUT', '/api/auth/profile');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', language: 'ru' });
  });

  it('waits while the shown language is not yet the address\'s (start-up)', async () => {
    localStorage.setItem('authToken', 't');
    const { callsTo } = mockFetch({ 'GET /api/auth/profile': { body: user } });
    renderApp(<Probe />);
    expect(await screen.findByText('account in en')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    await new Promise((r) => setTimeout(r, 100));
    expect(callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('saves nothing for a guest', async () => {
    localStorage.removeItem('authToken');
    const { calls } = mockFetch({});
    renderApp(<Probe />);
    window.history.replaceState(null, '', '/zh/');
    await act(() => i18n.changeLanguage('zh'));
    await waitFor(() => expect(screen.getByText('account in none')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
