package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The demo bank-transfer details (1763801500) sent owners to the developers'
// dashboard; they edit them in /admin/settings (Payments & tax) now.
const (
	oldDemoBankDetails = "Account holder: StageShop\nBank: (set in the dashboard: payment_settings)\nIBAN / account number: -"
	newDemoBankDetails = "Account holder: StageShop\nBank: (set in Admin > Settings > Payments & tax)\nIBAN / account number: -"
)

// Payment settings whose bank details are still the untouched demo text get
// the new demo text; an owner's own text stays as it is. Down puts the old
// demo text back where the new one is untouched.
func init() {
	m.Register(func(app core.App) error {
		return replaceBankDetails(app, oldDemoBankDetails, newDemoBankDetails)
	}, func(app core.App) error {
		return replaceBankDetails(app, newDemoBankDetails, oldDemoBankDetails)
	})
}

func replaceBankDetails(app core.App, from, to string) error {
	recs, err := app.FindAllRecords("payment_settings")
	if err != nil {
		return err
	}
	for _, rec := range recs {
		if rec.GetString("bankDetails") != from {
			continue
		}
		rec.Set("bankDetails", to)
		if err := app.SaveNoValidate(rec); err != nil {
			return err
		}
	}
	return nil
}
