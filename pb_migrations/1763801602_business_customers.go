package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Business customers: a company name and a tax ID on the account (the
// customer's own), and taxExempt, which only admins set (a reseller
// certificate): such a customer's orders carry no tax.
func init() {
	m.Register(fieldsMigration("users",
		&core.TextField{Name: "companyName", Max: 200},
		&core.TextField{Name: "taxId", Max: 50},
		&core.BoolField{Name: "taxExempt"},
	))
}
