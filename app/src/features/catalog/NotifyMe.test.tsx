import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { NotifyMe } from './NotifyMe';

describe('NotifyMe', () => {
  beforeAll(setupTestI18n);

  it('asks a guest for an e-mail address and confirms', async () => {
    const { callsTo } = mockFetch({ 'POST /api/products/p1/stock-alerts': { status: 201, body: { message: 'ok' } } });
    renderApp(<NotifyMe productId="p1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me when available' }));
    await userEvent.type(await screen.findByLabelText('Your e-mail address'), 'fan@');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(callsTo('POST', '/api/products/p1/stock-alerts')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Your e-mail address'), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('We will e-mail you when it is back in stock.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/products/p1/stock-alerts')[0].body).toMatchObject({ email: 'fan@example.com', language: 'en' });
  });

  it('takes one click when signed in', async () => {
    localStorage.setItem('authToken', 't');
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: { id: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B', roles: ['Customer'] } },
      'POST /api/products/p1/stock-alerts': { status: 200, body: { message: 'ok' } },
    });
    renderApp(<NotifyMe productId="p1" />);
    const button = () => screen.getByRole('button', { name: 'Notify me when available' });
    // Once the account is known the button subscribes at once (no e-mail popover).
    await waitFor(() => expect(button()).not.toHaveAttribute('aria-haspopup'));
    await userEvent.click(button());
    expect(await screen.findByText('We will e-mail you when it is back in stock.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/products/p1/stock-alerts')[0].body).toMatchObject({ language: 'en' });
  });
});
