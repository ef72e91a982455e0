import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import type { ShippingSettings } from '../../../api/types';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
const SHIPPING: ShippingSettings = {
  homeCountry: 'US',
  zones: [{ id: 'home', name: 'Domestic', countries: ['US'], methods: [
    { code: 'standard', name: { en: 'Standard' }, deliveryDays: '5-7', rates: [{ upToKg: null, amount: 9.99 }], freeOver: 500 },
  ] }],
};

beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/shipping': { body: SHIPPING },
    'GET /api/shop': { body: { name: 'StageShop', legalName: '', logoUrl: '', logo: '', email: 'a@b.example', phone: '', address: '', hours: {}, hero: { title: { en: 'Gear' }, text: {} }, social: [] } },
  });
});

const settingsNav = () => screen.getByRole('navigation', { name: 'Settings sections' });
const adminNav = () => screen.getByRole('navigation', { name: 'Admin sections' });

// Issue 35: the shipping settings are a section of the settings area, reached from its
// sub-navigation; the admin nav has one way there (Settings), no second Shipping link.
it('shows Shipping as a tab of the settings area, current on its screen, inside the settings shell', async () => {
  renderAdmin('/admin/settings/shipping');
  expect(await screen.findByTestId('zone-0')).toBeInTheDocument();
  const tabs = within(settingsNav()).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
  expect(tabs).toEqual([
    ['Store', '/admin/settings'], ['Pages', '/admin/pages'], ['Shipping', '/admin/settings/shipping'], ['Payments & tax', '/admin/settings/payments'],
    ['Search', '/admin/settings/search'],
  ]);
  expect(within(settingsNav()).getByRole('link', { name: 'Shipping' })).toHaveAttribute('aria-current', 'page');
  expect(within(settingsNav()).getByRole('link', { name: 'Store' })).not.toHaveAttribute('aria-current');
  expect(screen.getByRole('heading', { name: 'Settings', level: 2 })).toBeInTheDocument();
  expect(within(adminNav()).queryByRole('link', { name: 'Shipping' })).toBeNull();
  expect(within(adminNav()).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getAllByRole('link', { name: 'Shipping' })).toHaveLength(1);
});

it('opens the shipping screen from the Store screen through the tab', async () => {
  const user = userEvent.setup({ delay: null });
  renderAdmin('/admin/settings');
  // The screens wait for the user's permissions (issue 49).
  await screen.findByRole('navigation', { name: 'Settings sections' });
  await user.click(await within(settingsNav()).findByRole('link', { name: 'Shipping' }));
  expect(await screen.findByRole('button', { name: 'Save shipping settings' })).toBeInTheDocument();
  expect(within(settingsNav()).getByRole('link', { name: 'Shipping' })).toHaveAttribute('aria-current', 'page');
});
