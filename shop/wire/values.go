package wire

import "strconv"

// Amount is integer cents that encodes as a JSON number with two decimals.
type Amount int64

// MarshalJSON writes 1299.9 as 1299.90.
func (a Amount) MarshalJSON() ([]byte, error) {
	c := int64(a)
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return []byte(sign + strconv.FormatInt(c/100, 10) + "." + twoDigits(c%100)), nil
}

// String writes the amount as dollars: "1299.90".
func (a Amount) String() string {
	b, _ := a.MarshalJSON()
	return string(b)
}

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

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
