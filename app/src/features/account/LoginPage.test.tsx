import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import LoginPage from './LoginPage';

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: ['Customer'] };

describe('LoginPage', () => {
  beforeAll(setupTestI18n);

  it('asks for both fields', async () => {
    const { calls } = mockFetch({});
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both email and password');
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);
  });

  it('shows the translated server error for bad credentials', async () => {
    mockFetch({
      'POST /api/auth/login': { status: 401, body: { status: 401, code: 'invalid_credentials', message: 'Invalid email or password' } },
    });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('hides the error after 6 seconds (spec section 8)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockFetch({});
      renderApp(<LoginPage />, { route: '/login', path: '/login' });
      const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await u.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both email and password');
      act(() => vi.advanceTimersByTime(6000));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to "Login failed" when the server gives no reason', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 500, body: {} } });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('stores the tokens and goes to / for a customer', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/login': { body: { token: 't', refreshToken: 'r', ...user } },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('authToken')).toBe('t');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(callsTo('POST', '/api/auth/login')[0].body).toEqual({ email: 'ada@example.com', password: 'Secret1', language: 'en' });
  });

  it('goes to /admin for an admin', async () => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 't', refreshToken: 'r', ...user, roles: ['Admin'] } },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
  });
});
