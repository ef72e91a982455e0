// Package money owns amounts as integer cents: reading them from JSON
// (Parse, ParseWhole), rounding a share of them (MulDivRound) and the one
// plain writer of an amount, "1299.90" (Plain), used by the API's JSON,
// the CSV files and the pages' structured data. Prices as a reader sees
// them ("$1,299.00") are shop/locale's. It is a leaf.
package money
