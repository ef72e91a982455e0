package field

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/wire"
)

// JSONValue turns a record's JSON field value (types.JSONRaw, []byte, or an
// already decoded Go value) into a decoded Go value.
func JSONValue(v any) any {
	raw := RawJSON(v)
	if raw == nil {
		return v
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		return string(raw)
	}
	return out
}

// RawJSON returns v as JSON bytes, encoding Go values when needed.
func RawJSON(v any) []byte {
	switch t := v.(type) {
	case nil:
		return nil
	case types.JSONRaw:
		return t
	case []byte:
		return t
	case json.RawMessage:
		return t
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}

// StringList decodes a stored JSON list of strings ([] when malformed).
func StringList(raw []byte) []string {
	out := []string{}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &out)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// RecordLocalized reads a localized JSON field of a record.
func RecordLocalized(rec *core.Record, name string) wire.Localized {
	var l wire.Localized
	if raw, ok := rec.Get(name).(types.JSONRaw); ok {
		l, _ = ParseLocalizedJSON(raw)
	} else {
		l, _ = ParseLocalized(rec.Get(name))
	}
	if l == nil {
		l = wire.Localized{}
	}
	return l
}
