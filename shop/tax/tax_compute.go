package tax

import "stageshop/shop/wire"

// Item is one line to tax: its product's tax class and its total
// as priced (net with exclusive prices, gross with inclusive ones).
type Item struct {
	Class  string
	Amount wire.Amount
}

// Request is what one computation needs besides the shop's rules: where
// the order goes (the shipping address), its lines, its shipping and
// whether the customer is tax-exempt.
type Request struct {
	Country  string
	Region   string
	Lines    []Item
	Shipping wire.Amount
	Exempt   bool
}

// LineTax is the tax of one line (or of the shipping): the rate that
// matched and its name (zero and "" for none), the net amount and the tax.
type LineTax struct {
	Rate Rate
	Name string
	Base wire.Amount
	Tax  wire.Amount
}

// Line is an answer shape (shop/wire).
type Line = wire.TaxLine

// Taxed is an order's figures: subtotal and shipping as priced, the tax,
// the total, and the tax per line, of the shipping and per rate.
// Total = Subtotal + Shipping + Tax with exclusive prices; with inclusive
// prices Total = Subtotal + Shipping and Tax is the part inside.
type Taxed struct {
	Subtotal         wire.Amount
	Shipping         wire.Amount
	Tax              wire.Amount
	Total            wire.Amount
	PricesIncludeTax bool
	Exempt           bool
	Lines            []LineTax
	ShippingTax      LineTax
	TaxLines         []Line
}

// Compute is the shop's one tax computation, used by the cart
// estimate, the checkout's figures and the order (which keeps the result:
// e-mails, CSV, overview and invoice read what it stored). Each line is
// taxed on its own at the rate matching the address and its class, in
// cents, half away from zero (lineTax); shipping is a standard-class line
// when the shop taxes it; the order's tax is the sum of the lines', and
// the per-rate lines add up to it exactly. A tax-exempt customer pays
// none, and an address no rate matches none.
func Compute(rules Rules, req Request) Taxed {
	t := Taxed{PricesIncludeTax: rules.PricesIncludeTax, Exempt: req.Exempt, Shipping: req.Shipping,
		Lines: make([]LineTax, len(req.Lines))}
	groups := map[Line]int{} // by name and rate: index into t.TaxLines
	add := func(class string, amount wire.Amount) LineTax {
		lt := LineTax{Base: amount}
		rate, ok := rules.Table.Match(req.Country, req.Region, class)
		if !ok || req.Exempt {
			return lt
		}
		lt.Rate, lt.Name = rate.Rate, rate.Name
		lt.Tax = lineTax(amount, rate.Rate, rules.PricesIncludeTax)
		if rules.PricesIncludeTax {
			lt.Base = amount - lt.Tax
		}
		key := Line{Name: rate.Name, Rate: rate.Rate}
		i, seen := groups[key]
		if !seen {
			i = len(t.TaxLines)
			groups[key] = i
			t.TaxLines = append(t.TaxLines, key)
		}
		t.TaxLines[i].Base += lt.Base
		t.TaxLines[i].Amount += lt.Tax
		t.Tax += lt.Tax
		return lt
	}
	for i, l := range req.Lines {
		t.Subtotal += l.Amount
		t.Lines[i] = add(l.Class, l.Amount)
	}
	if rules.TaxShipping && req.Shipping != 0 {
		t.ShippingTax = add(Standard, req.Shipping)
	} else {
		t.ShippingTax = LineTax{Base: req.Shipping}
	}
	t.Total = t.Subtotal + t.Shipping
	if !rules.PricesIncludeTax {
		t.Total += t.Tax
	}
	if t.TaxLines == nil {
		t.TaxLines = []Line{}
	}
	return t
}
