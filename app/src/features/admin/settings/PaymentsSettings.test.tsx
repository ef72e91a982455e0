import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
const SETTINGS = {
  pricesIncludeTax: false, taxShipping: false, sellerTaxId: 'EIN 12-3456789', cardEnabled: true, bankTransferEnabled: true, invoiceEnabled: true,
  bankDetails: 'IBAN DE00', invoiceTermsDays: 30, holdMinutes: 60, maxUnitsPerLine: 20, transferHoldDays: 7, cardReady: false, stripeKeys: 'missing',
};
const TEXAS = { id: 'r1', country: 'US', region: 'TX', taxClass: 'standard', rate: 6.25, name: 'Texas sales tax' };

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/settings/payments': { body: SETTINGS },
    'GET /api/admin/tax-rates': { body: [TEXAS] },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('Settings > Payments & tax', () => {
  it('saves the tax settings and terms, and says why card payments are not ready', async () => {
    const { callsTo } = api({ 'PUT /api/admin/settings/payments': (call) => ({ body: { ...SETTINGS, ...(call.body as object) } }) });
    renderAdmin('/admin/settings/payments');
    expect(await screen.findByText(/Card payments need the Stripe keys/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Prices include tax/ }));
    await user.clear(screen.getByLabelText('Invoice terms (days)'));
    await user.type(screen.getByLabelText('Invoice terms (days)'), '14');
    await user.click(screen.getByRole('button', { name: 'Save payments and tax' }));
    expect(await screen.findByText('Payment and tax settings saved')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/settings/payments')[0].body).toMatchObject({ pricesIncludeTax: true, invoiceTermsDays: 14, holdMinutes: 60, sellerTaxId: 'EIN 12-3456789' });
  });

  it('edits the units one customer may put on a line (issue 43), with the server refusing 0 on its field', async () => {
    const { callsTo } = api({
      'PUT /api/admin/settings/payments': [
        { status: 400, body: { status: 400, code: 'validation_failed', message: 'x', errors: { maxUnitsPerLine: 'must be no less than 1' } } },
        { body: { ...SETTINGS, maxUnitsPerLine: 5 } },
      ],
    });
    renderAdmin('/admin/settings/payments');
    const field = await screen.findByLabelText('Units per line (one customer)');
    expect(field).toHaveValue('20');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save payments and tax' }));
    expect(await screen.findByText('must be no less than 1')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Save payments and tax' }));
    expect(await screen.findByText('Payment and tax settings saved')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/settings/payments')[0].body).toMatchObject({ maxUnitsPerLine: -1 });
    expect(callsTo('PUT', '/api/admin/settings/payments')[1].body).toMatchObject({ maxUnitsPerLine: 5 });
  });

  it('edits how many days a bank transfer is awaited (issue 43)', async () => {
    const { callsTo } = api({ 'PUT /api/admin/settings/payments': (call) => ({ body: { ...SETTINGS, ...(call.body as object) } }) });
    renderAdmin('/admin/settings/payments');
    const field = await screen.findByLabelText('Days a bank transfer is awaited');
    expect(field).toHaveValue('7');
    await user.clear(field);
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: 'Save payments and tax' }));
    expect(await screen.findByText('Payment and tax settings saved')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/settings/payments')[0].body).toMatchObject({ transferHoldDays: 3, maxUnitsPerLine: 20 });
  });

  it('lists the tax rates and adds one, with the server refusing a duplicate on its field', async () => {
    const { callsTo } = api({
      'POST /api/admin/tax-rates': [
        { status: 400, body: { status: 400, code: 'validation_failed', message: 'x', errors: { country: 'There is a rate for this country, region and class already' } } },
        { status: 201, body: { ...TEXAS, id: 'r2', country: 'DE', region: '', rate: 19, name: 'VAT' } },
      ],
    });
    renderAdmin('/admin/settings/payments');
    const row = (await screen.findByRole('rowheader', { name: 'Texas sales tax' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('6.25 %')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a tax rate' }));
    await user.selectOptions(screen.getByLabelText(/^Country/), 'DE');
    await user.type(screen.getByLabelText(/Rate \(%\)/), '19');
    await user.type(screen.getByLabelText(/Name on invoices/), 'VAT');
    await user.click(screen.getByRole('button', { name: 'Save tax rate' }));
    expect(await screen.findByText('There is a rate for this country, region and class already')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save tax rate' }));
    expect(await screen.findByText('Tax rate saved')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/tax-rates')[1].body).toEqual({ country: 'DE', region: '', taxClass: 'standard', rate: 19, name: 'VAT' });
  });
});
