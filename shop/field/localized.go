package field

import (
	"encoding/json"
	"strings"

	"stageshop/shop/locale"
	"stageshop/shop/wire"
)

// ParseLocalized reads a localized text as the contract allows it on input:
// an object keyed by language code, a JSON string holding such an object, or
// a plain string (taken as English). Unknown codes and non-string values are
// dropped, values are trimmed and empty ones removed. ok is false when v has
// a shape that cannot be a localized text (a number, a list, ...).
func ParseLocalized(v any) (l wire.Localized, ok bool) {
	l = wire.Localized{}
	switch t := v.(type) {
	case nil:
		return l, true
	case string:
		s := strings.TrimSpace(t)
		if strings.HasPrefix(s, "{") {
			var obj map[string]any
			if json.Unmarshal([]byte(s), &obj) == nil {
				return fromObject(obj), true
			}
		}
		if s != "" {
			l["en"] = s
		}
		return l, true
	case map[string]any:
		return fromObject(t), true
	case map[string]string:
		for k, s := range t {
			if locale.IsLanguage(k) && strings.TrimSpace(s) != "" {
				l[k] = strings.TrimSpace(s)
			}
		}
		return l, true
	case wire.Localized:
		return ParseLocalized(map[string]string(t))
	case json.RawMessage:
		return ParseLocalizedJSON(t)
	case []byte:
		return ParseLocalizedJSON(t)
	}
	return l, false
}

// ParseLocalizedJSON is ParseLocalized for raw JSON (a stored field or a
// request member).
func ParseLocalizedJSON(raw []byte) (wire.Localized, bool) {
	if len(strings.TrimSpace(string(raw))) == 0 {
		return wire.Localized{}, true
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return wire.Localized{}, false
	}
	return ParseLocalized(v)
}

func fromObject(obj map[string]any) wire.Localized {
	l := wire.Localized{}
	for k, v := range obj {
		s, isString := v.(string)
		if !isString || !locale.IsLanguage(k) {
			continue
		}
		if s = strings.TrimSpace(s); s != "" {
			l[k] = s
		}
	}
	return l
}
