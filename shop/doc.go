// Package shop sells, one write transaction per use case: checkout (the
// cart's lines priced as the order would be, with the cart's estimate),
// orders and their history, status, stock and CSV export, payments through
// the provider interface (card, bank transfer, invoice; refunds, webhooks,
// the ledger), invoices and credit notes, fulfilment with its documents,
// freight quotes, stock alerts, the admin's overview, and the shop
// settings record's own rule. It uses the domain packages (account,
// catalog, cart, shipping, tax, contact, site, promo) and the leaves; none
// of them uses it. Its errors carry their answers (wire.Problem). It
// never sees HTTP.
package shop
