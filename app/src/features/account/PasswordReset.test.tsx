import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage, { resetProblem } from './ResetPasswordPage';

describe('password reset pages', () => {
  beforeAll(setupTestI18n);

  it('forgot-password sends the e-mail and shows the same answer for any address', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/forgot-password': { status: 202, body: { message: 'ok' } } });
    renderApp(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText(/Email/), ' Ada@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for this e-mail/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({ email: 'ada@example.com' });
  });

  it('checks the password rules before sending', () => {
    expect(resetProblem('', '')).toBe('required');
    expect(resetProblem('Ab1', 'Ab1')).toBe('passwordLength');
    expect(resetProblem('abcdef1', 'abcdef1')).toBe('passwordStrength');
    expect(resetProblem('Abcdef1', 'Abcdef2')).toBe('passwordMismatch');
    expect(resetProblem('Abcdef1', 'Abcdef1')).toBeNull();
  });

  it('sets the new password with the token and goes to /login', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/reset-password': { body: { message: 'ok' } } });
    renderApp(<ResetPasswordPage />, { route: '/reset-password?token=tok123', path: '/reset-password' });
    await userEvent.type(screen.getByLabelText(/^New Password/), 'NewPass1');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'NewPass1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'tok123',
      password: 'NewPass1',
      confirmPassword: 'NewPass1',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'), { timeout: 3000 });
  });

  it('says when the link is used or expired and offers a new one', async () => {
    mockFetch({
      'POST /api/auth/reset-password': { status: 400, body: { status: 400, code: 'invalid_token', message: 'invalid' } },
    });
    renderApp(<ResetPasswordPage />, { route: '/reset-password?token=old', path: '/reset-password' });
    await userEvent.type(screen.getByLabelText(/^New Password/), 'NewPass1');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'NewPass1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid, already used or has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
