import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../test/fetchMock';
import { setupTestI18n } from '../test/i18n';
import { renderApp } from '../test/render';
import { RequireStaff, RequireAuth } from './guards';

const customer = { id: 'u1', email: 'c@x.io', firstName: 'C', lastName: 'D', roles: ['Customer'] };
const emptyCart = { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } };

describe('route guards', () => {
  beforeAll(setupTestI18n);

  it('sends signed-out visitors to /login', async () => {
    mockFetch({});
    renderApp(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { route: '/profile', path: '/profile' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('shows Loading... while the profile is being fetched, then the screen', async () => {
    localStorage.setItem('authToken', 't');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { fn } = mockFetch({ 'GET /api/auth/profile': { body: customer }, 'GET /api/cart': emptyCart });
    const original = fn.getMockImplementation()!;
    fn.mockImplementation(async (...args) => {
      await gate;
      return original(...args);
    });
    renderApp(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { route: '/profile', path: '/profile' },
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('sends signed-in non-admins away from /admin to /', async () => {
    localStorage.setItem('authToken', 't');
    mockFetch({ 'GET /api/auth/profile': { body: customer }, 'GET /api/cart': emptyCart });
    renderApp(
      <RequireStaff>
        <p>admin area</p>
      </RequireStaff>,
      { route: '/admin', path: '/admin' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByText('admin area')).not.toBeInTheDocument();
  });

  it('lets admins in', async () => {
    localStorage.setItem('authToken', 't');
    mockFetch({ 'GET /api/auth/profile': { body: { ...customer, roles: ['Admin'] } }, 'GET /api/cart': emptyCart });
    renderApp(
      <RequireStaff>
        <p>admin area</p>
      </RequireStaff>,
      { route: '/admin', path: '/admin' },
    );
    expect(await screen.findByText('admin area')).toBeInTheDocument();
  });

  it('clears a session whose start-up profile fetch fails', async () => {
    localStorage.setItem('authToken', 't');
    mockFetch({ 'GET /api/auth/profile': { status: 500, body: {} }, 'GET /api/cart': emptyCart });
    renderApp(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { route: '/profile', path: '/profile' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
