package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// users.language is the language the shop writes to the user in (e-mails):
// en, ru or zh; empty means English.
func init() {
	m.Register(fieldsMigration("users", &core.SelectField{Name: "language", MaxSelect: 1, Values: []string{"en", "ru", "zh"}}))
}
