// Package catalog owns what the shop sells: products with their options
// and variants (the rules every writer meets, as record hooks), categories,
// product images, the product CSV export and import, the public list with
// its facets, and the catalog's cache generation (Invalidate, Generation,
// Remember) with the realtime events of stock moved by raw SQL
// (ProductsChanged, VariantsChanged, after the commit). It uses shop/tax
// and the leaves; carts, orders and stock alerts build on it.
package catalog
