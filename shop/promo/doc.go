// Package promo owns discounts and promotions (issue 45): the promotion
// records (percentage, fixed or free shipping; on the order, on products
// or on categories; a minimum subtotal, a window, total and per-customer
// limits, automatic or by code, combinable or not), their validation and
// admin writes, the counting of uses, and Apply: the one computation of
// what a cart or an order is discounted by, on plain inputs (lines with
// product, category, amount in cents and quantity; the shipping; the
// customer; the time).
//
// The stacking policy, written once here (Apply) and in the README:
//
//   - One code per cart: a second code replaces the first.
//   - Automatic promotions apply by themselves when their rules hold.
//   - A non-combinable promotion never joins another. The candidates are
//     all combinable ones together, or each non-combinable one alone; the
//     set worth most to the shopper wins (ties: the combinable set, then
//     the earlier promotion).
//   - Each discount is taken from what is left after the ones before it:
//     product and category promotions first, then order-wide ones;
//     within those, percentages before fixed amounts, automatic before the
//     code, then by id. A percentage is of the already discounted amount.
//   - No discount exceeds what it targets (its lines as they are left, or
//     the shipping), so no line, shipping or total is ever below zero; a
//     second free shipping finds nothing left to take.
//   - A discount's cents are shared over the lines it targets in
//     proportion to what is left of them, by largest remainder, so the
//     shares add up exactly to the discount.
//
// The minimum subtotal is measured on the lines' sum as priced (the
// cart's totalPrice), before any discount. Amounts are as priced: net with
// tax-exclusive prices, gross with inclusive ones; tax is then computed on
// each line's amount less its share (shop/tax).
//
// It imports only leaves (shop/wire) and PocketBase.
package promo
