package tax

import (
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/wire"
)

// AdminRate is a tax rate as the admin edits it (shop/wire).
type AdminRate = wire.AdminTaxRate

// ErrRateNotFound: no tax rate has that id.
var ErrRateNotFound = wire.NotFound("Tax rate not found")

// ListRates returns every tax rate by country, region and class.
func ListRates(app core.App) ([]AdminRate, error) {
	recs, err := app.FindAllRecords(RatesCollection)
	if err != nil {
		return nil, err
	}
	out := make([]AdminRate, 0, len(recs))
	for _, rec := range recs {
		out = append(out, adminRateOf(rec))
	}
	slices.SortFunc(out, func(a, b AdminRate) int {
		return strings.Compare(a.Country+"\x00"+a.Region+"\x00"+a.TaxClass, b.Country+"\x00"+b.Region+"\x00"+b.TaxClass)
	})
	return out, nil
}

// RateInput is the body of POST /api/admin/tax-rates and PUT
// /api/admin/tax-rates/{id}: the rate a percentage with at most three
// decimals.
type RateInput struct {
	Country  string  `json:"country"`
	Region   string  `json:"region"`
	TaxClass string  `json:"taxClass"`
	Rate     float64 `json:"rate"`
	Name     string  `json:"name"`
}

// SaveRate creates a rate (id "") or updates the rate with that id,
// through the record's rules (ValidateRateRecord: known class, a US
// state for a region, at most three decimals, one rate per place and class).
func SaveRate(app core.App, id string, in RateInput) (AdminRate, error) {
	var rec *core.Record
	if id != "" {
		found, err := app.FindRecordById(RatesCollection, id)
		if err != nil {
			return AdminRate{}, ErrRateNotFound
		}
		rec = found
	} else {
		col, err := app.FindCachedCollectionByNameOrId(RatesCollection)
		if err != nil {
			return AdminRate{}, err
		}
		rec = core.NewRecord(col)
	}
	rec.Set("country", strings.TrimSpace(in.Country))
	rec.Set("region", strings.TrimSpace(in.Region))
	rec.Set("taxClass", strings.TrimSpace(in.TaxClass))
	rec.Set("rate", in.Rate)
	rec.Set("name", strings.TrimSpace(in.Name))
	if err := app.Save(rec); err != nil {
		return AdminRate{}, err
	}
	return adminRateOf(rec), nil
}

// DeleteRate deletes the rate with that id.
func DeleteRate(app core.App, id string) error {
	rec, err := app.FindRecordById(RatesCollection, id)
	if err != nil {
		return ErrRateNotFound
	}
	return app.Delete(rec)
}

func adminRateOf(rec *core.Record) AdminRate {
	r := rateEntryOf(rec)
	return AdminRate{ID: rec.Id, Country: r.Country, Region: r.Region, TaxClass: rec.GetString("taxClass"), Rate: r.Rate, Name: r.Name}
}
