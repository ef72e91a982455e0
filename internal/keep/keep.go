// Package keep holds a value read from the database between requests and
// drops it when the records it was read from change, so hot paths (placing
// an order) do not re-read rarely changed data (the shop's settings, the
// list of admins) every time.
package keep

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/db"
)

// Value is a kept value of type T. The zero Value is not usable: use New.
type Value[T any] struct {
	ttl  time.Duration
	mu   sync.Mutex
	v    T
	ok   bool
	at   time.Time // when v was loaded
	gen  uint64    // counts drops, so a load that raced one is not kept
	load func(app core.App) (T, error)
}

// New keeps what load returns for at most ttl; ttl bounds how long a change
// made by another process (a CLI command on the same database) goes unseen.
func New[T any](ttl time.Duration, load func(app core.App) (T, error)) *Value[T] {
	return &Value[T]{ttl: ttl, load: load}
}

// Get returns the kept value, loading it with app when there is none (or
// it is older than the ttl).
func (k *Value[T]) Get(app core.App) (T, error) {
	k.mu.Lock()
	v, ok, gen := k.v, k.ok && time.Since(k.at) <= k.ttl, k.gen
	k.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := k.load(app)
	if err != nil {
		return v, err
	}
	k.mu.Lock()
	if k.gen == gen { // nothing changed while we read: v is current
		k.v, k.ok, k.at = v, true, time.Now()
	}
	k.mu.Unlock()
	return v, nil
}

// Peek is the kept value without loading it; ok is false when there is
// none or it is older than the ttl.
func (k *Value[T]) Peek() (v T, ok bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.ok || time.Since(k.at) > k.ttl {
		return v, false
	}
	return k.v, true
}

// Drop forgets the kept value; the next Get loads it again.
func (k *Value[T]) Drop() {
	k.mu.Lock()
	var zero T
	k.v, k.ok = zero, false
	k.gen++
	k.mu.Unlock()
}

// DropOnChange drops the value after every committed create, update or
// delete of a record in the collections, before the other work after the
// commit (db.AfterCommitDrop), which may read it.
//
// On a read replica no hook fires (the primary writes): DropAll drops
// every such value when the replica's data.db changes.
func (k *Value[T]) DropOnChange(app core.App, collections ...string) {
	k.DropOnChangeIf(app, nil, collections...)
}

// DropOnChangeIf is DropOnChange for the changes affects reports (every
// change when affects is nil): a value read from a few of a collection's
// records need not be read again for a change of another (a new customer
// does not change the list of admins).
func (k *Value[T]) DropOnChangeIf(app core.App, affects func(e *core.RecordEvent) bool, collections ...string) {
	db.OnCommitted(app, "", db.AfterCommitDrop, func(e *core.RecordEvent) error {
		if affects == nil || affects(e) {
			k.Drop()
		}
		return e.Next()
	}, collections...)
	r := appstate.Of(app, func() *registry { return &registry{} })
	r.mu.Lock()
	r.drops = append(r.drops, k.Drop)
	r.mu.Unlock()
}

// registry is one app's values kept by DropOnChange.
type registry struct {
	mu    sync.Mutex
	drops []func()
}

// DropAll drops every value DropOnChange keeps for app (internal/replica
// calls it when another process changed data.db).
func DropAll(app core.App) {
	r := appstate.Of(app, func() *registry { return &registry{} })
	r.mu.Lock()
	drops := append([]func(){}, r.drops...)
	r.mu.Unlock()
	for _, d := range drops {
		d()
	}
}
