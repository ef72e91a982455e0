import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Providers } from '../../Providers';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';
import ResetPasswordPage from './ResetPasswordPage';

const user = { id: 'u1', email: 'new@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: ['Customer'] };
const cart = { id: 'c1', items: [{ id: 'i1', productId: 'p1', productName: 'Spot', unitPrice: 649.5, quantity: 2, totalPrice: 1299, availableStock: 5 }], totalPrice: 1299, totalItems: 2 };

/** The sign-in pages as the app routes them, opened at `entry` (the guard's redirect from /checkout by default). */
function open(entry: { pathname: string; search?: string; state?: unknown } = { pathname: '/login', state: { from: { pathname: '/checkout', search: '' } } }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/checkout" element={<div>checkout page</div>} />
          <Route path="/" element={<div>home page</div>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const routes = {
  'GET /api/cart': { body: cart },
  'POST /api/auth/register': { status: 201, body: { message: 'ok', user } },
  'POST /api/auth/login': { body: { token: 't', refreshToken: 'r', ...user } },
  'GET /api/auth/profile': { body: user },
  'POST /api/auth/forgot-password': { body: { message: 'ok' } },
  'POST /api/auth/reset-password': { body: { message: 'ok' } },
};

async function paste(label: RegExp, value: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(value);
}

describe('signing in on the way to checkout', () => {
  beforeAll(setupTestI18n);
  beforeEach(() => {
    localStorage.clear();
    // A guest's cart, as the shop keeps it between visits.
    localStorage.setItem('cartSessionId', 'guest-session-1');
  });

  it('says why, shows the cart, and offers Register with the same return', async () => {
    mockFetch(routes);
    open();
    expect(await screen.findByText('Sign in or create an account to finish your order')).toBeInTheDocument();
    expect(await screen.findByText('Your cart: 2 items, $1,299.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    // On the register page the reason stays.
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Sign in or create an account to finish your order')).toBeInTheDocument();
  });

  it('a plain sign-in page says nothing about an order', async () => {
    mockFetch(routes);
    open({ pathname: '/login' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Sign in or create an account to finish your order')).toBeNull();
  });

  it('registers, lands on /login with the e-mail filled in and the focus on the password, and signs in back to checkout', async () => {
    const { callsTo } = mockFetch(routes);
    open({ pathname: '/register', state: { from: { pathname: '/checkout', search: '' } } });
    await paste(/^Email/, 'New@Example.com');
    await paste(/^Password/, 'Secret1');
    await paste(/^Confirm Password/, 'Secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Step 2 takes the focus to its first field: typing goes to First Name.
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());
    await userEvent.keyboard('Ada');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Ada');
    await paste(/^Last Name/, 'Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful! Redirecting to login...')).toBeInTheDocument();

    const password = await screen.findByLabelText('Password', {}, { timeout: 4000 });
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByText('Sign in or create an account to finish your order')).toBeInTheDocument();
    await userEvent.keyboard('Secret1{Enter}');
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/login')[0].body).toMatchObject({ email: 'new@example.com', password: 'Secret1' });
  });

  it('after a password reset (the link opens in another tab) the e-mail is filled in and the sign-in returns to checkout', async () => {
    mockFetch(routes);
    open();
    await paste(/^Email/, 'new@example.com');
    await userEvent.click(await screen.findByRole('link', { name: /Forgot/ }));
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(/If an account exists/);

    // The e-mailed link opens in a new tab: no router state, only what this browser kept.
    cleanup();
    open({ pathname: '/reset-password', search: '?token=tok123' });
    await paste(/^New Password/, 'NewPass1');
    await paste(/^Confirm New Password/, 'NewPass1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const password = await screen.findByLabelText('Password', {}, { timeout: 4000 });
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByText('Sign in or create an account to finish your order')).toBeInTheDocument();
    await userEvent.keyboard('NewPass1{Enter}');
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
  });
});
