package wire

import (
	"stageshop/shop/money"
)

// Amount is integer cents that encodes as a JSON number with two decimals.
type Amount int64

// MarshalJSON writes 1299.9 as 1299.90.
func (a Amount) MarshalJSON() ([]byte, error) { return []byte(money.Plain(int64(a))), nil }

// String writes the amount as dollars: "1299.90".
func (a Amount) String() string { return money.Plain(int64(a)) }

// Localized is a text by language code ("en", "ru", "zh").
type Localized map[string]string

// Get returns the text in lang, else English, else fallback.
func (l Localized) Get(lang, fallback string) string {
	if s := l[lang]; s != "" {
		return s
	}
	if s := l["en"]; s != "" {
		return s
	}
	return fallback
}
