package shop

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/keep"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// SettingsCollection holds the shop's one settings record (shipping rates,
// home country, free-shipping threshold), editable in the dashboard.
const SettingsCollection = "shop_settings"

// Shipping method codes.
const (
	ShipStandard     = "standard"
	ShipExpress      = "express"
	ShipOvernight    = "overnight"
	ShipIntlStandard = "intl_standard"
	ShipIntlExpress  = "intl_express"
)

// Regions of shipping methods.
const (
	regionDomestic      = "domestic"
	regionInternational = "international"
)

// methodSpec is the fixed part of a shipping method: its names, region,
// delivery time and the settings field holding its rate.
type methodSpec struct {
	code, region, deliveryDays, field string
	name                              Localized
}

// methodSpecs are the five methods of the contract, domestic first.
var methodSpecs = []methodSpec{
	{ShipStandard, regionDomestic, "5-7", "standardCents", Localized{"en": "Standard", "ru": "Стандартная", "zh": "标准配送"}},
	{ShipExpress, regionDomestic, "2-3", "expressCents", Localized{"en": "Express", "ru": "Экспресс", "zh": "快速配送"}},
	{ShipOvernight, regionDomestic, "1", "overnightCents", Localized{"en": "Overnight", "ru": "За одну ночь", "zh": "次日达"}},
	{ShipIntlStandard, regionInternational, "10-15", "intlStandardCents", Localized{"en": "International standard", "ru": "Международная стандартная", "zh": "国际标准配送"}},
	{ShipIntlExpress, regionInternational, "5-7", "intlExpressCents", Localized{"en": "International express", "ru": "Международная экспресс", "zh": "国际快速配送"}},
}

// ShippingSettings are the shop's shipping rules: its home country and
// zones (shipping_zones.go). Without stored zones, the zones are those of
// the five fixed methods of before (legacyZones) with Rates and
// FreeShippingThreshold (a zero threshold turns free shipping off).
type ShippingSettings struct {
	HomeCountry           string
	FreeShippingThreshold Amount
	Rates                 map[string]Amount // by method code
	Zones                 []ShippingZone
}

// withZones is s with its zones filled in (legacyZones without stored ones).
func (s ShippingSettings) withZones() ShippingSettings {
	if s.Zones == nil {
		s.Zones = legacyZones(s)
	}
	return s
}

// DefaultShippingSettings are the spec's figures: home United States,
// free domestic standard from $500.00.
func DefaultShippingSettings() ShippingSettings {
	return ShippingSettings{HomeCountry: "US", FreeShippingThreshold: 50000, Rates: map[string]Amount{
		ShipStandard: 999, ShipExpress: 1999, ShipOvernight: 2999, ShipIntlStandard: 4999, ShipIntlExpress: 7999,
	}}
}

// settingsFields are the settings as the record holds them.
type settingsFields struct {
	HomeCountry  string `json:"homeCountry"`
	Threshold    Amount `json:"freeShippingThresholdCents"`
	Standard     Amount `json:"standardCents"`
	Express      Amount `json:"expressCents"`
	Overnight    Amount `json:"overnightCents"`
	IntlStandard Amount `json:"intlStandardCents"`
	IntlExpress  Amount `json:"intlExpressCents"`
}

// Validate checks the settings: a home country, and every amount from 0 to
// $1,000,000.00. Errors are keyed by the record's field names.
func (s ShippingSettings) Validate() error {
	f := settingsFields{HomeCountry: strings.TrimSpace(s.HomeCountry), Threshold: s.FreeShippingThreshold,
		Standard: s.Rates[ShipStandard], Express: s.Rates[ShipExpress], Overnight: s.Rates[ShipOvernight],
		IntlStandard: s.Rates[ShipIntlStandard], IntlExpress: s.Rates[ShipIntlExpress]}
	amount := []validation.Rule{validation.Min(Amount(0)), validation.Max(Amount(money.MaxPriceCents))}
	return validation.ValidateStruct(&f,
		validation.Field(&f.HomeCountry, validation.Required, validation.By(knownCountry)),
		validation.Field(&f.Threshold, amount...),
		validation.Field(&f.Standard, amount...),
		validation.Field(&f.Express, amount...),
		validation.Field(&f.Overnight, amount...),
		validation.Field(&f.IntlStandard, amount...),
		validation.Field(&f.IntlExpress, amount...),
	)
}

