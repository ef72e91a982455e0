import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import RegisterPage from './RegisterPage';

async function fillAccount(email: string, password: string, confirm: string) {
  if (email) await userEvent.type(screen.getByLabelText(/^Email/), email);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  if (confirm) await userEvent.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('RegisterPage', () => {
  beforeAll(setupTestI18n);

  it('needs all three account fields', async () => {
    mockFetch({});
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fillAccount('a@b.co', 'Secret1', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
  });

  it('needs at least 6 characters', async () => {
    mockFetch({});
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fillAccount('a@b.co', 'Ab1', 'Ab1');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
  });

  it('needs matching passwords', async () => {
    mockFetch({});
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fillAccount('a@b.co', 'Secret1', 'Secret2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
  });

  it('goes to step 2, can go back, needs both names, registers and redirects to /login after 2 s', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/register': { status: 201, body: { message: 'ok', user: {} } } });
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fillAccount('New@Example.com', 'Secret1', 'Secret1');
    expect(screen.getByLabelText(/^First Name/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('New@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await userEvent.type(screen.getByLabelText(/^First Name/), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your first and last name');

    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful! Redirecting to login...')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/register')[0].body).toEqual({
      email: 'new@example.com',
      password: 'Secret1',
      confirmPassword: 'Secret1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      language: 'en',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'), { timeout: 3000 });
  });

  it('shows the translated server code (email taken)', async () => {
    mockFetch({
      'POST /api/auth/register': { status: 409, body: { status: 409, code: 'email_taken', message: 'Email already registered' } },
    });
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fillAccount('a@b.co', 'Secret1', 'Secret1');
    await userEvent.type(screen.getByLabelText(/^First Name/), 'A');
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  it('checks the e-mail format and the password rule on step 1, on their fields', async () => {
    const { calls } = mockFetch({});
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fillAccount('not-an-email', 'secret12', 'secret12');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid e-mail address');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/uppercase letter, a lowercase letter and a number/);
    expect(screen.queryByLabelText(/^First Name/)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('marks a server field error on the step that has the field and takes the user there', async () => {
    mockFetch({
      'POST /api/auth/register': { status: 409, body: { status: 409, code: 'email_taken', message: 'Email already registered' } },
    });
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fillAccount('a@b.co', 'Secret1', 'Secret1');
    await userEvent.type(screen.getByLabelText(/^First Name/), 'A');
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account with this email already exists.');
  });
});

