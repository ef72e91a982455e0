package shipping

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// Limits of the shipping settings.
const (
	maxZones        = 20
	maxZoneMethods  = 10
	maxWeightBands  = 20
	maxZoneCountry  = 300
	maxShippingText = 100
)

var (
	zoneIDPattern     = regexp.MustCompile(`^[a-z0-9_-]{1,40}$`)
	methodCodePattern = regexp.MustCompile(`^[a-z0-9_]{1,40}$`)
	deliveryPattern   = regexp.MustCompile(`^([0-9]{1,3})(-([0-9]{1,3}))?$`)
)

// SettingsInput is the body of PUT /api/admin/shipping: the home
// country and every zone, amounts in dollars and weights in kilograms.
type SettingsInput struct {
	HomeCountry string      `json:"homeCountry"`
	Zones       []ZoneInput `json:"zones"`
}

// ZoneInput is a zone as an admin sends it ("" id: the server names it).
type ZoneInput struct {
	ID        string            `json:"id"`
	Name      string            `json:"name"`
	Countries []string          `json:"countries"`
	Methods   []ZoneMethodInput `json:"methods"`
}

// ZoneMethodInput is a method as an admin sends it; a null freeOver is
// never free.
type ZoneMethodInput struct {
	Code         string          `json:"code"`
	Name         json.RawMessage `json:"name"`
	DeliveryDays string          `json:"deliveryDays"`
	Rates        []RateInput     `json:"rates"`
	FreeOver     *json.Number    `json:"freeOver"`
}

// RateInput is a weight band as an admin sends it; a null upToKg is any
// weight (the last band only).
type RateInput struct {
	UpToKg *json.Number `json:"upToKg"`
	Amount json.Number  `json:"amount"`
}

// amountCents reads an amount of dollars (0 to 1,000,000, two decimals).
func amountCents(n json.Number, path string, errs field.Errs) int64 {
	raw, _ := json.Marshal(n)
	if n == "" {
		errs.Add(path, "validation_required", "Please enter an amount")
		return 0
	}
	if err := field.PriceMember(raw); err != nil {
		errs.Add(path, "validation_amount", "Must be an amount from 0 to 1,000,000 with at most two decimals")
		return 0
	}
	c, _ := money.Parse(n)
	return c
}

// Parse turns the input into settings: numbers read, texts trimmed,
// countries as ISO codes; then validateZones checks the whole. Every
// problem is reported at once under its JSON path.
func (in SettingsInput) Parse() (string, []Zone, error) {
	errs := field.Errs{}
	home := strings.TrimSpace(in.HomeCountry)
	if code, ok := countryCodeOf(home); ok {
		home = code
	} else {
		errs.Add("homeCountry", "validation_unknown_country", "Please choose a country from the list")
	}
	zones := make([]Zone, 0, len(in.Zones))
	for i, z := range in.Zones {
		zones = append(zones, z.parse(fmt.Sprintf("zones.%d", i), i, errs))
	}
	for k, v := range validateZones(zones) {
		errs.Add(k, "validation_invalid", field.ErrorText(v))
	}
	if len(errs) > 0 {
		return "", nil, validation.Errors(errs)
	}
	return home, zones, nil
}

func countryCodeOf(text string) (string, bool) {
	code := countryCodeOrText(text)
	return code, text != "" && len(code) == 2 && code == strings.ToUpper(code) && countryKnown(code)
}

func countryKnown(code string) bool { return field.KnownCountry(code) == nil }

func (z ZoneInput) parse(path string, i int, errs field.Errs) Zone {
	out := Zone{ID: strings.TrimSpace(z.ID), Name: strings.TrimSpace(z.Name), Countries: []string{}}
	if out.ID == "" {
		out.ID = fmt.Sprintf("zone-%d", i+1)
	}
	for j, c := range z.Countries {
		code, ok := countryCodeOf(strings.TrimSpace(c))
		if !ok {
			errs.Add(fmt.Sprintf("%s.countries.%d", path, j), "validation_unknown_country", "Please choose a country from the list")
		}
		out.Countries = append(out.Countries, code)
	}
	for j, m := range z.Methods {
		out.Methods = append(out.Methods, m.parse(fmt.Sprintf("%s.methods.%d", path, j), errs))
	}
	return out
}

