package shop

import (
	"os"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// Answer shapes of the admin's payments and tax settings (shop/wire).
type (
	PaymentTaxSettings = wire.PaymentTaxSettings
)

// MaxSellerTaxIDLen bounds the seller's tax ID on invoices.
const MaxSellerTaxIDLen = 50

// LoadPaymentTaxSettings returns the payments and tax settings as
// Settings > Payments & tax shows them (never a Stripe key).
func LoadPaymentTaxSettings(app core.App) (PaymentTaxSettings, error) {
	p, err := LoadPaymentSettings(app)
	if err != nil {
		return PaymentTaxSettings{}, err
	}
	rules, err := tax.LoadRules(app)
	if err != nil {
		return PaymentTaxSettings{}, err
	}
	out := PaymentTaxSettings{
		PricesIncludeTax: rules.PricesIncludeTax, TaxShipping: rules.TaxShipping,
		CardEnabled: p.CardEnabled, BankTransferEnabled: p.BankTransferEnabled, InvoiceEnabled: p.InvoiceEnabled,
		BankDetails: p.BankDetails, InvoiceTermsDays: p.TermsDays(), HoldMinutes: int(p.Hold().Minutes()),
		MaxUnitsPerLine: p.UnitsPerLine(), TransferHoldDays: p.TransferDays(), CardReady: p.CardReady(), StripeKeys: "missing",
	}
	switch {
	case strings.TrimSpace(os.Getenv(EnvStripeSecretKey)) != "":
		out.StripeKeys = "environment"
	case p.StripeSecretKey != "":
		out.StripeKeys = "dashboard"
	}
	if rec, err := shipping.SettingsRecord(app); err == nil {
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
		if in.MaxUnitsPerLine != 0 { // an older client that does not send it keeps it
			pay.Set("maxUnitsPerLine", in.MaxUnitsPerLine)
		}
		if in.TransferHoldDays != 0 { // likewise
			pay.Set("transferHoldDays", in.TransferHoldDays)
		}
		if err := txApp.Save(pay); err != nil {
			return err
		}
		shop, err := shipping.SettingsRecord(txApp)
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
