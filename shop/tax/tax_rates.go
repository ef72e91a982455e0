package tax

import (
	"database/sql"
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
)

// RatesCollection holds the shop's tax rates, edited by superusers in
// the dashboard.
const RatesCollection = "tax_rates"

// RateEntry is one rate: for a country (as an address gives it), a US state
// or the whole country (Region ""), and a tax class.
type RateEntry struct {
	ID      string `json:"id"`
	Country string `json:"country"`
	Region  string `json:"region"`
	Class   string `json:"taxClass"`
	Rate    Rate   `json:"rate"`
	Name    string `json:"name"`
}

// Table is every rate of the shop by country, for matching addresses.
type Table struct {
	byCountry map[string][]RateEntry
}

// NewTable indexes rates for matching.
func NewTable(rates []RateEntry) Table {
	t := Table{byCountry: map[string][]RateEntry{}}
	for _, r := range rates {
		k := countryKey(r.Country)
		r.Region = regionKey(k, r.Region)
		t.byCountry[k] = append(t.byCountry[k], r)
	}
	return t
}

// Match finds the rate for a line of class shipped to country and region
// (a US state's code or name): the state's rate when there is one, else
// the whole country's. No match is no tax (ok false).
func (t Table) Match(country, region, class string) (RateEntry, bool) {
	k := countryKey(country)
	if k == "" {
		return RateEntry{}, false
	}
	region = regionKey(k, region)
	class = ClassOf(class)
	var whole *RateEntry
	for i, r := range t.byCountry[k] {
		if r.Class != class {
			continue
		}
		if r.Region != "" && r.Region == region {
			return r, true // the most specific match wins
		}
		if r.Region == "" && whole == nil {
			whole = &t.byCountry[k][i]
		}
	}
	if whole != nil {
		return *whole, true
	}
	return RateEntry{}, false
}

// countryKey is the text by which countries compare: the ISO code of a
// country the shop knows (US for US, USA or United States: shop/locale),
// else the text lower-cased.
func countryKey(country string) string {
	if code, ok := locale.CountryCode(country); ok {
		return code
	}
	return strings.ToLower(strings.Join(strings.Fields(country), " "))
}

// regionKey is a region as rates compare it: a US state's code (its name
// turned into the code), other regions upper-cased as written.
func regionKey(countryKey, region string) string {
	if countryKey == "US" {
		if code, ok := locale.StateCode(region); ok {
			return code
		}
	}
	return strings.ToUpper(strings.Join(strings.Fields(region), " "))
}

// rateEntryOf reads a rate record.
func rateEntryOf(rec *core.Record) RateEntry {
	r, _ := RateFromPercent(rec.GetFloat("rate"))
	return RateEntry{ID: rec.Id, Country: strings.TrimSpace(rec.GetString("country")),
		Region: strings.TrimSpace(rec.GetString("region")), Class: ClassOf(rec.GetString("taxClass")),
		Rate: r, Name: strings.TrimSpace(rec.GetString("name"))}
}

// Validate checks a rate as the dashboard saves it: a country, a region
// that is a US state's code (or none), a class, a rate from 0 to 100 with
// at most three decimals, a name. Errors are keyed by the record's fields.
func (r RateEntry) Validate() error {
	return validation.ValidateStruct(&r,
		validation.Field(&r.Country, field.Required("Country is required"), validation.RuneLength(1, 100)),
		validation.Field(&r.Region, validation.By(r.checkRegion)),
		validation.Field(&r.Class, field.Required("Tax class is required"), validation.In(Standard, Reduced, Zero).
			ErrorObject(validation.NewError("validation_tax_class", "Tax class must be standard, reduced or zero"))),
		validation.Field(&r.Name, field.Required("Name is required"), validation.RuneLength(1, 100)),
	)
}

// checkRegion accepts no region, or a US state's code for a US rate.
func (r RateEntry) checkRegion(any) error {
	if r.Region == "" {
		return nil
	}
	if countryKey(r.Country) != "US" {
		return validation.NewError("validation_region", "A region is a US state: leave it empty for other countries")
	}
	if code, ok := locale.StateCode(r.Region); !ok || code != strings.ToUpper(r.Region) {
		return validation.NewError("validation_region", "Region must be a US state's two-letter code, such as TX")
	}
	return nil
}

// ValidateRateRecord is the tax_rates record hook's rule: the fields
// (the rate read exactly, not rounded), and one rate per place and class
// (two would make the match depend on their order).
func ValidateRateRecord(app core.App, rec *core.Record) error {
	r := rateEntryOf(rec)
	r.Class = rec.GetString("taxClass")
	errs := validation.Errors{}
	if err := r.Validate(); err != nil && !errors.As(err, &errs) {
		return err
	}
	if _, ok := RateFromPercent(rec.GetFloat("rate")); !ok {
		errs["rate"] = validation.NewError("validation_rate", "Rate must be a percentage from 0 to 100 with at most three decimals")
	}
	if len(errs) > 0 {
		return errs
	}
	rec.Set("region", strings.ToUpper(r.Region))
	others, err := app.FindAllRecords(RatesCollection)
	if err != nil {
		return err
	}
	for _, o := range others {
		or := rateEntryOf(o)
		if o.Id != rec.Id && countryKey(or.Country) == countryKey(r.Country) &&
			strings.EqualFold(or.Region, r.Region) && or.Class == r.Class {
			return validation.Errors{"country": validation.NewError("validation_duplicate_rate",
				"There is a rate for this country, region and class already: edit it instead")}
		}
	}
	return nil
}

// Rules are what the shop's tax depends on besides the order: its rates
// and its two settings.
type Rules struct {
	Table Table
	// PricesIncludeTax: prices are entered with tax included (EU style);
	// otherwise tax is added on top (US style, the default).
	PricesIncludeTax bool
	// TaxShipping: shipping is taxed at the address's standard rate.
	TaxShipping bool
}

// LoadRules returns the shop's rates and tax settings, kept between
// requests (see KeepRules): every cart estimate and order needs them.
func LoadRules(app core.App) (Rules, error) {
	if k := stateOf(app).rules.Load(); k != nil {
		return k.Get(app)
	}
	return readRules(app)
}

// KeepRules keeps app's tax rules until a rate or the settings change
// (or a minute passes: another process may edit them).
func KeepRules(app core.App) {
	k := keep.New(time.Minute, readRules)
	k.DropOnChange(app, RatesCollection, settingsCollection)
	stateOf(app).rules.Store(k)
}

func readRules(app core.App) (Rules, error) {
	recs, err := app.FindAllRecords(RatesCollection)
	if err != nil {
		return Rules{}, err
	}
	rates := make([]RateEntry, 0, len(recs))
	for _, rec := range recs {
		rates = append(rates, rateEntryOf(rec))
	}
	rules := Rules{Table: NewTable(rates)}
	settings, err := app.FindRecordsByFilter(settingsCollection, "", "created", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Rules{}, err
	}
	if len(settings) > 0 {
		rules.PricesIncludeTax = settings[0].GetBool("pricesIncludeTax")
		rules.TaxShipping = settings[0].GetBool("taxShipping")
	}
	return rules, nil
}

// settingsCollection is the shop's settings record, whose pricesIncludeTax
// and taxShipping are the tax rules' (the record is package shop's).
const settingsCollection = "shop_settings"

// state is the tax rules kept between requests.
type state struct {
	rules atomic.Pointer[keep.Value[Rules]]
}

// stateOf is app's tax state (a transaction's app shares it).
func stateOf(app core.App) *state {
	return appstate.Of(app, func() *state { return &state{} })
}
