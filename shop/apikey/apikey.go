// Package apikey keeps the API keys an Admin gives the shop's other systems
// (accounting, stock, ERP; api.md "Staff, API keys and webhooks"). A key is
// "ssk_" and 32 random bytes in hex, shown once in the answer of its
// creation; the shop stores only its SHA-256 (a fast hash is enough for a
// secret of 256 random bits, nothing to guess) and its first 12
// characters, the public prefix that finds its row. Authenticate compares
// the hashes in constant time and refuses an unknown, revoked or expired
// key at once (no cache). Its last use is written at most once a minute,
// so a busy integration's reads do not each write. Which routes a key's
// scopes reach is the routes package's permission table; the per-key rate
// limit is the rule LimitPerKey, counted by key id.
package apikey

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// Collection holds the keys.
const Collection = "api_keys"

// LimitPerKey labels the rate-limit rule (Settings > Rate limits) that
// counts each key's requests.
const LimitPerKey = "perKey:apiKey"

// KeyPrefix starts every key, so a bearer value is told from a session
// token at a glance.
const KeyPrefix = "ssk_"

// The scopes of api.md.
const (
	ScopeOrdersRead     = "orders:read"
	ScopeOrdersWrite    = "orders:write"
	ScopeProductsRead   = "products:read"
	ScopeProductsWrite  = "products:write"
	ScopeCustomersRead  = "customers:read"
	prefixLen           = 12 // "ssk_" and 8 hex digits
	maxNameLen          = 100
	lastUsedGranularity = time.Minute
)

// Scopes are the scopes a key may have, in the order they are stored.
var Scopes = []string{ScopeOrdersRead, ScopeOrdersWrite, ScopeProductsRead, ScopeProductsWrite, ScopeCustomersRead}

// Errors a client can cause.
var (
	ErrNotFound = wire.NotFound("API key not found")
	// ErrInvalidKey is the 401 of a key that is unknown, revoked or expired.
	ErrInvalidKey = wire.Unauthorized("invalid_api_key", "The API key is not valid, revoked or expired")
)

// Key is an authenticated key: what the guard needs of it.
type Key struct {
	ID     string
	Name   string
	Prefix string
	Scopes []string
}

// hashOf is the stored form of a key: its SHA-256 in hex.
func hashOf(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// newKey is a fresh secret key.
func newKey() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return KeyPrefix + hex.EncodeToString(b)
}

// Create makes a key for in (validation errors by field, nothing stored)
// and answers it with the secret, shown this once. by is the Admin's id.
func Create(app core.App, in wire.APIKeyInput, by string, now time.Time) (wire.APIKey, error) {
	name, scopes, expires, err := checkInput(in, now)
	if err != nil {
		return wire.APIKey{}, err
	}
	col, err := app.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return wire.APIKey{}, err
	}
	var key string
	var rec *core.Record
	err = db.Write(app, func(txApp core.App) error {
		for {
			key = newKey()
			n, err := txApp.CountRecords(Collection, dbx.HashExp{"prefix": key[:prefixLen]})
			if err != nil {
				return err
			}
			if n == 0 { // 32 bits of prefix: a repeat is one in billions, but the index is unique
				break
			}
		}
		rec = core.NewRecord(col)
		rec.Set("name", name)
		rec.Set("scopes", scopes)
		rec.Set("prefix", key[:prefixLen])
		rec.Set("hash", hashOf(key))
		if !expires.IsZero() {
			rec.Set("expiresAt", expires.UTC())
		}
		rec.Set("createdBy", by)
		return txApp.Save(rec)
	})
	if err != nil {
		return wire.APIKey{}, err
	}
	out := toWire(rec)
	out.Key = key
	return out, nil
}

// checkInput is in's trimmed name, clean scopes and expiry (zero for
// none), or its errors by field.
func checkInput(in wire.APIKeyInput, now time.Time) (name string, scopes []string, expires time.Time, err error) {
	name = strings.TrimSpace(in.Name)
	scopes, scopesErr := cleanScopes(in.Scopes)
	expires, expiresErr := expiryOf(in.ExpiresAt, now)
	errs := validation.Errors{}
	switch {
	case name == "":
		errs["name"] = validation.NewError("validation_required", "Name is required")
	case utf8.RuneCountInString(name) > maxNameLen:
		errs["name"] = validation.NewError("validation_length_too_long", "Name must be at most 100 characters")
	}
	if scopesErr != nil {
		errs["scopes"] = scopesErr
	}
	if expiresErr != nil {
		errs["expiresAt"] = expiresErr
	}
	if len(errs) > 0 {
		return "", nil, time.Time{}, errs
	}
	return name, scopes, expires, nil
}

// expiryOf reads an optional expiry: RFC 3339, after now and within ten
// years (zero when s is blank).
func expiryOf(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	switch {
	case err != nil:
		return t, validation.NewError("validation_date", "Expiry must be a date and time (RFC 3339)")
	case !t.After(now):
		return t, validation.NewError("validation_date_min", "Expiry must be in the future")
	case t.After(now.AddDate(10, 0, 0)):
		return t, validation.NewError("validation_date_max", "Expiry must be within ten years")
	}
	return t, nil
}

