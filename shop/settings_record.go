package shop

import (
	"errors"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/shipping"
	"stageshop/shop/site"
)

// ValidateSettingsRecord is the settings' record hook rule, so the
// dashboard cannot store a negative rate, an empty home country or an
// unpaid-order limit outside 1-1000, nor a second settings record (only the
// first would count).
func ValidateSettingsRecord(app core.App, rec *core.Record) error {
	if rec.IsNew() {
		n, err := app.CountRecords(shipping.SettingsCollection)
		if err != nil {
			return err
		}
		if n > 0 {
			return field.Error("homeCountry", "validation_single_record", "The shop has one settings record: edit it instead")
		}
	}
	checks := shipping.SettingsRecordChecks(rec)
	if rec.Collection().Fields.GetByName("maxUnpaidOrders") != nil { // not before its migration
		checks = append(checks, orderLimitsOf(rec).Validate())
	}
	errs := site.ValidateStoreRecord(rec)
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
