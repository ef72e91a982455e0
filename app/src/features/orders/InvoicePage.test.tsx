import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/render';
import { setupTestI18n } from '../../test/i18n';
import InvoicePage from './InvoicePage';

beforeAll(async () => {
  await setupTestI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await (await setupTestI18n()).changeLanguage('en');
});

/** Opens the page and returns where it sent the tab. */
async function openedUrl() {
  mockFetch({ 'POST /api/files/token': { body: { token: 'ft1' } } });
  const replace = vi.fn();
  vi.stubGlobal('location', { ...window.location, replace });
  renderApp(<InvoicePage />, { route: '/account/orders/o123/invoice', path: '/account/orders/:orderId/invoice' });
  await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
  return new URL(String(replace.mock.calls[0][0]), 'http://localhost');
}

describe('InvoicePage', () => {
  it('opens the invoice with a file token and the reader\'s language, so an expired link comes back in it', async () => {
    const i18n = await setupTestI18n();
    await i18n.changeLanguage('ru');
    const url = await openedUrl();
    expect(url.pathname).toBe('/api/checkout/orders/o123/invoice');
    expect(url.searchParams.get('token')).toBe('ft1');
    expect(url.searchParams.get('lang')).toBe('ru');
  });
});
