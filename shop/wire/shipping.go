package wire

import "strconv"

// Grams is a weight in whole grams that encodes as a JSON number of
// kilograms with up to three decimals (12.5 for 12500 g).
type Grams int64

// MarshalJSON writes 12500 as 12.5 and 3000 as 3.
func (g Grams) MarshalJSON() ([]byte, error) {
	n := int64(g)
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	s := sign + strconv.FormatInt(n/1000, 10)
	if frac := n % 1000; frac != 0 {
		f := strconv.FormatInt(1000+frac, 10)[1:]
		for f[len(f)-1] == '0' {
			f = f[:len(f)-1]
		}
		s += "." + f
	}
	return []byte(s), nil
}

// WeightRate is one weight band of a shipping method: what it costs for an
// order of up to UpToKg (inclusive); null is any weight (the last band).
type WeightRate struct {
	UpToKg *Grams `json:"upToKg"`
	Amount Amount `json:"amount"`
}

// ZoneMethod is a shipping method of a zone: its code (unique in the
// zone), names, delivery time in business days ("5-7", "1"), its price by
// weight band and the subtotal from which it is free (null: never).
type ZoneMethod struct {
	Code         string       `json:"code"`
	Name         Localized    `json:"name"`
	DeliveryDays string       `json:"deliveryDays"`
	Rates        []WeightRate `json:"rates"`
	FreeOver     *Amount      `json:"freeOver"`
}

// ShippingZone is where a set of methods applies: its countries (ISO
// codes); no countries is the rest of the world.
type ShippingZone struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Countries []string     `json:"countries"`
	Methods   []ZoneMethod `json:"methods"`
}

// ShippingSettings is the answer of GET|PUT /api/admin/shipping.
type ShippingSettings struct {
	HomeCountry string         `json:"homeCountry"`
	Zones       []ShippingZone `json:"zones"`
}
