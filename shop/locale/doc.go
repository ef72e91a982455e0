// Package locale holds what the shop writes differently by country and
// language and that both the server and the app need the same: the shop's
// languages (Languages, Lang), the ISO 3166 country list with the other
// names an address may give for a country, the US states, country names in
// the reader's language, and how a price is written in each of the shop's
// languages. The lists live in countries.json and prices.json, which the
// app imports too.
//
// It also holds every text the server writes for a reader, in every
// language: the catalogues of texts/{lang}/{name}.json (e-mails, ...), read
// through Texts with CLDR's plural rules; see texts.go for why they are
// here and not among the app's translations.
package locale