// cleanScopes is scopes without repeats in the order of Scopes, each known.
func cleanScopes(scopes []string) ([]string, error) {
	if len(scopes) == 0 {
		return nil, validation.NewError("validation_required", "Choose at least one scope")
	}
	for _, s := range scopes {
		if !slices.Contains(Scopes, s) {
			return nil, validation.NewError("validation_in_invalid", "Scopes must be orders:read, orders:write, products:read, products:write or customers:read")
		}
	}
	out := []string{}
	for _, s := range Scopes {
		if slices.Contains(scopes, s) {
			out = append(out, s)
		}
	}
	return out, nil
}

// List answers every key, newest first, without secrets.
func List(app core.App) ([]wire.APIKey, error) {
	var recs []*core.Record
	if err := app.RecordQuery(Collection).OrderBy("created DESC", "rowid DESC").Limit(500).All(&recs); err != nil {
		return nil, err
	}
	out := make([]wire.APIKey, 0, len(recs))
	for _, r := range recs {
		out = append(out, toWire(r))
	}
	return out, nil
}

// Revoke ends the key id at once (the next request with it is 401); a
// revoked key stays listed as revoked. Revoking it again changes nothing.
func Revoke(app core.App, id string, now time.Time) (wire.APIKey, error) {
	var rec *core.Record
	err := db.Write(app, func(txApp core.App) error {
		var err error
		rec, err = db.FindRecord(txApp, Collection, id, ErrNotFound)
		if err != nil {
			return err
		}
		if !rec.GetDateTime("revokedAt").IsZero() {
			return nil
		}
		rec.Set("revokedAt", now.UTC())
		return txApp.Save(rec)
	})
	if err != nil {
		return wire.APIKey{}, err
	}
	return toWire(rec), nil
}

// Authenticate finds the key by its prefix and accepts it when its hash
// matches (constant time) and it is neither revoked nor expired at now;
// anything else is ErrInvalidKey. It writes the key's last use when the
// stored one is a minute old or more.
func Authenticate(app core.App, key string, now time.Time) (*Key, error) {
	if !strings.HasPrefix(key, KeyPrefix) || len(key) != len(KeyPrefix)+64 {
		return nil, ErrInvalidKey
	}
	var row struct {
		ID         string `db:"id"`
		Name       string `db:"name"`
		Scopes     string `db:"scopes"`
		Hash       string `db:"hash"`
		ExpiresAt  string `db:"expiresAt"`
		RevokedAt  string `db:"revokedAt"`
		LastUsedAt string `db:"lastUsedAt"`
	}
	err := app.DB().Select("id", "name", "scopes", "hash", "expiresAt", "revokedAt", "lastUsedAt").
		From(Collection).Where(dbx.HashExp{"prefix": key[:prefixLen]}).Limit(1).One(&row)
	if err != nil || subtle.ConstantTimeCompare([]byte(row.Hash), []byte(hashOf(key))) != 1 || row.RevokedAt != "" {
		return nil, ErrInvalidKey
	}
	if row.ExpiresAt != "" {
		if exp, err := types.ParseDateTime(row.ExpiresAt); err != nil || !now.Before(exp.Time()) {
			return nil, ErrInvalidKey
		}
	}
	k := &Key{ID: row.ID, Name: row.Name, Prefix: key[:prefixLen]}
	var scopes types.JSONArray[string]
	if err := scopes.Scan(row.Scopes); err != nil {
		return nil, ErrInvalidKey
	}
	k.Scopes = scopes
	touch(app, row.ID, row.LastUsedAt, now)
	return k, nil
}

// touch writes now as the key's last use unless the stored one is less
// than a minute old. The update is conditional on the value read, so of
// concurrent requests one writes; a failure to write is not the request's.
func touch(app core.App, id, last string, now time.Time) {
	if last != "" {
		if t, err := types.ParseDateTime(last); err == nil && now.Sub(t.Time()) < lastUsedGranularity {
			return
		}
	}
	stamp, _ := types.ParseDateTime(now.UTC())
	_ = db.Write(app, func(txApp core.App) error {
		_, err := txApp.DB().Update(Collection, dbx.Params{"lastUsedAt": stamp.String()},
			dbx.HashExp{"id": id, "lastUsedAt": last}).Execute()
		return err
	})
}

// toWire is a key record as the Admin sees it (never the hash).
func toWire(r *core.Record) wire.APIKey {
	scopes := []string{}
	if err := r.UnmarshalJSONField("scopes", &scopes); err != nil || scopes == nil {
		scopes = []string{}
	}
	return wire.APIKey{ID: r.Id, Name: r.GetString("name"), Scopes: scopes, Prefix: r.GetString("prefix"),
		ExpiresAt: wire.Stamp(r.GetDateTime("expiresAt")), LastUsedAt: wire.Stamp(r.GetDateTime("lastUsedAt")),
		RevokedAt: wire.Stamp(r.GetDateTime("revokedAt")), Created: wire.Stamp(r.GetDateTime("created"))}
}
