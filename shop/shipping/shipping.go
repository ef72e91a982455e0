package shipping

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
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

// methodSpec is the fixed part of a shipping method: its region,
// delivery time and the settings field holding its rate; its names are
// the shipping catalogue's text of its code.
type methodSpec struct {
	code, region, deliveryDays, field string
}

// methodSpecs are the five methods of the contract, domestic first.
var methodSpecs = []methodSpec{
	{ShipStandard, regionDomestic, "5-7", "standardCents"},
	{ShipExpress, regionDomestic, "2-3", "expressCents"},
	{ShipOvernight, regionDomestic, "1", "overnightCents"},
	{ShipIntlStandard, regionInternational, "10-15", "intlStandardCents"},
	{ShipIntlExpress, regionInternational, "5-7", "intlExpressCents"},
}

// texts are the names of the fixed methods and of freight in every
// language, by code (shop/locale's "shipping" catalogue).
var texts = locale.Texts("shipping")

// names is a method's name in every language, as the API answers it.
func names(code string) wire.Localized { return wire.Localized(texts.All(code)) }

// Settings are the shop's shipping rules: its home country and
// zones (shipping_zones.go). Without stored zones, the zones are those of
// the five fixed methods of before (legacyZones) with Rates and
// FreeShippingThreshold (a zero threshold turns free shipping off).
type Settings struct {
	HomeCountry           string
	FreeShippingThreshold wire.Amount
	Rates                 map[string]wire.Amount // by method code
	Zones                 []Zone
}

// withZones is s with its zones filled in (legacyZones without stored ones).
func (s Settings) WithZones() Settings {
	if s.Zones == nil {
		s.Zones = legacyZones(s)
	}
	return s
}

// DefaultSettings are the spec's figures: home United States,
// free domestic standard from $500.00.
func DefaultSettings() Settings {
	return Settings{HomeCountry: "US", FreeShippingThreshold: 50000, Rates: map[string]wire.Amount{
		ShipStandard: 999, ShipExpress: 1999, ShipOvernight: 2999, ShipIntlStandard: 4999, ShipIntlExpress: 7999,
	}}
}

// settingsFields are the settings as the record holds them.
type settingsFields struct {
	HomeCountry  string      `json:"homeCountry"`
	Threshold    wire.Amount `json:"freeShippingThresholdCents"`
	Standard     wire.Amount `json:"standardCents"`
	Express      wire.Amount `json:"expressCents"`
	Overnight    wire.Amount `json:"overnightCents"`
	IntlStandard wire.Amount `json:"intlStandardCents"`
	IntlExpress  wire.Amount `json:"intlExpressCents"`
}

// Validate checks the settings: a home country, and every amount from 0 to
// $1,000,000.00. Errors are keyed by the record's field names.
func (s Settings) Validate() error {
	f := settingsFields{HomeCountry: strings.TrimSpace(s.HomeCountry), Threshold: s.FreeShippingThreshold,
		Standard: s.Rates[ShipStandard], Express: s.Rates[ShipExpress], Overnight: s.Rates[ShipOvernight],
		IntlStandard: s.Rates[ShipIntlStandard], IntlExpress: s.Rates[ShipIntlExpress]}
	amount := []validation.Rule{validation.Min(wire.Amount(0)), validation.Max(wire.Amount(money.MaxPriceCents))}
	return validation.ValidateStruct(&f,
		validation.Field(&f.HomeCountry, validation.Required, validation.By(field.KnownCountry)),
		validation.Field(&f.Threshold, amount...),
		validation.Field(&f.Standard, amount...),
		validation.Field(&f.Express, amount...),
		validation.Field(&f.Overnight, amount...),
		validation.Field(&f.IntlStandard, amount...),
		validation.Field(&f.IntlExpress, amount...),
	)
}

