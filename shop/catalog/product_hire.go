package catalog

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// A product's hire terms, its kit and its variants' hire rates and fleets
// as the catalog writes and answers them (issue 46, api.md "Hire"); what
// they mean (availability, prices, bookings) is shop/hire's. The contract's
// saleEnabled is stored negated as hireOnly, so products from before hire
// stay for sale.

// Limits of the hire members: the hire migration's field bounds and
// api.md's longest hire.
const (
	MaxBufferDays   = 30
	MaxHireMinDays  = 90
	MaxLeadDays     = 365
	MaxHireQuantity = 100000
	MaxKitLines     = 20
	MaxKitQuantity  = 1000
)

// HireTerms are a product's hire terms.
type HireTerms struct {
	Enabled      bool
	SaleEnabled  bool
	DepositCents int64
	BufferDays   int
	MinDays      int
	LeadDays     int
}

// KitComponent is one line of a kit: Quantity units of a component's
// variant (its default when VariantID is empty) per kit.
type KitComponent struct {
	ProductID string `json:"productId"`
	VariantID string `json:"variantId"`
	Quantity  int    `json:"quantity"`
}

// HireRates are a variant's hire rates in cents; 0 is no weekend or week
// rate.
type HireRates struct {
	DayCents, WeekendCents, WeekCents int64
}

// hireRecordFields maps the record's hire fields to the input's paths.
var hireRecordFields = map[string]string{
	"hireEnabled": "hire.enabled", "hireOnly": "hire.saleEnabled", "hireDepositCents": "hire.deposit",
	"hireBufferDays": "hire.bufferDays", "hireMinDays": "hire.minDays", "hireLeadDays": "hire.leadDays",
	"kit": "kit",
}

// hireInput is the hire member of a product input; members left out keep
// the record's values.
type hireInput struct {
	Enabled     json.RawMessage `json:"enabled"`
	SaleEnabled json.RawMessage `json:"saleEnabled"`
	Deposit     json.RawMessage `json:"deposit"`
	BufferDays  json.RawMessage `json:"bufferDays"`
	MinDays     json.RawMessage `json:"minDays"`
	LeadDays    json.RawMessage `json:"leadDays"`
}

// hireMember checks the hire member: an object of the terms, each of its
// type and range. Errors are keyed by member ("deposit").
func hireMember(raw json.RawMessage) error {
	var h hireInput
	if json.Unmarshal(raw, &h) != nil {
		return validation.NewError("validation_invalid_hire",
			"Hire must be an object of enabled, saleEnabled, deposit, bufferDays, minDays and leadDays")
	}
	return validation.ValidateStruct(&h,
		validation.Field(&h.Enabled, field.RawRule(boolMember)),
		validation.Field(&h.SaleEnabled, field.RawRule(boolMember)),
		validation.Field(&h.Deposit, field.RawRule(field.PriceMember)),
		validation.Field(&h.BufferDays, field.RawRule(daysMember(MaxBufferDays))),
		validation.Field(&h.MinDays, field.RawRule(daysMember(MaxHireMinDays))),
		validation.Field(&h.LeadDays, field.RawRule(daysMember(MaxLeadDays))),
	)
}

// daysMember accepts a whole number of days from 0 to most.
func daysMember(most int64) func(json.RawMessage) error {
	return wholeMember(0, most, "validation_invalid_days", "days")
}

// wholeMember accepts a whole JSON number from lo to hi; unit names it in
// the message ("Must be a whole number of days from 0 to 30").
func wholeMember(lo, hi int64, code, unit string) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		n, ok := field.JSONNumber(raw)
		v, whole := money.ParseWhole(n.String())
		if !ok || !whole || v < lo || v > hi {
			return validation.NewError(code, fmt.Sprintf("Must be a whole number of %s from %d to %d", unit, lo, hi))
		}
		return nil
	}
}

// hireQuantityMember accepts a hire fleet: 0 to MaxHireQuantity units.
var hireQuantityMember = wholeMember(0, MaxHireQuantity, "validation_invalid_hire_quantity", "units")

