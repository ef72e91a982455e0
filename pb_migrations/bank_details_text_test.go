package migrations_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// The demo bank details no longer send the owner to the developers'
// dashboard: a shop with the untouched demo text gets the new one (a new
// shop too), an owner's own text stays, both ways.
func TestBankDetailsDemoText(t *testing.T) {
	const oldDemo = "Account holder: StageShop\nBank: (set in the dashboard: payment_settings)\nIBAN / account number: -"
	const own = "Account holder: Rig & Roll Ltd\nBank: Barclays\nIBAN: GB00 0000"
	app := testapp.New(t)
	bank := func() *core.Record {
		t.Helper()
		recs, err := app.FindAllRecords("payment_settings")
		if err != nil || len(recs) != 1 {
			t.Fatalf("payment settings %v %v", recs, err)
		}
		return recs[0]
	}
	if got := bank().GetString("bankDetails"); strings.Contains(got, "dashboard") || !strings.Contains(got, "Admin > Settings > Payments & tax") {
		t.Fatalf("a new shop's demo bank details: %q", got)
	}
	m := migration(t, "1763801902_bank_details_text.go")
	if err := m.Down(app); err != nil {
		t.Fatal(err)
	}
	if got := bank().GetString("bankDetails"); got != oldDemo {
		t.Fatalf("rolled back: %q", got)
	}
	if err := m.Up(app); err != nil {
		t.Fatal(err)
	}
	if got := bank().GetString("bankDetails"); strings.Contains(got, "dashboard") {
		t.Fatalf("the untouched demo text stayed: %q", got)
	}
	rec := bank()
	rec.Set("bankDetails", own)
	if err := app.SaveNoValidate(rec); err != nil {
		t.Fatal(err)
	}
	for _, run := range []func(core.App) error{m.Down, m.Up} {
		if err := run(app); err != nil {
			t.Fatal(err)
		}
		if got := bank().GetString("bankDetails"); got != own {
			t.Fatalf("the owner's own bank details changed: %q", got)
		}
	}
}
