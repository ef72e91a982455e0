// Package locale holds what the shop writes differently by country and
// language and that both the server and the app need the same: the ISO 3166
// country list with the other names an address may give for a country, the
// US states, country names in the reader's language, and how a price is
// written in each of the shop's languages. The lists live in countries.json
// and prices.json, which the app imports too.
package locale
