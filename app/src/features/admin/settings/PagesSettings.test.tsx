import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
const PRIVACY = {
  slug: 'privacy', sortOrder: 60, updatedAt: '2026-11-26T10:00:00Z',
  title: { en: 'Privacy Policy', zh: '隐私政策' }, source: { en: 'We collect little.', zh: '我们只收集必要的数据。' },
  body: { en: '<p>We collect little.</p>', zh: '<p>我们只收集必要的数据。</p>' },
};

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/pages': { body: [PRIVACY] },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('Settings > Pages', () => {
  it('lists the pages and saves the Chinese text of one, showing the saved page', async () => {
    const { callsTo } = api({
      'PUT /api/admin/pages/privacy': (call) => {
        const b = call.body as { source: Record<string, string> };
        return { body: { ...PRIVACY, source: b.source, body: { ...PRIVACY.body, zh: `<p>${b.source.zh}</p>` } } };
      },
    });
    renderAdmin('/admin/pages');
    const row = (await screen.findByRole('rowheader', { name: 'Privacy Policy' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: '/privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', { name: 'Pages' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(row).getByRole('link', { name: 'Edit Privacy Policy' }));
    await user.click(await screen.findByRole('tab', { name: /中文/ }));
    const text = screen.getByLabelText(/Text \(中文\)/);
    expect(text).toHaveValue('我们只收集必要的数据。');
    await user.clear(text);
    await user.type(text, '我们很少保存数据。');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/pages/privacy')[0].body).toMatchObject({
      slug: 'privacy', sortOrder: 60, title: { en: 'Privacy Policy', zh: '隐私政策' }, source: { en: 'We collect little.', zh: '我们很少保存数据。' },
    });
    expect(within(screen.getByRole('region', { name: 'Saved page as shoppers see it' })).getByText('我们很少保存数据。')).toBeInTheDocument();
  });

  it("a new page: the server's errors on the address and the English text", async () => {
    api({
      'POST /api/admin/pages': {
        status: 400,
        body: { status: 400, code: 'validation_failed', message: 'Invalid', errors: { slug: 'Use lowercase letters', 'source.en': 'The English text is required' } },
      },
    });
    renderAdmin('/admin/pages/new');
    await user.type(await screen.findByLabelText(/Address/), 'Bad Slug');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Use lowercase letters')).toBeInTheDocument();
    expect(screen.getByLabelText(/Text \(English\)/)).toHaveAccessibleDescription('The English text is required');
  });
});
