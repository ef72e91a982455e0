import { adminRoot } from '../../api/queryKeys';

/** The admin area's keys, under adminRoot (kept apart from the shopper's `products` and `orders` caches). */
export const adminKeys = {
  all: adminRoot,
  products: [...adminRoot, 'products'] as const,
  productList: <F extends object>(filters: F) => [...adminRoot, 'products', 'list', filters] as const,
  product: (id: string) => [...adminRoot, 'products', 'detail', id] as const,
  orders: [...adminRoot, 'orders'] as const,
  orderList: [...adminRoot, 'orders', 'list'] as const,
  /** Under orderList, so live events and the list's refreshes reach every page and the counts. */
  orderPage: <F extends object>(filters: F) => [...adminRoot, 'orders', 'list', filters] as const,
  newOrderCount: [...adminRoot, 'orders', 'list', 'newCount'] as const,
  order: (id: string) => [...adminRoot, 'orders', 'detail', id] as const,
  contact: [...adminRoot, 'contact'] as const,
  contactList: <F extends object>(filters: F) => [...adminRoot, 'contact', 'list', filters] as const,
  contactStats: [...adminRoot, 'contact', 'stats'] as const,
};

/** The admin's overview, customers and role changes. */
export const insightKeys = {
  overview: [...adminRoot, 'overview'] as const,
  overviewFor: (days: number) => [...adminRoot, 'overview', days] as const,
  users: [...adminRoot, 'users'] as const,
  userList: <F extends object>(filters: F) => [...adminRoot, 'users', 'list', filters] as const,
  userOrders: (id: string) => [...adminRoot, 'users', 'orders', id] as const,
  roleChanges: [...adminRoot, 'roleChanges'] as const,
  roleChangeList: (page: number) => [...adminRoot, 'roleChanges', page] as const,
};

/** The admin's e-mail outbox. */
export const emailKeys = {
  all: [...adminRoot, 'emails'] as const,
  list: (status: string, page: number) => [...adminRoot, 'emails', 'list', status, page] as const,
  detail: (id: string) => [...adminRoot, 'emails', 'detail', id] as const,
};

/** The admin's promotions: every one, and those touching one product. */
export const promotionKeys = {
  all: [...adminRoot, 'promotions'] as const,
  list: [...adminRoot, 'promotions', 'list'] as const,
  forProduct: (productId: string, categoryId: string) => [...adminRoot, 'promotions', 'product', productId, categoryId] as const,
};
