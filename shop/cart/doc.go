// Package cart owns the shoppers' carts: a signed-in user's or a guest
// session's, their lines with today's prices and stock, adding, changing
// and removing lines within the stock and the shop's units per line,
// merging a guest cart into the user's at sign-in, the shipping options of
// a cart, and pruning abandoned guest carts. It uses catalog, shipping,
// account and the leaves; shop's checkout reads a cart's lines (Lines) and
// drops the cart it ordered (Drop), so the cart never needs the order.
package cart