func (m ZoneMethodInput) parse(path string, errs field.Errs) ZoneMethod {
	out := ZoneMethod{Code: strings.TrimSpace(m.Code), DeliveryDays: strings.TrimSpace(m.DeliveryDays), Rates: []WeightBand{}}
	name, ok := field.ParseLocalizedJSON(m.Name)
	if !ok {
		errs.Add(path+".name", "validation_localized", "Must be an object of texts by language (en, ru, zh)")
	}
	out.Name = wire.Localized{}
	for k, v := range name {
		if v = strings.TrimSpace(v); v != "" {
			out.Name[k] = v
		}
	}
	for k, r := range m.Rates {
		p := fmt.Sprintf("%s.rates.%d", path, k)
		b := WeightBand{AmountCents: amountCents(r.Amount, p+".amount", errs)}
		if r.UpToKg != nil {
			g := field.KgGrams(*r.UpToKg, p+".upToKg", errs)
			b.UpToGrams = &g
		}
		out.Rates = append(out.Rates, b)
	}
	if m.FreeOver != nil {
		c := amountCents(*m.FreeOver, path+".freeOver", errs)
		out.FreeOverCents = &c
	}
	return out
}

// validateZones checks zones as stored (however they are written): 1 to
// 20 zones with unique ids and names; a country in one zone only; at most
// one rest of the world; 1 to 10 methods per zone with unique codes
// (never "freight"), an English name, a delivery time such as "5-7" and 1
// to 20 bands whose weights rise, only the last without one.
func validateZones(zones []Zone) validation.Errors {
	errs := field.Errs{}
	if len(zones) == 0 || len(zones) > maxZones {
		errs.Add("zones", "validation_length", fmt.Sprintf("Add from 1 to %d zones", maxZones))
	}
	ids, owner, rest := map[string]bool{}, map[string]int{}, -1
	for i, z := range zones {
		p := fmt.Sprintf("zones.%d", i)
		if !zoneIDPattern.MatchString(z.ID) || ids[z.ID] {
			errs.Add(p+".id", "validation_zone_id", "Zone ids are 1-40 lowercase letters, digits, - or _, each used once")
		}
		ids[z.ID] = true
		if z.Name == "" || len([]rune(z.Name)) > maxShippingText {
			errs.Add(p+".name", "validation_required", "Please name the zone (at most 100 characters)")
		}
		if len(z.Countries) == 0 && rest >= 0 {
			errs.Add(p+".countries", "validation_rest_of_world", "Only one zone can be the rest of the world")
		} else if len(z.Countries) == 0 {
			rest = i
		}
		if len(z.Countries) > maxZoneCountry {
			errs.Add(p+".countries", "validation_length", "Too many countries in one zone")
		}
		for j, c := range z.Countries {
			if prev, dup := owner[c]; dup {
				errs.Add(fmt.Sprintf("%s.countries.%d", p, j), "validation_country_twice", fmt.Sprintf("%s is already in zone %d", c, prev+1))
			}
			owner[c] = i
		}
		validateMethods(p, z.Methods, errs)
	}
	return validation.Errors(errs)
}

