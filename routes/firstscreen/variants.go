package firstscreen

import (
	"stageshop/shop/catalog"
)

// Options and variants on the first screens (issue 31), decided as the app's
// lib/variants.ts decides them, so nothing moves when the app takes over.

// priceTag is the price tag's template data (price5.{lang} on cards,
// price7.{lang} on product pages).
type priceTag struct {
	Kind       string // plain, reduced (Was struck through), from, fromSale or sale
	Price, Was string
}

// cardPrice is a card's price: "from" the cheapest when its variants' prices
// differ, else the default variant's with its compare-at price.
func cardPrice(lang string, p catalog.Product) priceTag {
	if p.VariantCount > 1 && p.PriceFromCents != p.PriceToCents {
		t := priceTag{Kind: "from", Price: FormatPrice(p.PriceFromCents, lang)}
		if p.OnSale {
			t.Kind = "fromSale"
		}
		return t
	}
	t := pagePrice(lang, p.PriceCents, p.CompareAtCents)
	if t.Kind == "plain" && p.OnSale {
		t.Kind = "sale"
	}
	return t
}

// pagePrice is a price with its compare-at price struck through when higher.
func pagePrice(lang string, price, compareAt int64) priceTag {
	if compareAt > price {
		return priceTag{Kind: "reduced", Price: FormatPrice(price, lang), Was: FormatPrice(compareAt, lang)}
	}
	return priceTag{Kind: "plain", Price: FormatPrice(price, lang)}
}

// picker is the option pickers' template data (picker.{lang}).
type picker struct{ Options []pickerOption }

type pickerOption struct {
	Index        int
	Name, Chosen string
	Select       bool // more values than a row of buttons holds
	Values       []pickerValue
}

type pickerValue struct {
	Text  string
	State string // on, onOut (chosen and sold out), out (sold out) or plain
}

// buyable are the variants a shopper may choose from.
func buyable(p catalog.Product) []catalog.Variant {
	var out []catalog.Variant
	for _, v := range p.Variants {
		if v.IsActive {
			out = append(out, v)
		}
	}
	return out
}

// ChosenVariant is the variant a product page opened with ?variant=id
// shows (see chosenVariant): its head names the same.
func ChosenVariant(p catalog.Product, id string) *catalog.Variant { return chosenVariant(p, id) }

// chosenVariant is the variant a product page shows: id's when it is one of
// p's active variants, else the default, else the first; nil for none.
func chosenVariant(p catalog.Product, id string) *catalog.Variant {
	list := buyable(p)
	for _, want := range []string{id, p.DefaultVariantID} {
		for i := range list {
			if want != "" && list[i].ID == want {
				return &list[i]
			}
		}
	}
	if len(list) > 0 {
		return &list[0]
	}
	return nil
}

// pickerOf is p's options with the values some active variant offers, the
// chosen variant's marked, and those that would give a sold-out variant with
// the other choices kept said as such.
func pickerOf(lang string, p catalog.Product, chosen catalog.Variant) picker {
	list := buyable(p)
	var out picker
	for i, o := range p.Options {
		po := pickerOption{Index: i, Name: o.NameLocalized.Get(lang, o.Name)}
		for _, ov := range o.Values {
			state, offered := valueState(list, chosen, i, ov.Value)
			if !offered {
				continue
			}
			text := ov.ValueLocalized.Get(lang, ov.Value)
			if i < len(chosen.OptionValues) && chosen.OptionValues[i] == ov.Value {
				po.Chosen = text
			}
			po.Values = append(po.Values, pickerValue{Text: text, State: state})
		}
		po.Select = len(po.Values) > shared.FewValues
		out.Options = append(out.Options, po)
	}
	return out
}

// valueState is how value of option i shows beside the chosen variant, and
// whether any variant offers it at all.
func valueState(list []catalog.Variant, chosen catalog.Variant, i int, value string) (state string, offered bool) {
	wanted := append([]string(nil), chosen.OptionValues...)
	for len(wanted) <= i {
		wanted = append(wanted, "")
	}
	wanted[i] = value
	on := i < len(chosen.OptionValues) && chosen.OptionValues[i] == value
	out, found := false, false // sold out: the variant with the other choices kept has none
	for _, v := range list {
		if i < len(v.OptionValues) && v.OptionValues[i] == value {
			offered = true
		}
		if !found && matches(v, wanted) {
			found, out = true, v.StockQuantity <= 0
		}
	}
	switch {
	case on && out:
		return "onOut", offered
	case on:
		return "on", offered
	case out:
		return "out", offered
	}
	return "plain", offered
}

// matches reports whether v has every wanted value in its place.
func matches(v catalog.Variant, wanted []string) bool {
	for i, w := range wanted {
		if i >= len(v.OptionValues) || v.OptionValues[i] != w {
			return false
		}
	}
	return true
}
