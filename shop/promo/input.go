package promo

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/field"
	"stageshop/shop/money"
)

// Limits of a promotion.
const (
	maxName    = 100
	maxIDs     = 500
	maxLimit   = 1_000_000_000
	maxPercent = 10000 // hundredths: 100 %
	// maxAmount bounds a fixed discount and a minimum subtotal: a thousand
	// of the dearest products.
	maxAmount = 1000 * money.MaxPriceCents
)

// codePattern is the contract's code: upper-case letters, digits and '-'.
var codePattern = regexp.MustCompile(`^[A-Z0-9-]{3,32}$`)

// idPattern is a PocketBase record id, as a product or category id is.
var idPattern = regexp.MustCompile(`^[a-z0-9]{15}$`)

// Terms is the body of a new or changed promotion (POST and PUT
// /api/admin/promotions). Value and MinSubtotal are JSON numbers with at
// most two decimals (a percentage, or dollars); StartsAt and EndsAt are
// RFC 3339 or empty for no bound; a missing isActive is true.
type Terms struct {
	Code             string          `json:"code"`
	Automatic        bool            `json:"automatic"`
	Name             json.RawMessage `json:"name"`
	Kind             Kind            `json:"kind"`
	Value            json.Number     `json:"value"`
	Target           Target          `json:"target"`
	ProductIDs       []string        `json:"productIds"`
	CategoryIDs      []string        `json:"categoryIds"`
	MinSubtotal      json.Number     `json:"minSubtotal"`
	StartsAt         *string         `json:"startsAt"`
	EndsAt           *string         `json:"endsAt"`
	UsageLimit       int64           `json:"usageLimit"`
	PerCustomerLimit int64           `json:"perCustomerLimit"`
	Combinable       bool            `json:"combinable"`
	IsActive         *bool           `json:"isActive"`
}

// read validates the input and gives the terms to store, or
// validation.Errors keyed by the body's field paths.
func (in Terms) read() (Rule, error) {
	t := Rule{}
	t.Code = strings.ToUpper(field.CleanLine(in.Code))
	t.Automatic, t.Kind, t.Target, t.Combinable = in.Automatic, in.Kind, in.Target, in.Combinable
	t.IsActive = in.IsActive == nil || *in.IsActive
	t.ProductIDs, t.CategoryIDs = cleanIDs(in.ProductIDs), cleanIDs(in.CategoryIDs)
	t.UsageLimit, t.PerCustomerLimit = int(min(max(in.UsageLimit, 0), maxLimit)), int(min(max(in.PerCustomerLimit, 0), maxLimit))
	errs := validation.Errors{}
	name, ok := field.ParseLocalizedJSON(in.Name)
	switch {
	case !ok:
		errs["name"] = validation.NewError("validation_invalid", "Name must be a text or an object of texts by language")
	case name["en"] == "":
		errs["name"] = validation.NewError("validation_required", "Name is required (in English at least)")
	}
	for lang, s := range name {
		if len([]rune(s)) > maxName {
			errs["name."+lang] = validation.NewError("validation_length", fmt.Sprintf("Name must be at most %d characters", maxName))
		}
	}
	t.Name = name
	readCode(&t, errs)
	readValue(&t, in.Value, errs)
	readTargets(&t, errs)
	if min, err := amountOf(in.MinSubtotal); err != nil {
		errs["minSubtotal"] = err
	} else {
		t.MinSubtotal = min
	}
	readWindow(&t, in.StartsAt, in.EndsAt, errs)
	if in.UsageLimit < 0 || in.UsageLimit > maxLimit {
		errs["usageLimit"] = validation.NewError("validation_range", "Usage limit must be 0 (none) or a whole number up to 1,000,000,000")
	}
	if in.PerCustomerLimit < 0 || in.PerCustomerLimit > maxLimit {
		errs["perCustomerLimit"] = validation.NewError("validation_range", "Per-customer limit must be 0 (none) or a whole number up to 1,000,000,000")
	}
	if len(errs) > 0 {
		return t, errs
	}
	return t, nil
}

