package shop

import (
	"database/sql"
	"errors"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/keep"
	"stageshop/shop/field"
	"stageshop/shop/locale"
)

// TaxRatesCollection holds the shop's tax rates, edited by superusers in
// the dashboard.
const TaxRatesCollection = "tax_rates"

// TaxRate is one rate: for a country (as an address gives it), a US state
// or the whole country (Region ""), and a tax class.
type TaxRate struct {
	ID      string `json:"id"`
	Country string `json:"country"`
	Region  string `json:"region"`
	Class   string `json:"taxClass"`
	Rate    Rate   `json:"rate"`
	Name    string `json:"name"`
}

// TaxTable is every rate of the shop by country, for matching addresses.
type TaxTable struct {
	byCountry map[string][]TaxRate
}

// NewTaxTable indexes rates for matching.
func NewTaxTable(rates []TaxRate) TaxTable {
	t := TaxTable{byCountry: map[string][]TaxRate{}}
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
func (t TaxTable) Match(country, region, class string) (TaxRate, bool) {
	k := countryKey(country)
	if k == "" {
		return TaxRate{}, false
	}
	region = regionKey(k, region)
	class = taxClassOf(class)
	var whole *TaxRate
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
	return TaxRate{}, false
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

// taxRateOf reads a rate record.
func taxRateOf(rec *core.Record) TaxRate {
	r, _ := RateFromPercent(rec.GetFloat("rate"))
	return TaxRate{ID: rec.Id, Country: strings.TrimSpace(rec.GetString("country")),
		Region: strings.TrimSpace(rec.GetString("region")), Class: taxClassOf(rec.GetString("taxClass")),
		Rate: r, Name: strings.TrimSpace(rec.GetString("name"))}
}

// Validate checks a rate as the dashboard saves it: a country, a region
// that is a US state's code (or none), a class, a rate from 0 to 100 with
// at most three decimals, a name. Errors are keyed by the record's fields.
func (r TaxRate) Validate() error {
	return validation.ValidateStruct(&r,
		validation.Field(&r.Country, field.Required("Country is required"), validation.RuneLength(1, 100)),
		validation.Field(&r.Region, validation.By(r.checkRegion)),
		validation.Field(&r.Class, field.Required("Tax class is required"), validation.In(TaxStandard, TaxReduced, TaxZero).
			ErrorObject(validation.NewError("validation_tax_class", "Tax class must be standard, reduced or zero"))),
		validation.Field(&r.Name, field.Required("Name is required"), validation.RuneLength(1, 100)),
	)
}

// checkRegion accepts no region, or a US state's code for a US rate.
func (r TaxRate) checkRegion(any) error {
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

// ValidateTaxRateRecord is the tax_rates record hook's rule: the fields
// (the rate read exactly, not rounded), and one rate per place and class
// (two would make the match depend on their order).
func ValidateTaxRateRecord(app core.App, rec *core.Record) error {
	r := taxRateOf(rec)
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
	others, err := app.FindAllRecords(TaxRatesCollection)
	if err != nil {
		return err
	}
	for _, o := range others {
		or := taxRateOf(o)
		if o.Id != rec.Id && countryKey(or.Country) == countryKey(r.Country) &&
			strings.EqualFold(or.Region, r.Region) && or.Class == r.Class {
			return validation.Errors{"country": validation.NewError("validation_duplicate_rate",
				"There is a rate for this country, region and class already: edit it instead")}
		}
	}
	return nil
}

// TaxRules are what the shop's tax depends on besides the order: its rates
// and its two settings.
type TaxRules struct {
	Table TaxTable
	// PricesIncludeTax: prices are entered with tax included (EU style);
	// otherwise tax is added on top (US style, the default).
	PricesIncludeTax bool
	// TaxShipping: shipping is taxed at the address's standard rate.
	TaxShipping bool
}

// LoadTaxRules returns the shop's rates and tax settings, kept between
// requests (see KeepTaxRules): every cart estimate and order needs them.
func LoadTaxRules(app core.App) (TaxRules, error) {
	if k := stateOf(app).taxRules.Load(); k != nil {
		return k.Get(app)
	}
	return readTaxRules(app)
}

// KeepTaxRules keeps app's tax rules until a rate or the settings change
// (or a minute passes: another process may edit them).
func KeepTaxRules(app core.App) {
	k := keep.New(time.Minute, readTaxRules)
	k.DropOnChange(app, TaxRatesCollection, SettingsCollection)
	stateOf(app).taxRules.Store(k)
}

func readTaxRules(app core.App) (TaxRules, error) {
	recs, err := app.FindAllRecords(TaxRatesCollection)
	if err != nil {
		return TaxRules{}, err
	}
	rates := make([]TaxRate, 0, len(recs))
	for _, rec := range recs {
		rates = append(rates, taxRateOf(rec))
	}
	rules := TaxRules{Table: NewTaxTable(rates)}
	settings, err := app.FindRecordsByFilter(SettingsCollection, "", "created", 1, 0)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return TaxRules{}, err
	}
	if len(settings) > 0 {
		rules.PricesIncludeTax = settings[0].GetBool("pricesIncludeTax")
		rules.TaxShipping = settings[0].GetBool("taxShipping")
	}
	return rules, nil
}
