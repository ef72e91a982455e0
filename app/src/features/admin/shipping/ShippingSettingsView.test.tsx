import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShippingSettings } from '../../../api/types';
import { mockFetch } from '../../../test/fetchMock';
import { renderApp } from '../../../test/render';
import { setupAdminI18n } from '../test/helpers';
import { ShippingSettingsView } from './ShippingSettingsView';

const settings: ShippingSettings = {
  homeCountry: 'US',
  zones: [
    { id: 'home', name: 'Domestic', countries: ['US'], methods: [
      { code: 'standard', name: { en: 'Standard', ru: 'Стандартная' }, deliveryDays: '5-7', rates: [{ upToKg: null, amount: 9.99 }], freeOver: 500 },
    ] },
    { id: 'world', name: 'Rest of the world', countries: [], methods: [
      { code: 'intl_standard', name: { en: 'International standard' }, deliveryDays: '10-15', rates: [{ upToKg: null, amount: 49.99 }], freeOver: null },
    ] },
  ],
};

describe('the shipping settings screen', () => {
  beforeAll(setupAdminI18n);

  it('shows the zones and saves a new weight band in dollars and kg', async () => {
    const net = mockFetch({ 'GET /api/admin/shipping': { body: settings }, 'PUT /api/admin/shipping': (c) => ({ body: c.body }) });
    renderApp(<ShippingSettingsView />);
    const home = await screen.findByTestId('zone-0');
    expect(within(home).getByLabelText(/Countries/)).toHaveValue('US');
    expect(within(screen.getByTestId('zone-1')).getByLabelText(/Countries/)).toBeDisabled();
    expect(within(home).getByLabelText(/Free from/)).toHaveValue('500.00');
    await userEvent.click(within(home).getByRole('button', { name: 'Add weight band' }));
    const kg = within(home).getAllByLabelText('Up to');
    await userEvent.type(kg[0], '30');
    const prices = within(home).getAllByLabelText('Price');
    await userEvent.clear(prices[1]);
    await userEvent.type(prices[1], '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    await screen.findByText('Shipping settings saved');
    const body = net.callsTo('PUT', '/api/admin/shipping')[0].body as { zones: { countries: string[]; methods: { rates: unknown; freeOver: number | null }[] }[] };
    expect(body.zones[0].methods[0].rates).toEqual([{ upToKg: 30, amount: 9.99 }, { upToKg: null, amount: 120 }]);
    expect(body.zones[0].methods[0].freeOver).toBe(500);
    expect(body.zones[1].countries).toEqual([]);
  });

  it('puts the server’s errors on the fields they are about', async () => {
    mockFetch({
      'GET /api/admin/shipping': { body: settings },
      'PUT /api/admin/shipping': { status: 400, body: { status: 400, code: 'validation_failed', message: 'Invalid', errors: { 'zones.0.countries.0': 'US is already in zone 2' } } },
    });
    renderApp(<ShippingSettingsView />);
    await screen.findByTestId('zone-0');
    await userEvent.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    expect(await screen.findByText('US is already in zone 2')).toBeInTheDocument();
    expect(within(screen.getByTestId('zone-0')).getByLabelText(/Countries/)).toHaveAttribute('aria-invalid', 'true');
  });
});
