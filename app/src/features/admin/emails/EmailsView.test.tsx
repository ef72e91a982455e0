import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { chooseOption, queriesTo, renderAdmin, setupAdminI18n } from '../test/helpers';


const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const FAILED = {
  id: 'e1',
  to: 'ivan@example.com',
  subject: 'Заказ ORD-20261123-AAAAAA оформлен',
  kind: 'order_placed',
  language: 'ru',
  status: 'failed',
  attempts: 13,
  lastError: '550 mailbox unavailable',
  createdAt: '2026-11-23T10:00:00Z',
  sentAt: '',
};
const RESET = { ...FAILED, id: 'e2', to: 'ada@example.com', subject: 'Reset your StageShop password', kind: 'password_reset', language: 'en', status: 'sent', attempts: 1, lastError: '' };
const LIST = { emails: [FAILED, RESET], pagination: { page: 1, pageSize: 20, totalCount: 2, totalPages: 1 } };

function api() {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/emails': { body: LIST },
    'GET /api/admin/emails/e1': { body: { ...FAILED, html: '<p>Спасибо за заказ</p><script>alert(1)</script>', text: 'Спасибо за заказ' } },
    'POST /api/admin/emails/e1/resend': { body: { ...FAILED, status: 'queued', attempts: 0, html: '', text: '' } },
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('EmailsView', () => {
  it('lists e-mails with status, attempts and last error, filters by status, previews sandboxed and resends', async () => {
    const { fn, calls } = api();
    renderAdmin('/admin/emails');
    const row = (await screen.findByText(FAILED.subject)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(row).getByText('13')).toBeInTheDocument();

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by status' }), 'Failed');
    await waitFor(() => expect(queriesTo(fn, '/api/admin/emails').some((q) => q.get('status') === 'failed')).toBe(true));

    await user.click(within(row).getByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('E-mail preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Спасибо за заказ');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(within(row).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('E-mail queued again')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/emails/e1/resend')).toHaveLength(1);
  });

  it('offers no resend for a password reset: its one-time link went only to the user', async () => {
    api();
    renderAdmin('/admin/emails');
    const row = (await screen.findByText(RESET.subject)).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(within(row).getByText('Not resendable: one-time link')).toBeInTheDocument();
  });

  it('explains a refused resend in the admin\'s language', async () => {
    mockFetch({
      'GET /api/auth/profile': { body: ADMIN },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
      'GET /api/admin/emails': { body: LIST },
      'POST /api/admin/emails/e1/resend': { status: 409, body: { status: 409, code: 'not_resendable', message: 'server text' } },
    });
    renderAdmin('/admin/emails');
    const row = (await screen.findByText(FAILED.subject)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/cannot be sent again/)).toBeInTheDocument();
  });
});
