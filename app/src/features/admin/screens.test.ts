import { describe, expect, it } from 'vitest';
import type { Permission } from '../../auth/permissions';
import { userCan } from '../../auth/permissions';
import { mayOpen, visibleScreens } from './screens';

// The roles' permissions as the server lists them in the user object (routes/permissions.go).
const ROLES: Record<string, Permission[]> = {
  Fulfilment: ['orders.read', 'orders.status'],
  Catalog: ['catalog.read', 'catalog.write', 'promotions'],
  Manager: ['orders.read', 'orders.status', 'orders.write', 'refunds', 'returns', 'customers.read', 'customers.write', 'catalog.read', 'catalog.write', 'promotions', 'contact', 'emails', 'overview'],
};
const canAs = (role: string) => (p: Permission) => userCan({ roles: [role], permissions: ROLES[role] ?? [] }, p);
const nav = (role: string) => visibleScreens(canAs(role)).map((s) => `${s.key} ${s.to}`);

describe('the admin screens by role', () => {
  it('shows Fulfilment its order screens only', () => {
    expect(nav('Fulfilment')).toEqual(['bookings /admin/bookings', 'orders /admin/orders']);
  });

  it('shows Catalog the catalog, promotions and the search settings', () => {
    expect(nav('Catalog')).toEqual(['products /admin', 'categories /admin/categories', 'promotions /admin/promotions', 'settings /admin/settings/search']);
  });

  it('shows a Manager everything but webhooks, the audit log, API keys and the shop settings', () => {
    expect(nav('Manager')).toEqual([
      'overview /admin/overview', 'products /admin', 'categories /admin/categories', 'promotions /admin/promotions', 'bookings /admin/bookings',
      'orders /admin/orders', 'returns /admin/returns', 'quotes /admin/quotes', 'contact /admin/contact-requests', 'customers /admin/customers', 'emails /admin/emails',
      'settings /admin/settings/search',
    ]);
  });

  it('shows an Admin every screen, settings at the store section', () => {
    const all = visibleScreens(canAs('Admin'));
    expect(all.map((s) => s.key)).toEqual(['overview', 'products', 'categories', 'promotions', 'bookings', 'orders', 'returns', 'quotes', 'contact', 'customers', 'emails', 'webhooks', 'audit', 'apiKeys', 'settings']);
    expect(all.at(-1)?.to).toBe('/admin/settings');
  });

  it('shows a customer nothing', () => {
    expect(nav('Customer')).toEqual([]);
  });

  it('opens an address only with its screen’s permission, a settings section with its own', () => {
    const fulfilment = canAs('Fulfilment');
    expect(mayOpen('/admin/orders', fulfilment)).toBe(true);
    expect(mayOpen('/admin/orders/o1', fulfilment)).toBe(true);
    for (const path of ['/admin', '/admin/products/new', '/admin/settings', '/admin/settings/payments', '/admin/pages', '/admin/customers', '/admin/returns/r1', '/admin/webhooks', '/admin/audit', '/admin/api-keys', '/admin/overview']) {
      expect(mayOpen(path, fulfilment), path).toBe(false);
    }
    const manager = canAs('Manager');
    expect(mayOpen('/admin/settings/search', manager)).toBe(true);
    expect(mayOpen('/admin/settings', manager)).toBe(false);
    expect(mayOpen('/admin/settings/shipping', manager)).toBe(false);
    expect(mayOpen('/admin/pages/about', manager)).toBe(false);
    expect(mayOpen('/admin/settings/payments', canAs('Admin'))).toBe(true);
    // An address that is no screen is redirected by the routes, not refused.
    expect(mayOpen('/admin/nowhere', fulfilment)).toBe(true);
  });
});
