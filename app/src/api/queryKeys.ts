/**
 * The query keys of the shop's screens, in one module: the features' queries and mutations and
 * the live updates (features/live) build their keys here, so an invalidation always names the
 * cache it means. Keys nest: invalidating `catalogKeys.all` reaches the lists, the product pages
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
  /** The cart with its figures for an address; `lines` (the cart's lines as they are) refetches it when they change. */
  estimate: (owner: string, address: { country: string; state: string; shippingMethod?: string }, lines: string) =>
    ['cart', 'estimate', owner, address.country, address.state, address.shippingMethod ?? '', lines] as const,
};

/** The signed-in shopper's own orders. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: ['orders', 'mine'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
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

/**
 * The root of every admin key (the live updates refetch the whole admin area after a gap). The
 * admin area's own keys extend it in features/admin/keys.ts, in the admin chunk: shoppers never
 * download them.
 */
export const adminRoot = ['admin'] as const;

/** The signed-in customer's address book. */
export const addressKeys = {
  all: ['addresses'] as const,
};
