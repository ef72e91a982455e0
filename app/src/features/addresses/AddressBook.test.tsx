import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { AddressBook } from './AddressBook';

const home = { id: 'a1', label: 'Home', firstName: 'Ada', lastName: 'Lovelace', address: '9 Saved Rd', city: 'Chicago', state: 'IL', zipCode: '60601', country: 'US', phone: '+1 555 0199', isDefault: true };
const studio = { ...home, id: 'a2', label: 'Studio', address: '1 Abbey Rd', city: 'London', state: 'Greater London', zipCode: 'NW8 9AY', country: 'GB', isDefault: false };

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('authToken', 't');
  const mock = mockFetch({
    'GET /api/auth/profile': { body: { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: ['Customer'] } },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/auth/addresses': { body: [home, studio] },
    ...extra,
  });
  renderApp(<AddressBook homeCountry="US" />);
  return mock;
}

const card = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('AddressBook', () => {
  beforeAll(setupTestI18n);
  beforeEach(() => localStorage.clear());

  it('lists the saved addresses, the default marked, countries by name', async () => {
    setup();
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(within(card('Home')).getByText('Default')).toBeInTheDocument();
    expect(within(card('Studio')).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(card('Studio')).queryByText('Default')).toBeNull();
  });

  it('adds an address in the home country with its state from the list', async () => {
    const { callsTo } = setup({ 'POST /api/auth/addresses': { status: 201, body: { ...home, id: 'a3' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Country/)).toHaveValue('US');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(callsTo('POST', '/api/auth/addresses')).toHaveLength(0);
    for (const [label, value] of [['Label', 'Venue'], ['First Name', 'Ada'], ['Last Name', 'King'], ['Phone', '+1 555 0100'], ['Address', '5 Stage Ln'], ['City', 'Austin'], ['ZIP Code', '73301']]) {
      // Pasted, not typed key by key: the test stays quick on a busy machine.
      await userEvent.click(within(dialog).getByLabelText(new RegExp(`^${label}`)));
      await userEvent.paste(value);
    }
    await userEvent.selectOptions(within(dialog).getByLabelText(/^State/), 'TX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(callsTo('POST', '/api/auth/addresses')).toHaveLength(1));
    expect(callsTo('POST', '/api/auth/addresses')[0].body).toMatchObject({ label: 'Venue', city: 'Austin', state: 'TX', country: 'US', isDefault: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits, makes default and deletes after asking', async () => {
    const { callsTo } = setup({
      'PUT /api/auth/addresses/a2': { body: { ...studio, isDefault: true } },
      'DELETE /api/auth/addresses/a2': { status: 204 },
    });
    await screen.findByText('Studio');
    await userEvent.click(within(card('Studio')).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(callsTo('PUT', '/api/auth/addresses/a2')).toHaveLength(1));
    expect(callsTo('PUT', '/api/auth/addresses/a2')[0].body).toMatchObject({ isDefault: true, city: 'London' });

    await userEvent.click(within(card('Studio')).getByRole('button', { name: 'Edit Studio' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^City/)).toHaveValue('London');
    await userEvent.clear(within(dialog).getByLabelText(/^City/));
    await userEvent.click(within(dialog).getByLabelText(/^City/));
    await userEvent.paste('Bath');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(callsTo('PUT', '/api/auth/addresses/a2')).toHaveLength(2));
    expect(callsTo('PUT', '/api/auth/addresses/a2')[1].body).toMatchObject({ city: 'Bath', country: 'GB' });

    await userEvent.click(within(card('Studio')).getByRole('button', { name: 'Delete Studio' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(callsTo('DELETE', '/api/auth/addresses/a2')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/auth/addresses/a2')).toHaveLength(1));
  });
});
