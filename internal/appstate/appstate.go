// Package appstate keeps what one app holds in memory beside its database
// (caches, counters, the mail worker, metrics): one typed value per owning
// package, found by its Go type. It is the only user of app.Store(), so no
// package reaches another's state through a string key, and a transaction's
// app (which shares the store) sees the same values.
package appstate

import (
	"reflect"
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// storeKey is the one entry of app.Store() the shop uses.
const storeKey = "stageshop.state"

// values are one app's state values by type.
type values struct {
	mu sync.Mutex
	m  map[reflect.Type]any
}

// Of returns app's value of type *T, made by newT on first use (newT runs
// once per app, under a lock: it must not call Of).
func Of[T any](app core.App, newT func() *T) *T {
	vs := app.Store().GetOrSet(storeKey, func() any {
		return &values{m: map[reflect.Type]any{}}
	}).(*values)
	t := reflect.TypeFor[T]()
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if v, ok := vs.m[t]; ok {
		return v.(*T)
	}
	v := newT()
	vs.m[t] = v
	return v
}
