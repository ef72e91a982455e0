import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
// The shop's today, far from the test machine's clock: the calendar must start from it.
const SHOP = {
  name: 'StageShop', legalName: '', logo: '', logoUrl: '', email: 'a@b.example', phone: '', address: '', hours: {},
  hero: { title: { en: 'Gear' }, text: {} }, social: [], timeZone: 'Asia/Tokyo', today: '2031-05-16',
};
const BOOKING = {
  id: 'b1', orderId: 'o1', productId: 'p1', variantId: 'v1', kitBookingId: '', quantity: 2, start: '2031-05-16', end: '2031-05-18',
  status: 'reserved', fees: [], productName: 'Line array top', productNameLocalized: { en: 'Line array top' },
};

beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
});

describe('/admin/bookings', () => {
  it("starts the calendar and the day's collections from the shop's today, not the browser's clock", async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: ADMIN },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
      'GET /api/shop': { body: SHOP },
      'GET /api/admin/bookings': { body: [BOOKING] },
    });
    renderAdmin('/admin/bookings');
    expect(await screen.findByRole('heading', { name: 'Units out, 2031-05-16 to 2031-06-12' })).toBeInTheDocument();
    const [list] = callsTo('GET', '/api/admin/bookings');
    expect(Object.fromEntries(list.query)).toEqual({ from: '2031-05-16', to: '2031-06-12' });
    expect(await screen.findByRole('heading', { name: 'To hand out today (1)' })).toBeInTheDocument();
    // Named by the booking itself (no product list of the first 100 to look it up in).
    expect(screen.getByRole('rowheader', { name: 'Line array top' })).toBeInTheDocument();
    expect(screen.getAllByText('2 × Line array top')).not.toHaveLength(0);
  });
});
