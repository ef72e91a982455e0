// Package audit is the shop's audit log (issue 49, api.md "Staff, API keys
// and webhooks"): who did what and when for roles, settings, refunds,
// promotions, price and stock changes, imports, API keys and webhooks.
//
// An entry is written in the transaction of the change it records, so a
// change that rolls back leaves none. The record hooks bound by Register
// write them for the audited collections, whatever path saves the record
// (the shop's routes, the dashboard, Go code). Who acts comes from the
// request: a route passes Acting(e.App, FromRequest(e)) to the use case
// instead of e.App, which binds that actor to every transaction the use
// case opens (As); a transaction with no actor bound is "system". The
// dashboard's record requests of a superuser run in one transaction bound
// to "superuser". An import binds a Tally (Quiet) so its rows' price and
// stock changes are counted into its one import.completed entry instead of
// one entry per row.
//
// List answers GET /api/admin/audit; Prune removes entries older than
// Retention, daily from a cron.
package audit