// readCode checks the code: one for a promotion by code, none for an
// automatic one.
func readCode(t *Rule, errs validation.Errors) {
	switch {
	case t.Automatic && t.Code != "":
		errs["code"] = validation.NewError("validation_invalid", "Automatic promotions have no code")
	case !t.Automatic && t.Code == "":
		errs["code"] = validation.NewError("validation_required", "Code is required unless the promotion is automatic")
	case !t.Automatic && !codePattern.MatchString(t.Code):
		errs["code"] = validation.NewError("validation_invalid", "Code must be 3-32 letters, digits or '-'")
	}
}

// readValue checks the kind and its value.
func readValue(t *Rule, raw json.Number, errs validation.Errors) {
	if raw == "" {
		raw = "0"
	}
	v, err := money.Parse(raw)
	if err != nil {
		errs["value"] = validation.NewError("validation_invalid", "Value must be a number with at most two decimals")
		return
	}
	switch t.Kind {
	case Percentage:
		if v <= 0 || v > maxPercent {
			errs["value"] = validation.NewError("validation_range", "A percentage must be more than 0 and at most 100")
		}
	case Fixed:
		if v <= 0 || v > maxAmount {
			errs["value"] = validation.NewError("validation_range", "The amount off must be more than 0 and at most 100,000,000.00")
		}
	case FreeShipping:
		v = 0
	default:
		errs["kind"] = validation.NewError("validation_in_invalid", "Kind must be percentage, fixed or free_shipping")
	}
	t.Value = v
}

// readTargets checks the target and its ids.
func readTargets(t *Rule, errs validation.Errors) {
	check := func(key string, ids []string) {
		switch {
		case len(ids) == 0:
			errs[key] = validation.NewError("validation_required", "Choose at least one")
		case len(ids) > maxIDs:
			errs[key] = validation.NewError("validation_length", fmt.Sprintf("At most %d", maxIDs))
		case slices.ContainsFunc(ids, func(id string) bool { return !idPattern.MatchString(id) }):
			errs[key] = validation.NewError("validation_invalid", "Unknown id")
		}
	}
	switch t.Target {
	case TargetOrder:
		t.ProductIDs, t.CategoryIDs = nil, nil
	case TargetProducts:
		check("productIds", t.ProductIDs)
		t.CategoryIDs = nil
	case TargetCategories:
		check("categoryIds", t.CategoryIDs)
		t.ProductIDs = nil
	default:
		errs["target"] = validation.NewError("validation_in_invalid", "Target must be order, products or categories")
	}
}

// readWindow checks the start and the end: RFC 3339, the end after the
// start.
func readWindow(t *Rule, starts, ends *string, errs validation.Errors) {
	parse := func(key string, s *string) time.Time {
		if s == nil || strings.TrimSpace(*s) == "" {
			return time.Time{}
		}
		at, err := time.Parse(time.RFC3339, strings.TrimSpace(*s))
		if err != nil || at.Year() < 2000 || at.Year() > 9999 {
			errs[key] = validation.NewError("validation_invalid", "Must be a date and time such as 2026-11-22T10:00:00Z")
		}
		return at.UTC()
	}
	t.StartsAt, t.EndsAt = parse("startsAt", starts), parse("endsAt", ends)
	if !t.StartsAt.IsZero() && !t.EndsAt.IsZero() && !t.EndsAt.After(t.StartsAt) && errs["endsAt"] == nil {
		errs["endsAt"] = validation.NewError("validation_range", "The end must be after the start")
	}
}

// amountOf reads a non-negative amount of dollars as cents (missing: 0).
func amountOf(raw json.Number) (int64, error) {
	if raw == "" {
		return 0, nil
	}
	v, err := money.Parse(raw)
	if err != nil || v < 0 || v > maxAmount {
		return 0, validation.NewError("validation_invalid", "Must be an amount from 0 to 100,000,000.00 with at most two decimals")
	}
	return v, nil
}

// cleanIDs trims the ids and drops empty and repeated ones, in order.
func cleanIDs(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
