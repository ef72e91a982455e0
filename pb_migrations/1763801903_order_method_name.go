package migrations

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Orders keep the shipping method's name as it was when they were placed
// (issue 35): an owner may rename or delete a method of their own, and an
// order placed with it must still say what it was shipped with. Orders
// placed before get the names of today's methods by their code (a code no
// zone has any more keeps none: its order shows the code's translation, as
// before).
func init() {
	up, down := fieldsMigration("orders", &core.JSONField{Name: "shippingMethodName", MaxSize: 5000})
	m.Register(func(app core.App) error {
		if err := up(app); err != nil {
			return err
		}
		return nameOrderMethods(app)
	}, down)
}

// nameOrderMethods gives every order without a method name the name of
// today's method of its code (the first zone's that has it).
func nameOrderMethods(app core.App) error {
	settings, err := app.FindCollectionByNameOrId("shop_settings")
	if err != nil || settings.Fields.GetByName("shippingZones") == nil {
		return nil // no zones yet (an older shop migrating): no owner's methods to name
	}
	var rows []struct {
		Zones string `db:"shippingZones"`
	}
	if err := app.DB().Select("shippingZones").From("shop_settings").OrderBy("created").Limit(1).All(&rows); err != nil || len(rows) == 0 {
		return err
	}
	var zones []struct {
		Methods []struct {
			Code string          `json:"code"`
			Name json.RawMessage `json:"name"`
		} `json:"methods"`
	}
	if json.Unmarshal([]byte(rows[0].Zones), &zones) != nil {
		return nil
	}
	named := map[string]bool{}
	for _, z := range zones {
		for _, meth := range z.Methods {
			name := localizedJSON(meth.Name)
			if named[meth.Code] || name == "" {
				continue
			}
			named[meth.Code] = true
			_, err := app.DB().Update("orders", dbx.Params{"shippingMethodName": name},
				dbx.NewExp("shippingMethod = {:code} AND (shippingMethodName IS NULL OR shippingMethodName IN ('', 'null'))",
					dbx.Params{"code": meth.Code})).Execute()
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// localizedJSON is a method's stored name as a localized object's JSON (a
// plain string is its English), or "" for none.
func localizedJSON(raw json.RawMessage) string {
	var plain string
	if json.Unmarshal(raw, &plain) == nil {
		if plain == "" {
			return ""
		}
		out, _ := json.Marshal(map[string]string{"en": plain})
		return string(out)
	}
	var byLang map[string]string
	if json.Unmarshal(raw, &byLang) != nil || len(byLang) == 0 {
		return ""
	}
	out, _ := json.Marshal(byLang)
	return string(out)
}
