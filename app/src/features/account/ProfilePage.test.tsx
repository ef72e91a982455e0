import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import ProfilePage from './ProfilePage';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  roles: ['Customer', 'Admin'],
  createdAt: '2026-01-05T10:00:00Z',
  lastLoginAt: '2026-11-20T08:30:00Z',
};

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('authToken', 't');
  const mock = mockFetch({
    'GET /api/auth/profile': { body: user },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    ...extra,
  });
  renderApp(<ProfilePage />, { route: '/profile', path: '/profile' });
  return mock;
}

async function save() {
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
}

describe('ProfilePage', () => {
  beforeAll(setupTestI18n);
  beforeEach(() => localStorage.clear());

  it('shows the account panel with initials, Admin badge, roles and dates', async () => {
    setup();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    // Radix renders the avatar fallback after an effect, so wait for it.
    expect(await screen.findByText('AL')).toBeInTheDocument();
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);
    expect(screen.getByText('Customer')).toBeInTheDocument();
    expect(screen.getByText('Member since')).toBeInTheDocument();
  });

  it('requires first name, last name and email', async () => {
    const { callsTo } = setup();
    const first = await screen.findByLabelText(/^First Name/);
    await userEvent.clear(first);
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('First name, last name and email are required');
    expect(callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('checks the e-mail pattern', async () => {
    setup();
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('checks the password change rules in order', async () => {
    setup();
    await screen.findByLabelText(/^First Name/);
    const toggle = screen.getByRole('button', { name: 'Change Password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.type(screen.getByLabelText('New Password'), 'Secret1');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Current password is required to set a new password');

    await userEvent.type(screen.getByLabelText('Current Password'), 'OldPass1');
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'Ab1');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('New password must be at least 6 characters');

    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'Secret1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'Secret2');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('New passwords do not match');

    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'secret12');
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('New password must contain a lowercase letter, an uppercase letter and a number');
  });

  it('sends trimmed, lower-cased e-mail and the password fields, then stores the new tokens', async () => {
    const { callsTo } = setup({
      'PUT /api/auth/profile': { body: { message: 'Profile updated', user: { ...user, email: 'new@example.com' }, token: 't2', refreshToken: 'r2' } },
    });
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, '  New@Example.COM ');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await userEvent.type(screen.getByLabelText('Current Password'), 'OldPass1');
    await userEvent.type(screen.getByLabelText('New Password'), 'Secret12');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'Secret12');
    await save();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/auth/profile')[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'new@example.com',
      currentPassword: 'OldPass1',
      newPassword: 'Secret12',
      confirmPassword: 'Secret12',
      language: 'en',
      companyName: '',
      taxId: '',
    });
    expect(localStorage.getItem('authToken')).toBe('t2');
    expect(localStorage.getItem('refreshToken')).toBe('r2');
    // The field shows the address as saved, not as typed.
    expect(screen.getByLabelText(/^Email/)).toHaveValue('new@example.com');
  });

  it('asks for the current password when only the e-mail changes', async () => {
    const { callsTo } = setup({
      'PUT /api/auth/profile': { body: { message: 'Profile updated', user: { ...user, email: 'new@example.com' }, token: 't3', refreshToken: 'r3' } },
    });
    const email = await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your current password to change your email');
    expect(callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Current Password'), 'OldPass1');
    await save();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/auth/profile')[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'new@example.com',
      currentPassword: 'OldPass1',
      language: 'en',
      companyName: '',
      taxId: '',
    });
    expect(localStorage.getItem('refreshToken')).toBe('r3');
  });

  it('shows the server reason when the update fails', async () => {
    setup({
      'PUT /api/auth/profile': { status: 409, body: { status: 409, code: 'email_taken', message: 'Email already registered' } },
    });
    await screen.findByLabelText(/^Email/);
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    // The code is about the e-mail: its field says so too, until it is edited.
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account with this email already exists.');
    await userEvent.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
