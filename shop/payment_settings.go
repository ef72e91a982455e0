package shop

import (
	"database/sql"
	"errors"
	"os"
	"strings"
	"time"

	"stageshop/shop/cart"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// Environment variables that configure card payments; they win over the
// dashboard's payment_settings record.
const (
	EnvStripeSecretKey     = "STAGESHOP_STRIPE_SECRET_KEY"
	EnvStripeWebhookSecret = "STAGESHOP_STRIPE_WEBHOOK_SECRET"
	EnvStripeAPIBase       = "STAGESHOP_STRIPE_API_BASE"
)

// Bounds of the payment settings. Stripe's hosted page lives 30 minutes to
// 24 hours, and an unpaid card order holds its stock as long as its page.
const (
	MinHoldMinutes     = 30
	MaxHoldMinutes     = 1440
	DefaultHoldMinutes = 60
	DefaultTermsDays   = 30
	MaxTermsDays       = 365
	// DefaultTransferHoldDays is how long an unpaid bank-transfer order
	// holds its stock until the owner changes it (issue 43: one transfer
	// order held every unit of three products for ever);
	// MaxTransferHoldDays bounds the setting.
	DefaultTransferHoldDays = 7
	MaxTransferHoldDays     = 90
)

// PaymentSettings are the shop's payment rules. The Stripe keys are
// secrets: no answer, log line or e-mail ever contains them.
type PaymentSettings struct {
	StripeSecretKey     string
	StripeWebhookSecret string
	StripeAPIBase       string
	CardEnabled         bool
	BankTransferEnabled bool
	InvoiceEnabled      bool
	BankDetails         string
	InvoiceTermsDays    int
	HoldMinutes         int
	MaxUnitsPerLine     int
	TransferHoldDays    int
	ShopID              string
}

// TransferHold is how long an unpaid bank-transfer order holds its stock:
// then it is cancelled and restocked (ExpireUnpaidTransfers).
func (s PaymentSettings) TransferHold() time.Duration {
	return time.Duration(s.TransferDays()) * 24 * time.Hour
}

// TransferDays is the setting transferHoldDays, its default when unset.
func (s PaymentSettings) TransferDays() int {
	if s.TransferHoldDays == 0 {
		return DefaultTransferHoldDays
	}
	return s.TransferHoldDays
}

// UnitsPerLine is the most units of one variant a customer may put on one
// line (admins may take more).
func (s PaymentSettings) UnitsPerLine() int {
	if s.MaxUnitsPerLine == 0 {
		return cart.DefaultUnitsPerLine
	}
	return s.MaxUnitsPerLine
}

// CardReady reports whether card payments can be taken: enabled, with
// both Stripe keys.
func (s PaymentSettings) CardReady() bool {
	return s.CardEnabled && s.StripeSecretKey != "" && s.StripeWebhookSecret != ""
}

// Hold is how long an unpaid card order holds its stock.
func (s PaymentSettings) Hold() time.Duration {
	m := s.HoldMinutes
	if m == 0 {
		m = DefaultHoldMinutes
	}
	return time.Duration(m) * time.Minute
}

// TermsDays is the shop's default invoice terms.
func (s PaymentSettings) TermsDays() int {
	if s.InvoiceTermsDays == 0 {
		return DefaultTermsDays
	}
	return s.InvoiceTermsDays
}

// Validate checks the settings as the dashboard saves them; errors are
// keyed by the record's field names and never quote a key. A hold or terms
// of 0 is refused (ozzo's Min skips zero values): the dashboard would show
// 0 while the shop used its default.
func (s PaymentSettings) Validate() error {
	prefixed := func(prefixes ...string) validation.Rule {
		return validation.By(func(v any) error {
			k, _ := v.(string)
			if k == "" {
				return nil
			}
			for _, p := range prefixes {
				if strings.HasPrefix(k, p) && len(k) > len(p)+8 && !strings.ContainsAny(k, " \t\r\n") {
					return nil
				}
			}
			return validation.NewError("validation_key_format", "Must be a Stripe key starting with "+strings.Join(prefixes, " or "))
		})
	}
	errs := validation.Errors{
		"stripeSecretKey":     validation.Validate(s.StripeSecretKey, prefixed("sk_", "rk_")),
		"stripeWebhookSecret": validation.Validate(s.StripeWebhookSecret, prefixed("whsec_")),
		"bankDetails":         validation.Validate(strings.TrimSpace(s.BankDetails), validation.RuneLength(0, 2000)),
		"invoiceTermsDays":    validation.Validate(s.InvoiceTermsDays, validation.Required, validation.Min(1), validation.Max(MaxTermsDays)),
		"holdMinutes":         validation.Validate(s.HoldMinutes, validation.Required, validation.Min(MinHoldMinutes), validation.Max(MaxHoldMinutes)),
		"maxUnitsPerLine":     validation.Validate(s.UnitsPerLine(), validation.Min(1), validation.Max(cart.MaxUnitsPerLine)),
		"transferHoldDays":    validation.Validate(s.TransferDays(), validation.Min(1), validation.Max(MaxTransferHoldDays)),
	}
	if s.BankTransferEnabled && strings.TrimSpace(s.BankDetails) == "" {
		errs["bankDetails"] = validation.NewError("validation_required", "Bank transfer needs the bank details shoppers pay to")
	}
	if !s.CardEnabled && !s.BankTransferEnabled && !s.InvoiceEnabled {
		errs["bankTransferEnabled"] = validation.NewError("validation_no_method", "Enable at least one payment method")
	}
	return errs.Filter()
}

// paymentSettingsOf reads a payment_settings record.
func paymentSettingsOf(rec *core.Record) PaymentSettings {
	return PaymentSettings{
		StripeSecretKey:     strings.TrimSpace(rec.GetString("stripeSecretKey")),
		StripeWebhookSecret: strings.TrimSpace(rec.GetString("stripeWebhookSecret")),
		CardEnabled:         rec.GetBool("cardEnabled"),
		BankTransferEnabled: rec.GetBool("bankTransferEnabled"),
		InvoiceEnabled:      rec.GetBool("invoiceEnabled"),
		BankDetails:         strings.TrimSpace(rec.GetString("bankDetails")),
		InvoiceTermsDays:    rec.GetInt("invoiceTermsDays"),
		HoldMinutes:         rec.GetInt("holdMinutes"),
		MaxUnitsPerLine:     rec.GetInt("maxUnitsPerLine"),
		TransferHoldDays:    rec.GetInt("transferHoldDays"),
		ShopID:              rec.GetString("shopId"),
	}
}

// ValidatePaymentSettingsRecord is the record hook rule of the dashboard's
// payment settings: one record, sane values.
func ValidatePaymentSettingsRecord(app core.App, rec *core.Record) error {
	if rec.IsNew() {
		n, err := app.CountRecords(PaymentSettingsCollection)
		if err != nil {
			return err
		}
		if n > 0 {
			return validation.Errors{"cardEnabled": validation.NewError("validation_single_record",
				"The shop has one payment settings record: edit it instead")}
		}
	}
	return paymentSettingsOf(rec).Validate()
}

// LoadPaymentSettings returns the shop's payment settings: its record with
// the environment's Stripe keys and API base over it.
func LoadPaymentSettings(app core.App) (PaymentSettings, error) {
	s, err := stateOf(app).payments.Get(app)
	if err != nil {
		return PaymentSettings{}, err
	}
	if v := strings.TrimSpace(os.Getenv(EnvStripeSecretKey)); v != "" {
		s.StripeSecretKey = v
	}
	if v := strings.TrimSpace(os.Getenv(EnvStripeWebhookSecret)); v != "" {
		s.StripeWebhookSecret = v
	}
	s.StripeAPIBase = strings.TrimSpace(os.Getenv(EnvStripeAPIBase))
	return s, nil
}

// ensureShopID gives the shop its id for the provider's metadata on the
// first card payment, and returns the settings with it.
func ensureShopID(app core.App, s PaymentSettings) (PaymentSettings, error) {
	if s.ShopID != "" {
		return s, nil
	}
	rec, err := app.FindFirstRecordByFilter(PaymentSettingsCollection, "")
	if err != nil {
		return s, err
	}
	if rec.GetString("shopId") == "" {
		rec.Set("shopId", "shop_"+security.RandomString(16))
		if err := app.SaveNoValidate(rec); err != nil {
			return s, err
		}
	}
	stateOf(app).payments.Drop()
	s.ShopID = rec.GetString("shopId")
	return s, nil
}

// KeepPaymentSettings drops the kept payment settings whenever their
// record changes (the dashboard).
func KeepPaymentSettings(app core.App) {
	stateOf(app).payments.DropOnChange(app, PaymentSettingsCollection)
}

func readPaymentSettings(app core.App) (PaymentSettings, error) {
	recs, err := app.FindRecordsByFilter(PaymentSettingsCollection, "", "created", 1, 0)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && len(recs) == 0) {
		return PaymentSettings{BankTransferEnabled: true, CardEnabled: true, InvoiceEnabled: true,
			InvoiceTermsDays: DefaultTermsDays, HoldMinutes: DefaultHoldMinutes}, nil
	}
	if err != nil {
		return PaymentSettings{}, err
	}
	return paymentSettingsOf(recs[0]), nil
}
