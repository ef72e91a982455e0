import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { queriesTo, renderAdmin, setupAdminI18n } from '../test/helpers';
import { auditChanges, auditSearchParams, auditValue, readAuditFilters } from './auditFilters';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const MANAGER = { ...ADMIN, id: 'u2', email: 'manager@example.com', roles: ['Manager'] };
const PRICE = {
  id: 'a1',
  at: '2026-12-02T10:00:00Z',
  actor: 'admin@example.com',
  actorKind: 'user',
  actorId: 'u1',
  action: 'product.price_changed',
  target: 'Fog Machine (FOG-1)',
  targetCollection: 'products',
  targetId: 'p1',
  summary: 'priceCents: 19900 → 24950',
  before: { variant: '"v1"', priceCents: '19900' },
  after: { variant: '"v1"', priceCents: '24950' },
};
const KEY = { ...PRICE, id: 'a2', actor: 'API key ERP', actorKind: 'apikey', actorId: 'k1', action: 'apikey.created', target: 'ERP', before: {}, after: { scopes: '["orders:read"]' } };

function api(profile = ADMIN) {
  return mockFetch({
    'GET /api/auth/profile': { body: profile },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/audit': { body: { entries: [PRICE, KEY], pagination: { page: 1, pageSize: 50, totalCount: 2, totalPages: 1 } } },
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('audit filters', () => {
  it('reads only what the server accepts from the URL and writes back only what is set', () => {
    const f = readAuditFilters(new URLSearchParams('actor=%20ada%20&action=nope&target=Fog&from=2026-12-01&to=yesterday&page=3'));
    expect(f).toEqual({ actor: 'ada', action: '', target: 'Fog', from: '2026-12-01', to: '', page: 3 });
    expect(auditSearchParams(f).toString()).toBe('actor=ada&target=Fog&from=2026-12-01&page=3');
    expect(auditSearchParams({ ...f, page: 1, action: 'role.changed' }).toString()).toBe('actor=ada&action=role.changed&target=Fog&from=2026-12-01');
    expect(readAuditFilters(new URLSearchParams('page=-2')).page).toBe(1);
  });

  it('lists the changed fields and shows amounts as prices', () => {
    expect(auditChanges(PRICE)).toEqual([{ field: 'priceCents', before: '19900', after: '24950' }]);
    expect(auditChanges(KEY)).toEqual([{ field: 'scopes', before: undefined, after: '["orders:read"]' }]);
    expect(auditValue('priceCents', '24950', 'en')).toBe('$249.50');
    expect(auditValue('roles', '["Customer","Fulfilment"]', 'en')).toBe('Customer, Fulfilment');
    expect(auditValue('name', '"Venues"', 'en')).toBe('Venues');
    expect(auditValue('stockQuantity', '9', 'en')).toBe('9');
    expect(auditValue('x', 'not json', 'en')).toBe('not json');
  });
});

describe('AuditView', () => {
  it('shows who did what, keeps the filters in the URL and asks the server with them', async () => {
    const { fn } = api();
    renderAdmin('/admin/audit?action=product.price_changed');
    const row = (await screen.findByText('Fog Machine (FOG-1)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Price changed')).toBeInTheDocument();
    expect(within(row).getByText('$199.00 → $249.50')).toBeInTheDocument();
    expect(within(row).getByText('admin@example.com')).toBeInTheDocument();
    expect(screen.getByText('API key ERP')).toBeInTheDocument();
    expect(queriesTo(fn, '/api/admin/audit')[0].get('action')).toBe('product.price_changed');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('product.price_changed');

    await user.type(screen.getByRole('textbox', { name: 'Who (e-mail or id)' }), 'ada{Enter}');
    await waitFor(() => expect(queriesTo(fn, '/api/admin/audit').at(-1)?.get('actor')).toBe('ada'));
    expect(queriesTo(fn, '/api/admin/audit').at(-1)?.get('action')).toBe('product.price_changed');
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(queriesTo(fn, '/api/admin/audit').at(-1)?.get('action')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Who (e-mail or id)' })).toHaveValue('');
  });

  it('has no nav entry for other staff roles', async () => {
    api(MANAGER);
    renderAdmin('/admin/emails');
    expect(await screen.findByRole('link', { name: 'E-mails' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
