package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Fulfilment tools (issue 35): an order's carrier (a code of
// shop.Carriers; its tracking page follows from it) and the admins'
// internal notes ([{text, by, at}], never shown to the customer). The
// history entries gain from, by and offPath in their JSON: nothing to
// migrate, old entries simply lack them.
func init() {
	m.Register(fieldsMigration("orders",
		&core.TextField{Name: "carrier", Max: 40},
		&core.JSONField{Name: "internalNotes", MaxSize: 500_000},
	))
}