// knownCountry is the rule for a country: an ISO code or a name the shop
// knows (shop/locale).
func knownCountry(v any) error {
	if _, ok := locale.CountryCode(v.(string)); !ok {
		return validation.NewError("validation_unknown_country", "Please choose a country from the list")
	}
	return nil
}

// shippingSettingsOf reads the settings out of a settings record.
func shippingSettingsOf(rec *core.Record) ShippingSettings {
	s := ShippingSettings{
		HomeCountry:           countryCodeOrText(rec.GetString("homeCountry")),
		FreeShippingThreshold: Amount(rec.GetInt("freeShippingThresholdCents")),
		Rates:                 map[string]Amount{},
	}
	for _, m := range methodSpecs {
		s.Rates[m.code] = Amount(rec.GetInt(m.field))
	}
	if zones, ok := storedZones(rec); ok {
		s.Zones = zones
	}
	return s
}

// countryCodeOrText is a country's ISO code, or the text itself (trimmed)
// when it names no known country.
func countryCodeOrText(text string) string {
	if code, ok := locale.CountryCode(text); ok {
		return code
	}
	return strings.TrimSpace(text)
}

// ValidateSettingsRecord is the settings' record hook rule, so the
// dashboard cannot store a negative rate, an empty home country or an
// unpaid-order limit outside 1-1000, nor a second settings record (only the
// first would count).
func ValidateSettingsRecord(app core.App, rec *core.Record) error {
	if rec.IsNew() {
		n, err := app.CountRecords(SettingsCollection)
		if err != nil {
			return err
		}
		if n > 0 {
			return field.Error("homeCountry", "validation_single_record", "The shop has one settings record: edit it instead")
		}
	}
	checks := []error{shippingSettingsOf(rec).Validate()}
	if zones, ok := storedZones(rec); ok {
		if errs := validateZones(zones); len(errs) > 0 {
			checks = append(checks, validation.Errors{"shippingZones": validation.NewError("validation_zones", zoneErrorText(errs))})
		}
	}
	if rec.Collection().Fields.GetByName("maxUnpaidOrders") != nil { // not before its migration
		checks = append(checks, orderLimitsOf(rec).Validate())
	}
	errs := validateStoreRecord(rec)
	for _, err := range checks {
		var fields validation.Errors
		if errors.As(err, &fields) {
			for k, v := range fields {
				errs[k] = v
			}
		} else if err != nil {
			return err
		}
	}
	return errs.Filter()
}

// LoadShippingSettings returns the shop's shipping settings: its settings
// record (the first one), or the defaults without one. With
// KeepShippingSettings they are read once and kept until the record
// changes: every cart and order needs them.
func LoadShippingSettings(app core.App) (ShippingSettings, error) {
	if k := stateOf(app).shipping.Load(); k != nil {
		return k.Get(app)
	}
	return readShippingSettings(app)
}

// KeepShippingSettings keeps app's shipping settings until its settings
// record changes (or a minute passes: another process may edit them).
func KeepShippingSettings(app core.App) {
	k := keep.New(time.Minute, readShippingSettings)
	k.DropOnChange(app, SettingsCollection)
	stateOf(app).shipping.Store(k)
}

func readShippingSettings(app core.App) (ShippingSettings, error) {
	recs, err := app.FindRecordsByFilter(SettingsCollection, "", "created", 1, 0)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && len(recs) == 0) {
		return DefaultShippingSettings(), nil
	}
	if err != nil {
		return ShippingSettings{}, err
	}
	return shippingSettingsOf(recs[0]), nil
}

// Region says whether an address in country is domestic or international.
func (s ShippingSettings) Region(country string) string {
	if locale.SameCountry(country, s.HomeCountry) {
		return regionDomestic
	}
	return regionInternational
}

// ShippingMethod is one way to ship, priced for an order (an API shape:
// shop/wire).
type ShippingMethod = wire.ShippingMethod

// Methods lists the methods that fit an address in country, priced for
// subtotal and no weight; with no country, every zone's.
func (s ShippingSettings) Methods(country string, subtotal Amount) []ShippingMethod {
	return s.withZones().MethodsFor(Shipment{Country: strings.TrimSpace(country), Subtotal: subtotal})
}

// Quote is what shipping by code costs to country for subtotal and no
// weight (QuoteFor).
func (s ShippingSettings) Quote(code, country string, subtotal Amount) (Amount, error) {
	amount, _, err := s.QuoteFor(code, Shipment{Country: country, Subtotal: subtotal})
	return amount, err
}