// ratesInput is a variant's hireRates member; weekend and week null or
// left out are none.
type ratesInput struct {
	Day     json.RawMessage `json:"day"`
	Weekend json.RawMessage `json:"weekend"`
	Week    json.RawMessage `json:"week"`
}

// ratesMember checks a hireRates member: {day, weekend?, week?}, prices.
func ratesMember(raw json.RawMessage) error {
	var r ratesInput
	if json.Unmarshal(raw, &r) != nil {
		return validation.NewError("validation_invalid_rates", "Hire rates must be an object of day, weekend and week")
	}
	return validation.ValidateStruct(&r,
		validation.Field(&r.Day, field.RawRule(field.PriceMember)),
		validation.Field(&r.Weekend, field.RawRule(field.PriceMember)),
		validation.Field(&r.Week, field.RawRule(field.PriceMember)),
	)
}

// kitMember checks the kit member's shape: a list of at most MaxKitLines
// {productId, variantId?, quantity}; what the rows name is checked against
// the catalog by the record's rules (validateKit).
func kitMember(raw json.RawMessage) error {
	var rows []json.RawMessage
	if json.Unmarshal(raw, &rows) != nil {
		return validation.NewError("validation_invalid_kit", "A kit must be a list of {productId, variantId, quantity}")
	}
	if len(rows) > MaxKitLines {
		return validation.NewError("validation_too_many", fmt.Sprintf("A kit has at most %d components", MaxKitLines))
	}
	errs := validation.Errors{}
	for i, row := range rows {
		var c struct {
			ProductID *string         `json:"productId"`
			VariantID *string         `json:"variantId"`
			Quantity  json.RawMessage `json:"quantity"`
		}
		key := fmt.Sprint(i)
		switch {
		case json.Unmarshal(row, &c) != nil:
			errs[key] = validation.NewError("validation_invalid_kit", "Each component must be an object of productId, variantId and quantity")
		case c.ProductID == nil || strings.TrimSpace(*c.ProductID) == "":
			errs[key] = field.Error("productId", "validation_required", "Choose the component's product")
		default:
			if err := wholeMember(1, MaxKitQuantity, "validation_invalid_quantity", "units")(c.Quantity); err != nil {
				errs[key] = validation.Errors{"quantity": err}
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// applyHire copies the hire members that were sent and passed onto the
// record.
func (in ProductInput) applyHire(rec *core.Record, ok func(string, json.RawMessage) bool) {
	if ok("hire", in.Hire) {
		var h hireInput
		_ = json.Unmarshal(in.Hire, &h)
		setBool(rec, "hireEnabled", h.Enabled, false)
		setBool(rec, "hireOnly", h.SaleEnabled, true)
		setCents(rec, "hireDepositCents", h.Deposit)
		for name, raw := range map[string]json.RawMessage{"hireBufferDays": h.BufferDays, "hireMinDays": h.MinDays, "hireLeadDays": h.LeadDays} {
			if field.Present(raw) {
				n, _ := field.JSONNumber(raw)
				v, _ := money.ParseWhole(n.String())
				rec.Set(name, v)
			}
		}
	}
	if ok("kit", in.Kit) {
		var kit []KitComponent
		_ = json.Unmarshal(in.Kit, &kit)
		for i := range kit {
			kit[i].ProductID, kit[i].VariantID = strings.TrimSpace(kit[i].ProductID), strings.TrimSpace(kit[i].VariantID)
		}
		rec.Set("kit", kit)
	} else if in.Kit != nil && !field.Present(in.Kit) {
		rec.Set("kit", []KitComponent{}) // null: no kit
	}
}

// setBool sets a record's bool from a member that was sent, negated when
// asked (saleEnabled is stored as hireOnly).
func setBool(rec *core.Record, name string, raw json.RawMessage, negate bool) {
	if !field.Present(raw) {
		return
	}
	var b bool
	_ = json.Unmarshal(raw, &b)
	rec.Set(name, b != negate)
}

// setCents sets a record's cents from a price member that was sent; null
// sets 0.
func setCents(rec *core.Record, name string, raw json.RawMessage) {
	switch {
	case field.Present(raw):
		n, _ := field.JSONNumber(raw)
		cents, _ := money.Parse(n)
		rec.Set(name, cents)
	case raw != nil:
		rec.Set(name, 0)
	}
}

// applyRates copies a hireRates and hireQuantity member that were sent
// onto a variant record.
func applyRates(rec *core.Record, rates, quantity json.RawMessage) {
	if field.Present(rates) {
		var r ratesInput
		_ = json.Unmarshal(rates, &r)
		setCents(rec, "hireDayCents", r.Day)
		setCents(rec, "hireWeekendCents", r.Weekend)
		setCents(rec, "hireWeekCents", r.Week)
	}
	if field.Present(quantity) {
		n, _ := field.JSONNumber(quantity)
		v, _ := money.ParseWhole(n.String())
		rec.Set("hireQuantity", v)
	}
}

// readKit decodes a stored kit; a malformed one has no components.
func readKit(raw []byte) []KitComponent {
	var kit []KitComponent
	if len(raw) == 0 || json.Unmarshal(raw, &kit) != nil {
		return nil
	}
	return kit
}

// validateHireTerms checks a product record's hire terms and kit against
// the catalog (the record hook runs it, so the dashboard keeps them too):
// a product not for sale is for hire, a kit is for hire, is no component
// of another kit, and its components exist (NoRows is "not found"), are
// for hire, are not kits themselves nor the kit, and are not listed twice.
// Errors are keyed by record field path ("kit.1.productId").
func validateHireTerms(app core.App, rec *core.Record) validation.Errors {
	errs := validation.Errors{}
	hire := rec.GetBool("hireEnabled")
	if rec.GetBool("hireOnly") && !hire {
		errs["hireOnly"] = validation.NewError("validation_not_for_sale",
			"A product that is not for sale must be for hire")
	}
	kit := readKit(field.RawJSON(rec.Get("kit")))
	if kit == nil {
		rec.Set("kit", []KitComponent{})
	}
	if len(kit) == 0 {
		return errs
	}
	if !hire {
		errs["kit"] = validation.NewError("validation_kit_not_for_hire", "A kit is for hire: enable hire for it")
		return errs
	}
	if in := kitsContaining(app, rec.Id); in != "" {
		errs["kit"] = validation.NewError("validation_kit_in_kit",
			fmt.Sprintf("This product is a component of the kit %s: a kit cannot be part of another kit", in))
		return errs
	}
	seen := map[string]int{}
	for i, c := range kit {
		if err := checkComponent(app, rec.Id, c, i, seen); err != nil {
			errs[fmt.Sprintf("kit.%d.%s", i, err.Field)] = validation.NewError(err.Code, err.Message)
		}
	}
	return errs
}

// componentError is one kit row's problem, under the row's member Field.
type componentError struct{ Field, Code, Message string }

// checkComponent checks kit row i of kitID; seen holds the variants of
// the rows before it.
func checkComponent(app core.App, kitID string, c KitComponent, i int, seen map[string]int) *componentError {
	if c.ProductID == kitID {
		return &componentError{"productId", "validation_kit_self", "A kit cannot contain itself"}
	}
	var p struct {
		Name           string `db:"name"`
		HireEnabled    bool   `db:"hireEnabled"`
		Kit            string `db:"kit"`
		DefaultVariant string `db:"defaultVariant"`
	}
	err := app.DB().Select("name", "hireEnabled", "COALESCE(kit, '') AS kit", "defaultVariant").From(ProductsCollection).
		Where(dbx.HashExp{"id": c.ProductID}).One(&p)
	switch {
	case err != nil:
		return &componentError{"productId", "validation_unknown_product", "No product has this id"}
	case len(readKit([]byte(p.Kit))) > 0:
		return &componentError{"productId", "validation_kit_in_kit", p.Name + " is a kit: a kit cannot contain another kit"}
	case !p.HireEnabled:
		return &componentError{"productId", "validation_component_not_for_hire", p.Name + " is not for hire"}
	}
	variant := c.VariantID
	if variant == "" {
		variant = p.DefaultVariant
	} else {
		var owner string
		_ = app.DB().Select("product").From(VariantsCollection).Where(dbx.HashExp{"id": variant}).Row(&owner)
		if owner != c.ProductID {
			return &componentError{"variantId", "validation_unknown_variant", "This variant is not one of " + p.Name + "'s"}
		}
	}
	if j, dup := seen[variant]; dup {
		return &componentError{"productId", "validation_duplicate_component", fmt.Sprintf("Component %d is the same", j+1)}
	}
	seen[variant] = i
	return nil
}

// kitsContaining is the name of a kit (other than id) that lists product
// id as a component, or "".
func kitsContaining(app core.App, id string) string {
	var name string
	_ = app.DB().NewQuery(`SELECT p.name FROM products p, json_each(CASE WHEN json_valid(p.kit) THEN p.kit ELSE '[]' END) c
		WHERE p.id != {:id} AND json_extract(c.value, '$.productId') = {:id} LIMIT 1`).
		Bind(dbx.Params{"id": id}).Row(&name)
	return name
}

// checkHireRates refuses a product for hire with an active variant
// without a day rate (hiring it would cost nothing). Errors are keyed by
// the input's paths: hireRates.day for a product without options, else
// variants.N.hireRates.day.
func checkHireRates(txApp core.App, rec *core.Record) error {
	if !rec.GetBool("hireEnabled") {
		return nil
	}
	variants, err := variantRecords(txApp, rec.Id)
	if err != nil {
		return err
	}
	msg := "A product for hire needs a day rate"
	for i, v := range variants {
		if !v.GetBool("isActive") || v.GetInt("hireDayCents") > 0 {
			continue
		}
		if len(variants) == 1 {
			return validation.Errors{"hireRates.day": validation.NewError("validation_required", msg)}
		}
		return validation.Errors{fmt.Sprintf("variants.%d.hireRates.day", i): validation.NewError("validation_required", msg)}
	}
	return nil
}

// saveOnlyVariantRates writes a product input's hireRates and
// hireQuantity (sent without variants) to the product's only variant, in
// txApp's transaction; a product with options has them per variant.
func saveOnlyVariantRates(txApp core.App, rec *core.Record, in ProductInput) error {
	if !field.Present(in.HireRates) && !field.Present(in.HireQuantity) {
		return nil
	}
	variants, err := variantRecords(txApp, rec.Id)
	if err != nil {
		return err
	}
	if len(variants) != 1 {
		msg := "This product has options: set its hire rates and fleet on its variants"
		return validation.Errors{"hireRates": validation.NewError("validation_set_on_variants", msg)}
	}
	applyRates(variants[0], in.HireRates, in.HireQuantity)
	productSaving.Store(rec.Id, struct{}{})
	defer productSaving.Delete(rec.Id)
	if err := txApp.Save(variants[0]); err != nil {
		return fmt.Errorf("hire rates: %w", err) // the members were checked: an internal failure
	}
	return nil
}

// ProductNames reads the names by language of the products with these
// ids (kits name their components); unknown ids are left out.
func ProductNames(app core.App, ids []string) map[string]wire.Localized {
	out := map[string]wire.Localized{}
	var rows []productRow
	err := app.DB().Select("id", "name", "nameLocalized").From(ProductsCollection).
		Where(dbx.In("id", field.AnySlice(ids)...)).All(&rows)
	if err != nil {
		return out
	}
	for _, r := range rows {
		name, _ := field.ParseLocalizedJSON(r.NameLocalized)
		if name["en"] == "" {
			name["en"] = r.Name
		}
		out[r.ID] = name
	}
	return out
}
