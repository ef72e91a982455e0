package migrations

import (
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// This file is not a migration: it holds the steps and field shapes the
// migrations share, so each says only what it makes. Changing a helper
// changes every migration that uses it, which TestSchemaGolden catches.

// cents is an amount in integer cents, never negative. (Never Required: a
// required number refuses 0.)
func cents(name string) *core.NumberField {
	return &core.NumberField{Name: name, OnlyInt: true, Min: types.Pointer(0.0)}
}

// count is a whole number, never negative.
func count(name string) *core.NumberField { return cents(name) }

// percent is a rate in percent, 0 to 100.
func percent(name string) *core.NumberField {
	return &core.NumberField{Name: name, Min: types.Pointer(0.0), Max: types.Pointer(100.0)}
}

// created and updated are a record's timestamps, set by PocketBase.
func created() *core.AutodateField { return &core.AutodateField{Name: "created", OnCreate: true} }
func updated() *core.AutodateField {
	return &core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true}
}

// updateCollection finds the named collection, lets change edit it and
// saves it.
func updateCollection(app core.App, name string, change func(c *core.Collection)) error {
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		return err
	}
	change(c)
	return app.Save(c)
}

// removeFields removes fields from collections: the undoing of a
// migration that added them (by collection name).
func removeFields(app core.App, fields map[string][]string) error {
	for name, names := range fields {
		if err := updateCollection(app, name, func(c *core.Collection) {
			for _, f := range names {
				c.Fields.RemoveByName(f)
			}
		}); err != nil {
			return err
		}
	}
	return nil
}

// addRateLimit adds rule to the app's rate limits unless an operator
// already made one of its label.
func addRateLimit(app core.App, rule core.RateLimitRule) error {
	s := app.Settings()
	if _, ok := s.RateLimits.FindRateLimitRule([]string{rule.Label}); ok {
		return nil
	}
	s.RateLimits.Rules = append(s.RateLimits.Rules, rule)
	return app.Save(s)
}

// removeRateLimit removes the app's rate limits labelled label.
func removeRateLimit(app core.App, label string) error {
	s := app.Settings()
	rules := s.RateLimits.Rules[:0]
	for _, r := range s.RateLimits.Rules {
		if r.Label != label {
			rules = append(rules, r)
		}
	}
	s.RateLimits.Rules = rules
	return app.Save(s)
}

// saveCollections saves new collections, in order (a collection's relation
// fields name ones before it).
func saveCollections(app core.App, collections ...*core.Collection) error {
	for _, c := range collections {
		if err := app.Save(c); err != nil {
			return err
		}
	}
	return nil
}

// deleteCollections deletes the named collections, in order (a collection
// whose relation fields name another goes before it).
func deleteCollections(app core.App, names ...string) error {
	for _, name := range names {
		c, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return err
		}
		if err := app.Delete(c); err != nil {
			return err
		}
	}
	return nil
}

// execAll runs SQL statements in order.
func execAll(app core.App, queries []string) error {
	for _, q := range queries {
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// dropSQL is the DROP of each table, view and trigger the CREATE
// statements make, in reverse order.
func dropSQL(creates []string) []string {
	var drops []string
	for _, q := range slices.Backward(creates) {
		if w := strings.Fields(q); len(w) > 2 && w[0] == "CREATE" {
			drops = append(drops, "DROP "+w[1]+" IF EXISTS "+w[2])
		}
	}
	return drops
}
