import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const PAUSED = {
  id: 'w1',
  url: 'https://erp.example/hooks',
  events: ['order.created', 'stock.low'],
  state: 'paused',
  failingSince: '2026-12-01T10:00:00Z',
  pausedAt: '2026-12-02T10:00:00Z',
  lastError: 'HTTP 500',
  created: '2026-11-30T10:00:00Z',
};
const FAILING = { ...PAUSED, id: 'w2', url: 'https://stock.example/in', state: 'failing', pausedAt: '', lastError: 'HTTP 503' };
const DELIVERY = {
  id: 'd1',
  eventId: 'e1',
  type: 'webhook.test',
  status: 'delivered',
  attempts: [{ at: '2026-12-02T11:00:00Z', statusCode: 200, answer: 'thanks', durationMs: 12 }],
  created: '2026-12-02T11:00:00Z',
};

function api() {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/webhooks': { body: [PAUSED, FAILING] },
    'POST /api/admin/webhooks': { status: 201, body: { ...PAUSED, id: 'w3', state: 'active', secret: 'whsec_abc123' } },
    'POST /api/admin/webhooks/w1/test': { body: DELIVERY },
    'GET /api/admin/webhooks/w1/deliveries': { body: [DELIVERY] },
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('WebhooksView', () => {
  it('shows each endpoint state, creates one with its secret shown once, and sends a test event with its delivery log', async () => {
    const { fn } = api();
    const sent = (method: string, path: string) =>
      fn.mock.calls.filter((c) => new URL(String(c[0]), 'http://localhost').pathname === path && (c[1] as RequestInit | undefined)?.method === method);
    renderAdmin('/admin/webhooks');
    const paused = (await screen.findByText(PAUSED.url)).closest('tr') as HTMLElement;
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(within(paused).getByText(/Send a test event to resume it/)).toBeInTheDocument();
    const failing = screen.getByText(FAILING.url).closest('tr') as HTMLElement;
    expect(within(failing).getByText('Failing')).toBeInTheDocument();
    expect(within(failing).getByText('HTTP 503')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Endpoint URL' }), 'https://erp.example/new');
    await user.click(screen.getByRole('checkbox', { name: 'Order paid' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('whsec_abc123')).toBeInTheDocument();
    const post = sent('POST', '/api/admin/webhooks')[0];
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ url: 'https://erp.example/new', events: ['order.paid'] });

    await user.click(within(paused).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(sent('POST', '/api/admin/webhooks/w1/test')).toHaveLength(1));
    expect(await screen.findByText(/200 thanks/)).toBeInTheDocument();
  });
});
