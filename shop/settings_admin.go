package shop

import (
	"errors"
	"os"
	"slices"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// Answer shapes of the admin's payments and tax settings (shop/wire).
type (
	PaymentTaxSettings = wire.PaymentTaxSettings
	AdminTaxRate       = wire.AdminTaxRate
)

// ErrTaxRateNotFound: no tax rate has that id.
var ErrTaxRateNotFound = errors.New("tax rate not found")

// MaxSellerTaxIDLen bounds the seller's tax ID on invoices.
const MaxSellerTaxIDLen = 50

// LoadPaymentTaxSettings returns the payments and tax settings as
// Settings > Payments & tax shows them (never a Stripe key).
func LoadPaymentTaxSettings(app core.App) (PaymentTaxSettings, error) {
	p, err := LoadPaymentSettings(app)
	if err != nil {
		return PaymentTaxSettings{}, err
	}
	rules, err := LoadTaxRules(app)
	if err != nil {
		return PaymentTaxSettings{}, err
	}
	out := PaymentTaxSettings{
		PricesIncludeTax: rules.PricesIncludeTax, TaxShipping: rules.TaxShipping,
		CardEnabled: p.CardEnabled, BankTransferEnabled: p.BankTransferEnabled, InvoiceEnabled: p.InvoiceEnabled,
		BankDetails: p.BankDetails, InvoiceTermsDays: p.TermsDays(), HoldMinutes: int(p.Hold().Minutes()),
		CardReady: p.CardReady(), StripeKeys: "missing",
	}
	switch {
	case strings.TrimSpace(os.Getenv(EnvStripeSecretKey)) != "":
		out.StripeKeys = "environment"
	case p.StripeSecretKey != "":
		out.StripeKeys = "dashboard"
	}
	if rec, err := settingsRecord(app); err == nil {
		out.SellerTaxID = rec.GetString("sellerTaxId")
	}
	return out, nil
}

// SavePaymentTaxSettings writes the payment and tax settings in one
// transaction, through the records' own rules (ValidatePaymentSettingsRecord:
// one method at least, bank details for bank transfer, terms 1-365 days,
// a hold of 30-1440 minutes), and returns them as they now are. Errors are
// keyed by the answer's fields.
func SavePaymentTaxSettings(app core.App, in PaymentTaxSettings) (PaymentTaxSettings, error) {
	in.SellerTaxID = strings.TrimSpace(in.SellerTaxID)
	in.BankDetails = strings.TrimSpace(strings.ReplaceAll(in.BankDetails, "\r\n", "\n"))
	if err := validation.Validate(in.SellerTaxID, validation.RuneLength(0, MaxSellerTaxIDLen).Error("Must be at most 50 characters")); err != nil {
		return PaymentTaxSettings{}, validation.Errors{"sellerTaxId": err}
	}
	err := db.Write(app, func(txApp core.App) error {
		pay, err := paymentSettingsRecord(txApp)
		if err != nil {
			return err
		}
		pay.Set("cardEnabled", in.CardEnabled)
		pay.Set("bankTransferEnabled", in.BankTransferEnabled)
		pay.Set("invoiceEnabled", in.InvoiceEnabled)
		pay.Set("bankDetails", in.BankDetails)
		pay.Set("invoiceTermsDays", in.InvoiceTermsDays)
		pay.Set("holdMinutes", in.HoldMinutes)
		if err := txApp.Save(pay); err != nil {
			return err
		}
		shop, err := settingsRecord(txApp)
		if err != nil {
			return err
		}
		shop.Set("pricesIncludeTax", in.PricesIncludeTax)
		shop.Set("taxShipping", in.TaxShipping)
		shop.Set("sellerTaxId", in.SellerTaxID)
		return txApp.Save(shop)
	})
	if err != nil {
		return PaymentTaxSettings{}, err
	}
	return LoadPaymentTaxSettings(app)
}

// paymentSettingsRecord is the shop's one payment settings record, made
// with the defaults when there is none.
func paymentSettingsRecord(app core.App) (*core.Record, error) {
	recs, err := app.FindRecordsByFilter(PaymentSettingsCollection, "", "created", 1, 0)
	if err == nil && len(recs) > 0 {
		return recs[0], nil
	}
	col, err := app.FindCachedCollectionByNameOrId(PaymentSettingsCollection)
	if err != nil {
		return nil, err
	}
	return core.NewRecord(col), nil
}

// ListTaxRates returns every tax rate by country, region and class.
func ListTaxRates(app core.App) ([]AdminTaxRate, error) {
	recs, err := app.FindAllRecords(TaxRatesCollection)
	if err != nil {
		return nil, err
	}
	out := make([]AdminTaxRate, 0, len(recs))
	for _, rec := range recs {
		out = append(out, adminTaxRateOf(rec))
	}
	slices.SortFunc(out, func(a, b AdminTaxRate) int {
		return strings.Compare(a.Country+"\x00"+a.Region+"\x00"+a.TaxClass, b.Country+"\x00"+b.Region+"\x00"+b.TaxClass)
	})
	return out, nil
}

// TaxRateInput is the body of POST /api/admin/tax-rates and PUT
// /api/admin/tax-rates/{id}: the rate a percentage with at most three
// decimals.
type TaxRateInput struct {
	Country  string  `json:"country"`
	Region   string  `json:"region"`
	TaxClass string  `json:"taxClass"`
	Rate     float64 `json:"rate"`
	Name     string  `json:"name"`
}

// SaveTaxRate creates a rate (id "") or updates the rate with that id,
// through the record's rules (ValidateTaxRateRecord: known class, a US
// state for a region, at most three decimals, one rate per place and class).
func SaveTaxRate(app core.App, id string, in TaxRateInput) (AdminTaxRate, error) {
	var rec *core.Record
	if id != "" {
		found, err := app.FindRecordById(TaxRatesCollection, id)
		if err != nil {
			return AdminTaxRate{}, ErrTaxRateNotFound
		}
		rec = found
	} else {
		col, err := app.FindCachedCollectionByNameOrId(TaxRatesCollection)
		if err != nil {
			return AdminTaxRate{}, err
		}
		rec = core.NewRecord(col)
	}
	rec.Set("country", strings.TrimSpace(in.Country))
	rec.Set("region", strings.TrimSpace(in.Region))
	rec.Set("taxClass", strings.TrimSpace(in.TaxClass))
	rec.Set("rate", in.Rate)
	rec.Set("name", strings.TrimSpace(in.Name))
	if err := app.Save(rec); err != nil {
		return AdminTaxRate{}, err
	}
	return adminTaxRateOf(rec), nil
}

// DeleteTaxRate deletes the rate with that id.
func DeleteTaxRate(app core.App, id string) error {
	rec, err := app.FindRecordById(TaxRatesCollection, id)
	if err != nil {
		return ErrTaxRateNotFound
	}
	return app.Delete(rec)
}

func adminTaxRateOf(rec *core.Record) AdminTaxRate {
	r := taxRateOf(rec)
	return AdminTaxRate{ID: rec.Id, Country: r.Country, Region: r.Region, TaxClass: rec.GetString("taxClass"), Rate: r.Rate, Name: r.Name}
}
