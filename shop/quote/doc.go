// Package quote is the quotes for venues and event companies (issue 47,
// api.md "Quotes"): a customer's request from the cart or for a single
// item, the shop's revisions (quantities, unit prices below the list price
// as the quote's discount, service lines with their tax class, shipping,
// the validity date), the printable document, and the acceptance that
// makes the order at exactly the quote's figures in one transaction
// through shop's own placement (shop.PlaceQuotedOrder). A quote holds no
// stock and books nothing before it is accepted. Numbers Q-2026-000042
// come from the documents' gapless yearly counters.
package quote