// settingsOf reads the settings out of a settings record.
func settingsOf(rec *core.Record) Settings {
	s := Settings{
		HomeCountry:           countryCodeOrText(rec.GetString("homeCountry")),
		FreeShippingThreshold: wire.Amount(rec.GetInt("freeShippingThresholdCents")),
		Rates:                 map[string]wire.Amount{},
	}
	for _, m := range methodSpecs {
		s.Rates[m.code] = wire.Amount(rec.GetInt(m.field))
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

// LoadSettings returns the shop's shipping settings: its settings
// record (the first one), or the defaults without one. With
// KeepSettings they are read once and kept until the record
// changes: every cart and order needs them.
func LoadSettings(app core.App) (Settings, error) {
	if k := stateOf(app).settings.Load(); k != nil {
		return k.Get(app)
	}
	return readSettings(app)
}

// KeepSettings keeps app's shipping settings until its settings
// record changes (or a minute passes: another process may edit them).
func KeepSettings(app core.App) {
	k := keep.New(time.Minute, readSettings)
	k.DropOnChange(app, SettingsCollection)
	stateOf(app).settings.Store(k)
}

func readSettings(app core.App) (Settings, error) {
	recs, err := app.FindRecordsByFilter(SettingsCollection, "", "created", 1, 0)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && len(recs) == 0) {
		return DefaultSettings(), nil
	}
	if err != nil {
		return Settings{}, err
	}
	return settingsOf(recs[0]), nil
}

// Region says whether an address in country is domestic or international.
func (s Settings) Region(country string) string {
	if locale.SameCountry(country, s.HomeCountry) {
		return regionDomestic
	}
	return regionInternational
}

// Method is one way to ship, priced for an order (an API shape:
// shop/wire).
type Method = wire.ShippingMethod

// Methods lists the methods that fit an address in country, priced for
// subtotal and no weight; with no country, every zone's.
func (s Settings) Methods(country string, subtotal wire.Amount) []Method {
	return s.WithZones().MethodsFor(Shipment{Country: strings.TrimSpace(country), Subtotal: subtotal})
}

// Quote is what shipping by code costs to country for subtotal and no
// weight (QuoteFor).
func (s Settings) Quote(code, country string, subtotal wire.Amount) (wire.Amount, error) {
	amount, _, err := s.QuoteFor(code, Shipment{Country: country, Subtotal: subtotal})
	return amount, err
}

// QuoteFor is what shipping sh by code costs, and whether it is freight
// quoted separately (then the amount is 0), or
// validation.Errors{"shippingMethod"} when the method does not fit.
func (s Settings) QuoteFor(code string, sh Shipment) (wire.Amount, bool, error) {
	sh.Country = strings.TrimSpace(sh.Country)
	if sh.Country != "" {
		for _, m := range s.WithZones().MethodsFor(sh) {
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

// Query asks which methods fit an address in Country (all five
// without one) and what they cost for Subtotal (an amount; 0 without one).
type Query struct {
	Country  string `json:"country"`
	Subtotal string `json:"subtotal"`
}

// Normalize trims the query.
func (q *Query) Normalize() {
	q.Country, q.Subtotal = strings.TrimSpace(q.Country), strings.TrimSpace(q.Subtotal)
}

// Validate checks a normalized query: the country's length and the
// subtotal.
func (q Query) Validate() error {
	return validation.ValidateStruct(&q,
		validation.Field(&q.Country, field.MaxChars(field.MaxAddressFieldLen)),
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
func (q Query) subtotal() (wire.Amount, bool) {
	if q.Subtotal == "" {
		return 0, true
	}
	cents, err := money.Parse(json.Number(q.Subtotal))
	if err != nil || cents < 0 || cents > 1e13 {
		return 0, false
	}
	return wire.Amount(cents), true
}

// OptionsFor answers q with the shop's settings.
func OptionsFor(app core.App, q Query) (*wire.ShippingMethods, error) {
	q.Normalize()
	if err := q.Validate(); err != nil {
		return nil, err
	}
	settings, err := LoadSettings(app)
	if err != nil {
		return nil, err
	}
	subtotal, _ := q.subtotal()
	settings = settings.WithZones()
	return &wire.ShippingMethods{HomeCountry: settings.HomeCountry, FreeShippingThreshold: settings.HomeThreshold(),
		Methods: settings.MethodsFor(Shipment{Country: q.Country, Subtotal: subtotal}), FreeShippingMissing: settings.FreeMissing(subtotal)}, nil
}

// freeMissing is what subtotal lacks for free shipping to the home country
// (0 once reached); nil when shipping there is never free.
func (s Settings) FreeMissing(subtotal wire.Amount) *wire.Amount {
	threshold := s.HomeThreshold()
	if threshold <= 0 {
		return nil
	}
	missing := max(threshold-subtotal, 0)
	return &missing
}

// zoneErrorText is one of the zones' problems with its path, for the
// dashboard's one error under shippingZones.
func zoneErrorText(errs validation.Errors) string {
	for k, v := range errs {
		return k + ": " + field.ErrorText(v)
	}
	return ""
}

// RecordChecks are the checks of the shipping fields of the shop's
// settings record (home country, rates, zones), for its record rule
// (ValidateSettingsRecord).
func SettingsRecordChecks(rec *core.Record) []error {
	checks := []error{settingsOf(rec).Validate()}
	if zones, ok := storedZones(rec); ok {
		if errs := validateZones(zones); len(errs) > 0 {
			checks = append(checks, validation.Errors{"shippingZones": validation.NewError("validation_zones", zoneErrorText(errs))})
		}
	}
	return checks
}

// state is the shipping settings kept between requests.
type state struct {
	settings atomic.Pointer[keep.Value[Settings]]
}

// stateOf is app's shipping state (a transaction's app shares it).
func stateOf(app core.App) *state {
	return appstate.Of(app, func() *state { return &state{} })
}

// MethodName is a method's name in lang (its code when unknown).
func MethodName(code, lang string) string {
	for _, m := range methodSpecs {
		if m.code == code {
			return names(code).Get(lang, code)
		}
	}
	return code
}