// QuoteFor is what shipping sh by code costs, and whether it is freight
// quoted separately (then the amount is 0), or
// validation.Errors{"shippingMethod"} when the method does not fit.
func (s ShippingSettings) QuoteFor(code string, sh Shipment) (Amount, bool, error) {
	sh.Country = strings.TrimSpace(sh.Country)
	if sh.Country != "" {
		for _, m := range s.withZones().MethodsFor(sh) {
			if m.Code == code {
				return m.Amount, m.Freight, nil
			}
		}
	}
	if strings.TrimSpace(code) == "" {
		return 0, false, field.Error("shippingMethod", "validation_required", "Please choose a shipping method")
	}
	return 0, false, field.Error("shippingMethod", "validation_unavailable", "This shipping method is not available for the address")
}

// ShippingQuery asks which methods fit an address in Country (all five
// without one) and what they cost for Subtotal (an amount; 0 without one).
type ShippingQuery struct {
	Country  string `json:"country"`
	Subtotal string `json:"subtotal"`
}

// Normalize trims the query.
func (q *ShippingQuery) Normalize() {
	q.Country, q.Subtotal = strings.TrimSpace(q.Country), strings.TrimSpace(q.Subtotal)
}

// Validate checks a normalized query: the country's length and the
// subtotal.
func (q ShippingQuery) Validate() error {
	return validation.ValidateStruct(&q,
		validation.Field(&q.Country, field.MaxChars(maxAddressFieldLen)),
		validation.Field(&q.Subtotal, validation.By(func(any) error {
			if _, ok := q.subtotal(); !ok {
				return validation.NewError("validation_amount", "Must be an amount with at most two decimals")
			}
			return nil
		})),
	)
}

// subtotal is the query's subtotal; false when it is not an amount (or
// beyond any cart's).
func (q ShippingQuery) subtotal() (Amount, bool) {
	if q.Subtotal == "" {
		return 0, true
	}
	cents, err := money.Parse(json.Number(q.Subtotal))
	if err != nil || cents < 0 || cents > 1e13 {
		return 0, false
	}
	return Amount(cents), true
}

// ShippingOptionsFor answers q with the shop's settings.
func ShippingOptionsFor(app core.App, q ShippingQuery) (*wire.ShippingMethods, error) {
	q.Normalize()
	if err := q.Validate(); err != nil {
		return nil, err
	}
	settings, err := LoadShippingSettings(app)
	if err != nil {
		return nil, err
	}
	subtotal, _ := q.subtotal()
	settings = settings.withZones()
	return &wire.ShippingMethods{HomeCountry: settings.HomeCountry, FreeShippingThreshold: settings.homeThreshold(),
		Methods: settings.MethodsFor(Shipment{Country: q.Country, Subtotal: subtotal}), FreeShippingMissing: settings.freeMissing(subtotal)}, nil
}

// freeMissing is what subtotal lacks for free shipping to the home country
// (0 once reached); nil when shipping there is never free.
func (s ShippingSettings) freeMissing(subtotal Amount) *Amount {
	threshold := s.homeThreshold()
	if threshold <= 0 {
		return nil
	}
	missing := max(threshold-subtotal, 0)
	return &missing
}

// CartShippingOptions answers q for the owner's cart: its subtotal (the
// query's is ignored), weight and freight-only lines; an empty cart is
// priced like ShippingOptionsFor.
func CartShippingOptions(app core.App, owner CartOwner, q ShippingQuery) (*wire.ShippingMethods, error) {
	q.Normalize()
	if err := q.Validate(); err != nil {
		return nil, err
	}
	cart, err := findCart(app, owner)
	if err != nil || cart == nil {
		return ShippingOptionsFor(app, q)
	}
	lines, err := cartLines(app, cart.Id)
	if err != nil {
		return nil, err
	}
	settings, err := LoadShippingSettings(app)
	if err != nil {
		return nil, err
	}
	settings = settings.withZones()
	sh := shipmentOf(lines, q.Country)
	methods := settings.MethodsFor(sh)
	freight := len(methods) == 1 && methods[0].Freight
	return &wire.ShippingMethods{HomeCountry: settings.HomeCountry, FreeShippingThreshold: settings.homeThreshold(),
		Methods: methods, WeightKg: wire.Grams(sh.WeightGrams), Freight: freight, FreeShippingMissing: settings.freeMissing(sh.Subtotal)}, nil
}

// zoneErrorText is one of the zones' problems with its path, for the
// dashboard's one error under shippingZones.
func zoneErrorText(errs validation.Errors) string {
	for k, v := range errs {
		return k + ": " + field.ErrorText(v)
	}
	return ""
}
