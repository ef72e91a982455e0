import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../api/wire.gen';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { HirePanel } from './HirePanel';

const PRODUCT = {
  id: 'p1', name: 'Subwoofer', defaultVariantId: 'v1', hire: { enabled: true, saleEnabled: false, deposit: 200, bufferDays: 1, minDays: 1, leadDays: 0 },
  hireRates: { day: 40, weekend: null, week: null },
} as unknown as Product;

// The server's availability, buffers counted there (TestAvailabilityWithBuffers): none free on
// the 13th-17th (bookings and their cleaning days), one on the 18th, two elsewhere shown.
const TODAY = '2031-05-12';
const DAYS: Record<string, number> = { '2031-05-12': 2, '2031-05-13': 0, '2031-05-14': 0, '2031-05-15': 0, '2031-05-16': 0, '2031-05-17': 0, '2031-05-18': 1, '2031-05-19': 2 };

beforeEach(async () => {
  await setupTestI18n();
});

const day = (date: string) => screen.getByRole('button', { name: new RegExp(`^\\d+, ${date}:`) });

describe('the hire calendar', () => {
  it("starts at the shop's today and marks days short of units, buffers among them, as unavailable", async () => {
    const { callsTo } = mockFetch({
      'GET /api/products/p1/availability': (call) => ({
        body: {
          today: TODAY,
          days: Object.entries(DAYS).filter(([d]) => d >= (call.query.get('from') ?? '')).map(([date, available]) => ({ date, available })),
        },
      }),
    });
    renderApp(<HirePanel product={PRODUCT} name="Subwoofer" />);
    await waitFor(() => expect(day('2031-05-12')).toBeEnabled());
    expect(callsTo('GET', '/api/products/p1/availability').at(-1)?.query.get('from')).toBe(TODAY);
    for (const d of ['2031-05-13', '2031-05-14', '2031-05-15', '2031-05-16', '2031-05-17']) expect(day(d)).toBeDisabled();
    expect(day('2031-05-18')).toBeEnabled();
    expect(day('2031-05-19')).toBeEnabled();
    // Two units: the day with one free is short too.
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(day('2031-05-18')).toBeDisabled();
    expect(day('2031-05-19')).toBeEnabled();
  });
});

describe('the hire information link', () => {
  const availability = { 'GET /api/products/p1/availability': () => ({ body: { today: TODAY, days: [] } }) };

  it('links the hire page (deposits, collection and return) while the shop has it', async () => {
    mockFetch({ ...availability, 'GET /api/pages': () => ({ body: [{ slug: 'returns', title: { en: 'Returns' } }, { slug: 'hire', title: { en: 'Hire' } }] }) });
    renderApp(<HirePanel product={PRODUCT} name="Subwoofer" />);
    const link = await screen.findByRole('link', { name: 'How hire works: deposits, collection and return' });
    expect(link).toHaveAttribute('href', '/hire');
  });
});
