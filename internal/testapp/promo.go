package testapp

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// TimesUsed reads how often the promotion of id was used (its timesUsed).
func TimesUsed(t testing.TB, app core.App, id string) int {
	t.Helper()
	rec, err := app.FindRecordById("promotions", id)
	if err != nil {
		t.Fatal(err)
	}
	return rec.GetInt("timesUsed")
}
