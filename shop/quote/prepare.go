package quote

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// ServiceInput is a service line: its name (localized, en required), its
// amount and tax class.
type ServiceInput struct {
	Name     any         `json:"name"`
	Amount   json.Number `json:"amount"`
	TaxClass string      `json:"taxClass"`
}

// UpdateInput is an admin's revision of a quote.
type UpdateInput struct {
	Lines          []LineInput    `json:"lines"`
	ServiceLines   []ServiceInput `json:"serviceLines"`
	ShippingAmount json.Number    `json:"shippingAmount"`
	ValidUntil     string         `json:"validUntil"`
}

// parsed is an UpdateInput checked: services, shipping and validity.
type parsed struct {
	services   []storedService
	shipping   int64
	validUntil time.Time
}

// validate checks the input; errors are keyed by their JSON paths.
func (in UpdateInput) validate() (parsed, error) {
	errs := field.Errs{}
	checkLines(in.Lines, errs)
	var p parsed
	if len(in.ServiceLines) > maxLines {
		errs.Add("serviceLines", "validation_length_too_long", fmt.Sprintf("At most %d lines", maxLines))
	}
	for i, s := range in.ServiceLines {
		path := fmt.Sprintf("serviceLines.%d.", i)
		name, ok := field.ParseLocalized(s.Name)
		if !ok || name["en"] == "" || utf8.RuneCountInString(name["en"]) > maxText {
			errs.Add(path+"name", "validation_required", "Enter the service's name (at most 200 characters)")
		}
		cents, err := money.Parse(s.Amount)
		if err != nil || cents < 0 {
			errs.Add(path+"amount", "validation_amount", "Must be an amount with at most two decimals")
		}
		if !tax.IsClass(s.TaxClass) {
			errs.Add(path+"taxClass", "validation_in_invalid", "Must be standard, reduced or zero")
		}
		p.services = append(p.services, storedService{Name: name, Cents: cents, TaxClass: s.TaxClass})
	}
	if in.ShippingAmount != "" {
		c, err := money.Parse(in.ShippingAmount)
		if err != nil || c < 0 {
			errs.Add("shippingAmount", "validation_amount", "Must be an amount with at most two decimals")
		}
		p.shipping = c
	}
	if in.ValidUntil != "" {
		t, err := time.Parse(time.RFC3339, in.ValidUntil)
		if err != nil {
			errs.Add("validUntil", "validation_date", "Must be an RFC 3339 time")
		}
		p.validUntil = t.UTC()
	}
	if len(errs) > 0 {
		return p, errsOf(errs)
	}
	if p.services == nil {
		p.services = []storedService{}
	}
	return p, nil
}

// open reports whether the shop may still change or send the quote.
func open(rec *core.Record) bool {
	return slices.Contains([]string{StatusRequested, StatusSent}, rec.GetString("status"))
}

// Update saves an admin's revision (revision + 1): the lines at the
// prices given (the list price when none), the service lines, shipping and
// validity, priced again with the tax as quoted now; a validity in the
// past expires the quote at once. The history names what changed.
func Update(app core.App, id string, in UpdateInput) (*Quote, error) {
	p, err := in.validate()
	if err != nil {
		return nil, err
	}
	items, err := itemsOf(app, in.Lines)
	if err != nil {
		return nil, err
	}
	lines := make([]storedLine, len(items))
	for i, it := range items {
		unit := int64(-1)
		if in.Lines[i].UnitPrice != "" {
			unit, _ = money.Parse(in.Lines[i].UnitPrice)
		}
		lines[i] = storedOf(it, unit)
	}
	var rec *core.Record
	err = db.Write(app, func(txApp core.App) error {
		if rec, err = find(txApp, Viewer{Admin: true}, id); err != nil {
			return err
		}
		if !open(rec) {
			return ErrNotOpen
		}
		changes := diff(rec, lines, p)
		rec.Set("lines", lines)
		rec.Set("serviceLines", p.services)
		rec.Set("shippingCents", p.shipping)
		if !rec.GetDateTime("validUntil").Time().Equal(p.validUntil.Truncate(time.Millisecond)) {
			rec.Set("remindedAt", "") // a new date has its own reminder two days before it
		}
		rec.Set("validUntil", dateOf(p.validUntil))
		rec.Set("revision", rec.GetInt("revision")+1)
		addHistory(rec, wire.QuoteChange{By: ByAdmin, Changes: changes})
		if !p.validUntil.IsZero() && p.validUntil.Before(time.Now()) {
			rec.Set("status", StatusExpired)
			addHistory(rec, wire.QuoteChange{By: ByShop})
		}
		if err := reprice(txApp, rec); err != nil {
			return err
		}
		return txApp.Save(rec)
	})
	if err != nil {
		return nil, err
	}
	return answer(app, rec), nil
}

