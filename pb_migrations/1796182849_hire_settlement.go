package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Deposit settlement at check-in (issue 46, api.md "Hire"): a returned
// booking keeps what its deposit settled into (the deposit, what was
// refunded of it, what the fees above it left owed), an order how much of
// its deposits is settled, and a refund or credit note that gives a
// deposit back says so (a deposit was never taxed, so its credit note
// carries no tax).
func init() {
	cents := func(name string) *core.NumberField {
		return &core.NumberField{Name: name, OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(maxCents)}
	}
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "hire_bookings", func(c *core.Collection) {
			c.Fields.Add(&core.BoolField{Name: "settled"}, cents("depositCents"), cents("refundCents"), cents("owedCents"))
		}); err != nil {
			return err
		}
		if err := updateCollection(app, "orders", func(c *core.Collection) { c.Fields.Add(cents("depositSettledCents")) }); err != nil {
			return err
		}
		if err := updateCollection(app, "refunds", func(c *core.Collection) { c.Fields.Add(&core.BoolField{Name: "deposit"}) }); err != nil {
			return err
		}
		return updateCollection(app, "credit_notes", func(c *core.Collection) { c.Fields.Add(&core.BoolField{Name: "deposit"}) })
	}, func(app core.App) error {
		return removeFields(app, map[string][]string{
			"hire_bookings": {"settled", "depositCents", "refundCents", "owedCents"},
			"orders":        {"depositSettledCents"},
			"refunds":       {"deposit"},
			"credit_notes":  {"deposit"},
		})
	})
}
