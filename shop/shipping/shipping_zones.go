package shipping

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/locale"
	"stageshop/shop/wire"
)

// Shipping by zone and weight (issue 35). The settings record holds zones
// (shippingZones, JSON): each is a set of countries, or the rest of the
// world when it lists none, with its methods; a method is priced by the
// order's weight (the first band whose upper bound holds it; the last band
// may have none) and may be free from a subtotal. A cart holding a
// freight-only product, or too heavy for every method of its zone, ships
// by freight quoted separately (MethodFreight).

// MethodFreight is the code of shipping quoted by the shop after the order
// is placed: no online price, and nothing is charged before the quote.
const MethodFreight = "freight"

// Values of an order's shippingQuote.
const (
	QuotePending = "pending"
	QuoteQuoted  = "quoted"
)

// WeightBand is one band of a method's price: up to UpToGrams inclusive
// (nil: any weight) it costs AmountCents.
type WeightBand struct {
	UpToGrams   *int64 `json:"upToGrams"`
	AmountCents int64  `json:"amountCents"`
}

// ZoneMethod is a method of a zone as stored.
type ZoneMethod struct {
	Code          string         `json:"code"`
	Name          wire.Localized `json:"name"`
	DeliveryDays  string         `json:"deliveryDays"`
	Rates         []WeightBand   `json:"rates"`
	FreeOverCents *int64         `json:"freeOverCents"`
}

// Zone is a zone as stored; no countries is the rest of the world.
type Zone struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Countries []string     `json:"countries"`
	Methods   []ZoneMethod `json:"methods"`
}

// Shipment is what shipping is priced for: where it goes, what its lines
// cost, what they weigh, and whether one of them ships by freight only.
type Shipment struct {
	Country     string
	Subtotal    wire.Amount
	WeightGrams int64
	FreightOnly bool
}

// Line is what shipping needs of one line of a cart or an order: what the
// line costs, what one unit weighs, how many units, and whether it ships
// by freight only.
type Line struct {
	Subtotal    wire.Amount
	WeightGrams int64
	Quantity    int
	FreightOnly bool
}

// ShipmentOf is the shipment of lines to country.
func ShipmentOf(lines []Line, country string) Shipment {
	s := Shipment{Country: country}
	for _, l := range lines {
		s.Subtotal += l.Subtotal
		s.WeightGrams += l.WeightGrams * int64(l.Quantity)
		s.FreightOnly = s.FreightOnly || l.FreightOnly
	}
	return s
}

// legacyZones are the zones of the five fixed methods of before zones: the
// home country and the rest of the world (the defaults, and a settings
// record written without zones).
func legacyZones(s Settings) []Zone {
	band := func(code string) []WeightBand { return []WeightBand{{AmountCents: int64(s.Rates[code])}} }
	zones := []Zone{{ID: "home", Name: "Domestic", Countries: []string{s.HomeCountry}}, {ID: "world", Name: "Rest of the world", Countries: []string{}}}
	for _, m := range methodSpecs {
		zm := ZoneMethod{Code: m.code, Name: names(m.code), DeliveryDays: m.deliveryDays, Rates: band(m.code)}
		if m.code == ShipStandard && s.FreeShippingThreshold > 0 {
			t := int64(s.FreeShippingThreshold)
			zm.FreeOverCents = &t
		}
		i := 0
		if m.region == regionInternational {
			i = 1
		}
		zones[i].Methods = append(zones[i].Methods, zm)
	}
	return zones
}

// storedZones reads the zones of a settings record; false when it has
// none (written before zones, or by hand without them).
func storedZones(rec *core.Record) ([]Zone, bool) {
	if rec.Collection().Fields.GetByName("shippingZones") == nil {
		return nil, false
	}
	raw, _ := rec.Get("shippingZones").(types.JSONRaw)
	var zones []Zone
	if len(raw) == 0 || json.Unmarshal(raw, &zones) != nil || zones == nil {
		return nil, false
	}
	for i := range zones {
		for j, c := range zones[i].Countries {
			zones[i].Countries[j] = countryCodeOrText(c) // the migration keeps a home country as it was written
		}
	}
	return zones, true
}

// zoneFor is the zone of an address in country: the one listing it, else
// the rest of the world; nil when the shop does not ship there.
func (s Settings) zoneFor(country string) *Zone {
	var rest *Zone
	for i := range s.Zones {
		z := &s.Zones[i]
		if len(z.Countries) == 0 {
			rest = z
		}
		for _, c := range z.Countries {
			if locale.SameCountry(c, country) {
				return z
			}
		}
	}
	return rest
}

