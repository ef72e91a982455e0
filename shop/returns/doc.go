// Package returns is the customers' returns and the admins' refunds by
// line (issue 48, api.md "Returns"): a return of a delivered order's
// lines within the shop's window, its approval or rejection, its receipt
// with restock per line, and the refund the server computes from the
// lines (each line's discounted amount for the units and its tax, in
// cents; shipping when asked or when the last unit comes back). It sits
// above shop: the refunds, credit notes and stock moves are shop's, used
// through shop/refund_lines.go, in one write transaction per use case.
package returns
