import { afterEach, beforeAll, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ShippingMethods } from '../../api/types';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import ruCommon from '../../../public/locales/ru/common.json';
import ruInfo from '../../../public/locales/ru/info.json';
import zhCommon from '../../../public/locales/zh/common.json';
import zhInfo from '../../../public/locales/zh/info.json';
import ShippingPage from './ShippingPage';

const PAGE = { slug: 'shipping', title: { en: 'Shipping Information', ru: 'Доставка', zh: '配送信息' }, body: { en: '<p>Fast delivery.</p>' } };
const std = { en: 'Standard', ru: 'Стандартная', zh: '标准配送' };
// The owner's zones (issue 35): standard by weight, free from $500; express for any weight; a
// European group whose last band has a bound (heavier parcels: freight quoted separately).
const ANSWER: ShippingMethods = {
  homeCountry: 'US',
  freeShippingThreshold: 500,
  methods: [{ code: 'standard', name: std, region: 'domestic', amount: 9.99, deliveryDays: '5-7' }],
  zones: [
    { id: 'home', name: 'Domestic', countries: ['US'], methods: [
      { code: 'standard', name: std, deliveryDays: '5-7', rates: [{ upToKg: 5, amount: 9.99 }, { upToKg: 30, amount: 24.5 }, { upToKg: null, amount: 60 }], freeOver: 500 },
      { code: 'express', name: { en: 'Express' }, deliveryDays: '2-3', rates: [{ upToKg: null, amount: 19.99 }], freeOver: null },
      { code: 'ups', name: { en: 'UPS Ground' }, deliveryDays: '3-5', rates: [{ upToKg: null, amount: 14 }], freeOver: 1000 },
    ] },
    { id: 'eu', name: 'Europe', countries: ['DE', 'FR'], methods: [
      { code: 'eu_post', name: { en: 'EU post' }, deliveryDays: '6-9', rates: [{ upToKg: 20, amount: 29.99 }], freeOver: null },
    ] },
    { id: 'world', name: 'Rest of the world', countries: [], methods: [
      { code: 'intl_standard', name: { en: 'International standard' }, deliveryDays: '10-15', rates: [{ upToKg: null, amount: 49.99 }], freeOver: null },
    ] },
  ],
};

const rowsOf = (zone: string, method: string) =>
  within(within(screen.getByTestId(`shipping-zone-${zone}`)).getByRole('heading', { name: method }).parentElement!)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

beforeAll(async () => {
  const i18n = await setupTestI18n();
  i18n.addResourceBundle('ru', 'common', ruCommon, true, true);
  i18n.addResourceBundle('ru', 'info', ruInfo, true, true);
  i18n.addResourceBundle('zh', 'common', zhCommon, true, true);
  i18n.addResourceBundle('zh', 'info', zhInfo, true, true);
});
afterEach(async () => {
  const i18n = await setupTestI18n();
  await i18n.changeLanguage('en');
});

// Issue 35: the shipping page showed each method's first band only; it lists every zone's
// methods with every weight band, the free-shipping amount and the delivery time.
it('lists every zone with each method, every weight band and price, free-from and delivery time', async () => {
  const net = mockFetch({ 'GET /api/pages/shipping': { body: PAGE }, 'GET /api/shipping/methods': { body: ANSWER } });
  renderApp(<ShippingPage />);
  expect(await screen.findByTestId('shipping-zone-home')).toBeInTheDocument();
  expect(net.callsTo('GET', '/api/shipping/methods')[0].query.get('zones')).toBe('1');
  expect(within(screen.getByTestId('shipping-zone-home')).getByRole('heading', { level: 2 })).toHaveTextContent('Domestic Shipping');
  expect(rowsOf('home', 'Standard')).toEqual(['Up to 5 kg$9.99', 'Over 5 kg, up to 30 kg$24.50', 'Over 30 kg$60.00']);
  expect(screen.getByText('Free standard shipping on orders of $500.00 or more')).toBeInTheDocument();
  expect(rowsOf('home', 'Express')).toEqual(['Any weight$19.99']);
  expect(screen.getByText('Free UPS Ground shipping on orders of $1,000.00 or more')).toBeInTheDocument();
  expect(within(screen.getByTestId('shipping-zone-home')).getByText('2-3 business days')).toBeInTheDocument();
  const eu = screen.getByTestId('shipping-zone-eu');
  expect(within(eu).getByRole('heading', { level: 2 })).toHaveTextContent('Europe');
  expect(within(eu).getByText('Countries: Germany, France')).toBeInTheDocument();
  expect(rowsOf('eu', 'EU post')).toEqual(['Up to 20 kg$29.99', 'Over 20 kgQuoted separately']);
  const world = screen.getByTestId('shipping-zone-world');
  expect(within(world).getByRole('heading', { level: 2 })).toHaveTextContent('International Shipping');
  expect(within(world).getByText(/over 50 countries/)).toBeInTheDocument();
  expect(rowsOf('world', 'International standard')).toEqual(['Any weight$49.99']);
});

it('reads in Russian and Chinese, with their prices', async () => {
  const i18n = await setupTestI18n();
  mockFetch({ 'GET /api/pages/shipping': { body: PAGE }, 'GET /api/shipping/methods': { body: ANSWER } });
  await i18n.changeLanguage('ru');
  const { unmount } = renderApp(<ShippingPage />);
  expect(await screen.findByTestId('shipping-zone-home')).toBeInTheDocument();
  expect(rowsOf('home', 'Стандартная')).toEqual(['До 5 кг9,99\u00a0$', 'Свыше 5 кг, до 30 кг24,50\u00a0$', 'Свыше 30 кг60,00\u00a0$']);
  // (getByText collapses the no-break space of Russian prices)
  expect(screen.getByText('Стандартная: бесплатно при заказе от 500,00 $')).toBeInTheDocument();
  unmount();
  await i18n.changeLanguage('zh');
  renderApp(<ShippingPage />);
  expect(await screen.findByTestId('shipping-zone-home')).toBeInTheDocument();
  expect(rowsOf('home', '标准配送')).toEqual(['不超过 5 公斤US$9.99', '超过 5 公斤，不超过 30 公斤US$24.50', '超过 30 公斤US$60.00']);
  expect(screen.getByText('订单满 US$500.00 享受免费标准配送')).toBeInTheDocument();
  expect(rowsOf('eu', 'EU post')).toEqual(['不超过 20 公斤US$29.99', '超过 20 公斤另行报价']);
});
