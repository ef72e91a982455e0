import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
const SHOP = {
  name: 'StageShop', legalName: 'StageShop Supply LLC', logo: '', logoUrl: '', email: 'support@stageshop.example', phone: '+1 (555) 123-4567',
  address: '123 Stage Street\nNew York', hours: { en: 'Mon-Fri 9-18' }, hero: { title: { en: 'Professional Stage Equipment', zh: '专业舞台设备' }, text: {} },
  social: [{ kind: 'instagram', url: 'https://www.instagram.com/stageshop.example' }],
  timeZone: 'America/Chicago', today: '2026-03-06',
};

function api(put: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/shop': { body: SHOP },
    'PUT /api/admin/shop': put,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('Settings > Store', () => {
  it('shows the store details under the settings navigation and saves a changed phone and Chinese hero', async () => {
    const { callsTo } = api((call) => ({ body: { ...SHOP, ...(call.body as object) } }));
    renderAdmin('/admin/settings');
    const phone = await screen.findByLabelText('Phone');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /Settings/ })).toHaveAttribute('aria-current', 'page');
    expect(phone).toHaveValue('+1 (555) 123-4567');
    expect(screen.getByLabelText('Title (中文)')).toHaveValue('专业舞台设备');
    await user.clear(phone);
    await user.type(phone, '+1 212 555 0199');
    await user.clear(screen.getByLabelText('Title (中文)'));
    await user.type(screen.getByLabelText('Title (中文)'), '舞台装备');
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveValue('America/Chicago');
    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save store details' }));
    expect(await screen.findByText('Store details saved')).toBeInTheDocument();
    const [put] = callsTo('PUT', '/api/admin/shop');
    expect(put.body).toMatchObject({
      name: 'StageShop', legalName: 'StageShop Supply LLC', phone: '+1 212 555 0199', hours: { en: 'Mon-Fri 9-18' },
      hero: { title: { en: 'Professional Stage Equipment', zh: '舞台装备' }, text: {} },
      social: [{ kind: 'instagram', url: 'https://www.instagram.com/stageshop.example' }],
      timeZone: 'Asia/Tokyo',
    });
  });

  it("puts the server's field errors on their fields (a social link among them) and keeps the edits", async () => {
    api({ status: 400, body: { status: 400, code: 'validation_failed', message: 'Invalid', errors: { email: 'Please enter a valid email address', 'social.1.url': 'Please enter a web address starting with https://', timeZone: 'Must be a time zone name such as America/Chicago' } } });
    renderAdmin('/admin/settings');
    const email = await screen.findByLabelText(/Contact e-mail/);
    await user.clear(email);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Add a link' }));
    await user.type(screen.getByLabelText('Address of link 2'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save store details' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Address of link 2')).toHaveAccessibleDescription('Please enter a web address starting with https://');
    expect(email).toHaveValue('nope');
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(/Must be a time zone name such as America\/Chicago/);
  });
});
