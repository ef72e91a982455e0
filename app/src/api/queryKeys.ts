/**
 * The query keys of the app, the shop's screens and the admin area's, in one module: the
 * features' queries and mutations and the live updates (features/live, the admin's useAdminLive)
 * build their keys here, so an invalidation always names the cache it means. Keys nest: invalidating `catalogKeys.all` reaches the lists, the product pages
 * and the categories. Filters are part of a list's key as the caller passes them.
 */

export const authKeys = {
  me: ['auth', 'me'] as const,
};

/** The shop's products (the admin's own lists are under adminKeys). */
export const catalogKeys = {
  all: ['products'] as const,
  lists: ['products', 'list'] as const,
  /** A search's answer also depends on the language it ranks first. */
  list: <F extends object>(filters: F, lang?: string) =>
    lang ? (['products', 'list', filters, lang] as const) : (['products', 'list', filters] as const),
  /** The header's and the home's suggestions as one types. */
  suggest: (q: string, lang: string) => ['products', 'suggest', q, lang] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  categories: ['products', 'categories'] as const,
  /** The category records (names in every language, order, pictures): GET /api/categories. */
  categoryRecords: ['products', 'categories', 'records'] as const,
};

export const cartKeys = {
  all: ['cart'] as const,
  /** The cart of `user:<id>` or `guest`. */
  current: (owner: string) => ['cart', owner] as const,
  /** A mutation key: the cart's writes (add, update, remove, clear), counted for the busy state. */
  actions: ['cart', 'action'] as const,
  /** A mutation key: applying or removing a discount code (its failure shows by its field, not atop the cart). */
  code: ['cart', 'code'] as const,
  /** The cart with its figures for an address; `lines` (the cart's lines as they are) refetches it when they change. */
  estimate: (owner: string, address: { country: string; state: string; shippingMethod?: string }, lines: string) =>
    ['cart', 'estimate', owner, address.country, address.state, address.shippingMethod ?? '', lines] as const,
};

/** The signed-in shopper's own orders. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: ['orders', 'mine'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  /** An order's returns (the customer's or, in the admin area, any order's). */
  returns: (id: string) => ['orders', 'returns', id] as const,
};

/** The signed-in customer's own quotes (api.md "Quotes"). */
export const quoteKeys = {
  all: ['quotes'] as const,
  mine: ['quotes', 'mine'] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
};

/** The shop's own details and information pages, as the owner keeps them in /admin/settings. */
export const storeKeys = {
  all: ['store'] as const,
  details: ['store', 'details'] as const,
  pages: ['store', 'pages'] as const,
  page: (slug: string) => ['store', 'pages', slug] as const,
  categories: ['store', 'categories'] as const,
};

/** The payment methods offered to a shopper (by user id, "" signed out). */
export const paymentKeys = {
  all: ['payments'] as const,
  methods: (userId: string) => ['payments', 'methods', userId] as const,
};

export const shippingKeys = {
  all: ['shipping'] as const,
  methods: (country: string, subtotal: number, lines = '') => ['shipping', 'methods', country, subtotal, lines] as const,
  page: ['shipping', 'page'] as const,
};


/** The signed-in customer's address book. */
export const addressKeys = {
  all: ['addresses'] as const,
};

/** The root of every admin key (the live updates refetch the whole admin area after a gap). */
export const adminRoot = ['admin'] as const;

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
  /** Every category, hidden ones too. */
  categories: [...adminRoot, 'categories'] as const,
  /** The information pages as the owner edits them. */
  pages: [...adminRoot, 'pages'] as const,
  paymentSettings: [...adminRoot, 'settings', 'payments'] as const,
  /** The search synonyms' groups. */
  searchSynonyms: [...adminRoot, 'settings', 'search'] as const,
  taxRates: [...adminRoot, 'taxRates'] as const,
  /** How far the running product import got (polled while it runs). */
  importProgress: [...adminRoot, 'products', 'importProgress'] as const,
  /** The shipping zones, methods and weight bands. */
  shipping: [...adminRoot, 'shipping'] as const,
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
export const webhookKeys = {
  all: [...adminRoot, 'webhooks'] as const,
  list: () => [...adminRoot, 'webhooks', 'list'] as const,
  deliveries: (id: string) => [...adminRoot, 'webhooks', 'deliveries', id] as const,
};

export const emailKeys = {
  all: [...adminRoot, 'emails'] as const,
  list: (status: string, page: number) => [...adminRoot, 'emails', 'list', status, page] as const,
  detail: (id: string) => [...adminRoot, 'emails', 'detail', id] as const,
};

/** The admin's quotes: the lists by status ("" every one) and one quote in the editor. */
export const adminQuoteKeys = {
  lists: [...adminRoot, 'quotes', 'list'] as const,
  list: (status: string) => [...adminRoot, 'quotes', 'list', status] as const,
  detail: (id: string) => [...adminRoot, 'quotes', 'detail', id] as const,
};

/** The admin's promotions: every one, and those touching one product. */
export const promotionKeys = {
  all: [...adminRoot, 'promotions'] as const,
  list: [...adminRoot, 'promotions', 'list'] as const,
  forProduct: (productId: string, categoryId: string) => [...adminRoot, 'promotions', 'product', productId, categoryId] as const,
};