func validateMethods(p string, methods []ZoneMethod, errs field.Errs) {
	if len(methods) == 0 || len(methods) > maxZoneMethods {
		errs.Add(p+".methods", "validation_length", fmt.Sprintf("Add from 1 to %d methods", maxZoneMethods))
	}
	codes := map[string]bool{}
	for j, m := range methods {
		mp := fmt.Sprintf("%s.methods.%d", p, j)
		if !methodCodePattern.MatchString(m.Code) || m.Code == MethodFreight || codes[m.Code] {
			errs.Add(mp+".code", "validation_method_code", "Codes are 1-40 lowercase letters, digits or _, once per zone (not freight)")
		}
		codes[m.Code] = true
		if en := m.Name["en"]; en == "" {
			errs.Add(mp+".name.en", "validation_required", "Please name the method in English")
		}
		for lang, s := range m.Name {
			if len([]rune(s)) > maxShippingText {
				errs.Add(mp+".name."+lang, "validation_length", "Must be at most 100 characters")
			}
		}
		if d := deliveryPattern.FindStringSubmatch(m.DeliveryDays); m.DeliveryDays != "" && (d == nil || (d[3] != "" && atoi(d[3]) < atoi(d[1]))) {
			errs.Add(mp+".deliveryDays", "validation_delivery_days", "Business days as 5-7 or 1")
		}
		validateBands(mp, m, errs)
	}
}

func validateBands(mp string, m ZoneMethod, errs field.Errs) {
	if len(m.Rates) == 0 || len(m.Rates) > maxWeightBands {
		errs.Add(mp+".rates", "validation_length", fmt.Sprintf("Add from 1 to %d weight bands", maxWeightBands))
	}
	var last int64
	for k, b := range m.Rates {
		bp := fmt.Sprintf("%s.rates.%d", mp, k)
		if b.AmountCents < 0 || b.AmountCents > money.MaxPriceCents {
			errs.Add(bp+".amount", "validation_amount", "Must be an amount from 0 to 1,000,000")
		}
		switch {
		case b.UpToGrams == nil && k != len(m.Rates)-1:
			errs.Add(bp+".upToKg", "validation_band_open", "Only the last band can be for any weight")
		case b.UpToGrams != nil && (*b.UpToGrams <= last || *b.UpToGrams > field.MaxWeightGrams):
			errs.Add(bp+".upToKg", "validation_band_order", "Each band must be heavier than the one before (at most 100,000 kg)")
		case b.UpToGrams != nil:
			last = *b.UpToGrams
		}
	}
	if m.FreeOverCents != nil && (*m.FreeOverCents < 0 || *m.FreeOverCents > money.MaxPriceCents) {
		errs.Add(mp+".freeOver", "validation_amount", "Must be an amount from 0 to 1,000,000")
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// AdminSettings is the answer of GET /api/admin/shipping.
func AdminSettings(app core.App) (*wire.ShippingSettings, error) {
	s, err := readSettings(app)
	if err != nil {
		return nil, err
	}
	s = s.WithZones()
	return &wire.ShippingSettings{HomeCountry: s.HomeCountry, Zones: wireZones(s.Zones)}, nil
}

// SaveSettings validates in and stores it in the settings record
// (made when the shop has none); on any error nothing is saved.
func SaveSettings(app core.App, in SettingsInput) (*wire.ShippingSettings, error) {
	home, zones, err := in.Parse()
	if err != nil {
		return nil, err
	}
	err = db.Write(app, func(txApp core.App) error {
		rec, err := SettingsRecord(txApp)
		if err != nil {
			return err
		}
		rec.Set("homeCountry", home)
		rec.Set("shippingZones", zones)
		return txApp.Save(rec)
	})
	if err != nil {
		return nil, err
	}
	return AdminSettings(app)
}

// SettingsRecord is the shop's settings record, new (with the default
// rates) when there is none yet.
func SettingsRecord(txApp core.App) (*core.Record, error) {
	recs, err := txApp.FindRecordsByFilter(SettingsCollection, "", "created", 1, 0)
	if err == nil && len(recs) > 0 {
		return recs[0], nil
	}
	col, err := txApp.FindCachedCollectionByNameOrId(SettingsCollection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	d := DefaultSettings()
	rec.Set("freeShippingThresholdCents", int64(d.FreeShippingThreshold))
	for _, m := range methodSpecs {
		rec.Set(m.field, int64(d.Rates[m.code]))
	}
	return rec, nil
}