// regionOf is "domestic" for the zone of the home country, else
// "international" (the contract's region, which the shipping page groups by).
func (s Settings) regionOf(z *Zone) string {
	for _, c := range z.Countries {
		if locale.SameCountry(c, s.HomeCountry) {
			return regionDomestic
		}
	}
	return regionInternational
}

// bandPrice is what m costs for weight grams: the first band that holds
// it; false when the order is heavier than every band.
func (m ZoneMethod) bandPrice(grams int64) (wire.Amount, bool) {
	for _, b := range m.Rates {
		if b.UpToGrams == nil || grams <= *b.UpToGrams {
			return wire.Amount(b.AmountCents), true
		}
	}
	return 0, false
}

// price is what m costs for the shipment: its band's amount, or nothing
// from its free-over subtotal on; false when no band holds the weight.
func (m ZoneMethod) price(sh Shipment) (wire.Amount, bool) {
	amount, ok := m.bandPrice(sh.WeightGrams)
	if ok && m.FreeOverCents != nil && int64(sh.Subtotal) >= *m.FreeOverCents {
		amount = 0
	}
	return amount, ok
}

// freightMethod is the freight method of a zone's region, named "Freight:
// quoted separately" in each language.
func freightMethod(region string) Method {
	return Method{Code: MethodFreight, Name: names(MethodFreight), Region: region, Freight: true}
}

// MethodsFor lists the methods that fit the shipment, priced: those of
// its country's zone whose bands hold its weight; only freight when a
// line is freight-only or no method takes the weight; none when the shop
// does not ship to the country. With no country, every zone's methods at
// their first band (the shipping page's table).
func (s Settings) MethodsFor(sh Shipment) []Method {
	out := []Method{}
	if sh.Country == "" {
		for i := range s.Zones {
			z := &s.Zones[i]
			for _, m := range z.Methods {
				amount, _ := m.price(Shipment{Subtotal: sh.Subtotal})
				out = append(out, Method{Code: m.Code, Name: m.Name, Region: s.regionOf(z), Amount: amount, DeliveryDays: m.DeliveryDays})
			}
		}
		return out
	}
	z := s.zoneFor(sh.Country)
	if z == nil {
		return out
	}
	region := s.regionOf(z)
	if sh.FreightOnly {
		return append(out, freightMethod(region))
	}
	for _, m := range z.Methods {
		if amount, ok := m.price(sh); ok {
			out = append(out, Method{Code: m.Code, Name: m.Name, Region: region, Amount: amount, DeliveryDays: m.DeliveryDays})
		}
	}
	if len(out) == 0 {
		out = append(out, freightMethod(region))
	}
	return out
}

// homeThreshold is the subtotal from which shipping to the home country
// can be free (the lowest free-over of its zone's methods); 0: never.
func (s Settings) HomeThreshold() wire.Amount {
	z := s.zoneFor(s.HomeCountry)
	var best int64
	if z == nil {
		return 0
	}
	for _, m := range z.Methods {
		if m.FreeOverCents != nil && (best == 0 || *m.FreeOverCents < best) {
			best = *m.FreeOverCents
		}
	}
	return wire.Amount(best)
}

// wireZones are the zones as the admin API shows them (dollars, kilograms).
func wireZones(zones []Zone) []wire.ShippingZone {
	out := make([]wire.ShippingZone, 0, len(zones))
	for _, z := range zones {
		wz := wire.ShippingZone{ID: z.ID, Name: z.Name, Countries: append([]string{}, z.Countries...), Methods: []wire.ZoneMethod{}}
		for _, m := range z.Methods {
			wm := wire.ZoneMethod{Code: m.Code, Name: m.Name, DeliveryDays: m.DeliveryDays, Rates: []wire.WeightRate{}}
			for _, b := range m.Rates {
				r := wire.WeightRate{Amount: wire.Amount(b.AmountCents)}
				if b.UpToGrams != nil {
					g := wire.Grams(*b.UpToGrams)
					r.UpToKg = &g
				}
				wm.Rates = append(wm.Rates, r)
			}
			if m.FreeOverCents != nil {
				a := wire.Amount(*m.FreeOverCents)
				wm.FreeOver = &a
			}
			wz.Methods = append(wz.Methods, wm)
		}
		out = append(out, wz)
	}
	return out
}
