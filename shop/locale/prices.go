package locale

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
)

//go:embed prices.json
var pricesJSON []byte

// PriceFormat is how a language writes a dollar price.
type PriceFormat struct {
	Prefix  string `json:"prefix"`
	Suffix  string `json:"suffix"`
	Group   string `json:"group"`
	Decimal string `json:"decimal"`
}

var priceFormats = sync.OnceValue(func() map[string]PriceFormat {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(pricesJSON, &raw); err != nil {
		panic("locale: prices.json: " + err.Error())
	}
	out := map[string]PriceFormat{}
	for lang, v := range raw {
		var f PriceFormat
		if json.Unmarshal(v, &f) == nil && f.Decimal != "" {
			out[lang] = f
		}
	}
	return out
})

// Price writes cents in dollars as lang's readers write them: $1,299.00
// (en), 1 299,00 $ (ru, with no-break spaces), US$1,299.00 (zh). Another
// language is written as English.
func Price(cents int64, lang string) string {
	f, ok := priceFormats()[lang]
	if !ok {
		f = priceFormats()["en"]
	}
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := strconv.FormatInt(cents/100, 10)
	var b strings.Builder
	b.WriteString(sign + f.Prefix)
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(f.Group)
		}
		b.WriteRune(d)
	}
	frac := strconv.FormatInt(cents%100, 10)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	b.WriteString(f.Decimal + frac + f.Suffix)
	return b.String()
}

// Decimal writes a decimal number given as Go writes it ("6.25", a tax
// rate) with lang's decimal mark, as the prices beside it: 6,25 in
// Russian. Another language is written as English.
func Decimal(number, lang string) string {
	f, ok := priceFormats()[lang]
	if !ok || f.Decimal == "." {
		return number
	}
	return strings.Replace(number, ".", f.Decimal, 1)
}
