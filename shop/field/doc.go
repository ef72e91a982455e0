// Package field owns the shop's one validation style and the rules every
// domain shares: the rule builders (Required, MaxChars, EmailRule,
// PasswordRule, Error), the patterns the app reads from shop/facts.json
// (e-mail, phone, ZIP, password), the cleaning of user text (CleanLine,
// CleanText) and the flattening of field errors into the API's field paths
// (Messages, Flat). It is a leaf: it knows no collection and no domain.
package field
