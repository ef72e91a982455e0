// Package shop holds StageShop's business rules as plain Go over core.App:
// money in integer cents, localized text, product validation, the catalog,
// carts, orders and contact requests. It never sees HTTP.
package shop
