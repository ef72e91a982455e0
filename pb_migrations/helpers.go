package migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
)

// This file is not a migration: it holds the steps the migrations share, so
// each migration file says only what it changes. Changing a helper changes
// every migration that uses it, which TestSchemaGolden catches.

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

// removeFields removes the named fields from a collection.
func removeFields(app core.App, collection string, fields ...string) error {
	return updateCollection(app, collection, func(c *core.Collection) {
		for _, name := range fields {
			c.Fields.RemoveByName(name)
		}
	})
}

// fieldsMigration is the up and down of a migration that only adds fields
// to a collection: down removes them again.
func fieldsMigration(collection string, fields ...core.Field) (up, down func(app core.App) error) {
	up = func(app core.App) error {
		return updateCollection(app, collection, func(c *core.Collection) {
			c.Fields.Add(fields...)
		})
	}
	down = func(app core.App) error {
		names := make([]string, len(fields))
		for i, f := range fields {
			names[i] = f.GetName()
		}
		return removeFields(app, collection, names...)
	}
	return up, down
}

// saveCollections saves new collections, in order (a collection's relation
// fields may name the ones before it).
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

// rateLimitsMigration is the up and down of a migration that only adds rate
// limit rules: up adds those whose label no rule has yet (an operator's own
// rule of that label stays), down removes every rule with their labels.
func rateLimitsMigration(rules ...core.RateLimitRule) (up, down func(app core.App) error) {
	up = func(app core.App) error {
		s := app.Settings()
		for _, rule := range rules {
			if _, ok := s.RateLimits.FindRateLimitRule([]string{rule.Label}); !ok {
				s.RateLimits.Rules = append(s.RateLimits.Rules, rule)
			}
		}
		return app.Save(s)
	}
	down = func(app core.App) error {
		s := app.Settings()
		removeRateLimits(s, rules...)
		return app.Save(s)
	}
	return up, down
}

// removeRateLimits drops from s every rate limit rule with the label of one
// of rules.
func removeRateLimits(s *core.Settings, rules ...core.RateLimitRule) {
	kept := []core.RateLimitRule{}
	for _, r := range s.RateLimits.Rules {
		if !slices.ContainsFunc(rules, func(drop core.RateLimitRule) bool { return drop.Label == r.Label }) {
			kept = append(kept, r)
		}
	}
	s.RateLimits.Rules = kept
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
