import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireAuth } from '../../../auth/guards';
import { mockFetch } from '../../../test/fetchMock';
import { renderApp } from '../../../test/render';
import AdminPage from '../AdminPage';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const MANAGER = { ...ADMIN, id: 'u2', roles: ['Manager'], isAdmin: false };
const ERP = {
  id: 'k1',
  name: 'ERP sync',
  scopes: ['orders:read', 'products:read'],
  prefix: 'ssk_1a2b3c4d',
  lastUsedAt: '2026-12-02T10:00:00Z',
  expiresAt: '2027-06-30T23:59:59Z',
  created: '2026-11-30T10:00:00Z',
};
const OLD = { ...ERP, id: 'k2', name: 'Old stock tool', lastUsedAt: '', expiresAt: '', revokedAt: '2026-12-01T09:00:00Z' };
const SECRET = `ssk_${'ab'.repeat(32)}`;

function api(profile = ADMIN) {
  return mockFetch({
    'GET /api/auth/profile': { body: profile },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/api-keys': { body: [ERP, OLD] },
    'POST /api/admin/api-keys': { status: 201, body: { ...ERP, id: 'k3', name: 'Accounts', scopes: ['customers:read'], key: SECRET, lastUsedAt: '' } },
    'DELETE /api/admin/api-keys/k1': { status: 204 },
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('ApiKeysView', () => {
  it('lists keys with last use and expiry, creates one with its key shown once, and revokes after a confirm', async () => {
    const { fn } = api();
    const sent = (method: string, path: string) =>
      fn.mock.calls.filter((c) => new URL(String(c[0]), 'http://localhost').pathname === path && (c[1] as RequestInit | undefined)?.method === method);
    renderAdmin('/admin/api-keys');
    const erp = (await screen.findByText('ERP sync')).closest('tr') as HTMLElement;
    expect(within(erp).getByText('Active')).toBeInTheDocument();
    expect(within(erp).getByText(/Read orders, Read products/)).toBeInTheDocument();
    expect(within(erp).getByText(/Last used: Dec 2, 2026/)).toBeInTheDocument();
    expect(within(erp).getByText(/Expires Jun 30, 2027|Expires Jul 1, 2027/)).toBeInTheDocument();
    const old = screen.getByText('Old stock tool').closest('tr') as HTMLElement;
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).getByText('Last used: never')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(await screen.findByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');

    // Create: keyboard only (Tab to the scope, Space to tick it, Enter to submit).
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Accounts');
    for (let i = 0; i < 5; i++) await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Read customers' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByLabelText(/Expires on/)).toHaveFocus();
    await user.keyboard('2027-01-31{Enter}');
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    const post = sent('POST', '/api/admin/api-keys')[0];
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ name: 'Accounts', scopes: ['customers:read'], expiresAt: '2027-01-31T23:59:59Z' });

    // Revoke asks first; the key is revoked only on confirm.
    await user.click(within(erp).getByRole('button', { name: 'Revoke ERP sync' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(sent('DELETE', '/api/admin/api-keys/k1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(sent('DELETE', '/api/admin/api-keys/k1')).toHaveLength(1));
  });

  it('shows the entry in the nav to Admins only', async () => {
    api(MANAGER);
    // Behind RequireAuth the nav shows only once the profile has loaded.
    renderApp(
      <RequireAuth>
        <AdminPage />
      </RequireAuth>,
      { route: '/admin/webhooks', path: '/admin/*' },
    );
    expect(await screen.findByRole('link', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
  });
});