// dateOf is t as a record's date ("" for none).
func dateOf(t time.Time) any {
	if t.IsZero() {
		return ""
	}
	d, _ := types.ParseDateTime(t)
	return d
}

// lineKey keys a line by its variant and hire dates.
func lineKey(l storedLine) string { return l.VariantID + "/" + l.HireStart + "/" + l.HireEnd }

// diff is what a revision changes of the record.
func diff(rec *core.Record, lines []storedLine, p parsed) []wire.QuoteDiff {
	out := []wire.QuoteDiff{}
	old := linesOf(rec)
	for _, n := range lines {
		i := slices.IndexFunc(old, func(o storedLine) bool { return lineKey(o) == lineKey(n) })
		if i < 0 {
			out = append(out, wire.QuoteDiff{Field: "line", Name: n.Name, To: fmt.Sprint(n.Quantity)})
			continue
		}
		if o := old[i]; o.Quantity != n.Quantity {
			out = append(out, wire.QuoteDiff{Field: "quantity", Name: n.Name, From: fmt.Sprint(o.Quantity), To: fmt.Sprint(n.Quantity)})
		}
		if o := old[i]; o.UnitCents != n.UnitCents {
			out = append(out, wire.QuoteDiff{Field: "unitPrice", Name: n.Name, From: money.Plain(o.UnitCents), To: money.Plain(n.UnitCents)})
		}
	}
	for _, o := range old {
		if !slices.ContainsFunc(lines, func(n storedLine) bool { return lineKey(o) == lineKey(n) }) {
			out = append(out, wire.QuoteDiff{Field: "line", Name: o.Name, From: fmt.Sprint(o.Quantity)})
		}
	}
	oldS := servicesOf(rec)
	for _, s := range p.services {
		if !slices.ContainsFunc(oldS, func(o storedService) bool { return o.Name["en"] == s.Name["en"] && o.Cents == s.Cents }) {
			out = append(out, wire.QuoteDiff{Field: "serviceLine", Name: s.Name, To: money.Plain(s.Cents)})
		}
	}
	for _, o := range oldS {
		if !slices.ContainsFunc(p.services, func(s storedService) bool { return o.Name["en"] == s.Name["en"] && o.Cents == s.Cents }) {
			out = append(out, wire.QuoteDiff{Field: "serviceLine", Name: o.Name, From: money.Plain(o.Cents)})
		}
	}
	if old := rec.GetInt("shippingCents"); int64(old) != p.shipping {
		out = append(out, wire.QuoteDiff{Field: "shipping", From: money.Plain(int64(old)), To: money.Plain(p.shipping)})
	}
	if old, now := wire.Stamp(rec.GetDateTime("validUntil")), wire.Stamp(dateTimeOf(p.validUntil)); old != now {
		out = append(out, wire.QuoteDiff{Field: "validUntil", From: old, To: now})
	}
	return out
}

// dateTimeOf is t as a PocketBase date time (zero for none).
func dateTimeOf(t time.Time) types.DateTime {
	d, _ := types.ParseDateTime(t)
	if t.IsZero() {
		return types.DateTime{}
	}
	return d
}

// ErrNotReady: a quote sent without lines or a validity date in the
// future.
var ErrNotReady = validation.Errors{"validUntil": validation.NewError("validation_required", "Set a validity date in the future before sending")}

// Send sends the quote to the customer (sent; the revision stays): an
// e-mail in their language with the quote and a link to it.
func Send(app core.App, id string) (*Quote, error) {
	var rec *core.Record
	err := db.Write(app, func(txApp core.App) error {
		var err error
		if rec, err = find(txApp, Viewer{Admin: true}, id); err != nil {
			return err
		}
		if !open(rec) {
			return ErrNotOpen
		}
		if v := rec.GetDateTime("validUntil"); v.IsZero() || v.Time().Before(time.Now()) {
			return ErrNotReady
		}
		rec.Set("status", StatusSent)
		addHistory(rec, wire.QuoteChange{By: ByAdmin})
		if err := txApp.Save(rec); err != nil {
			return err
		}
		return queueMail(txApp, rec, kindSent)
	})
	if err != nil {
		return nil, err
	}
	return answer(app, rec), nil
}
