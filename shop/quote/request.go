package quote

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/field"
	"stageshop/shop/hire"
	"stageshop/shop/money"
	"stageshop/shop/webhook"
	"stageshop/shop/wire"
)

// Bounds of the inputs.
const (
	maxLines    = 100
	maxQuantity = 100000
	maxText     = 200
	maxMessage  = 2000
)

// HireInput is a hire line's dates.
type HireInput struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// LineInput is a product line asked for (and, from an admin, its quoted
// unit price; none: the list price).
type LineInput struct {
	ProductID string      `json:"productId"`
	VariantID string      `json:"variantId"`
	Quantity  int         `json:"quantity"`
	Hire      *HireInput  `json:"hire"`
	UnitPrice json.Number `json:"unitPrice"`
}

// RequestInput is a customer's request: the cart's lines or the lines
// given, the event and the delivery address.
type RequestInput struct {
	FromCart     bool              `json:"fromCart"`
	Lines        []LineInput       `json:"lines"`
	EventName    string            `json:"eventName"`
	EventDate    string            `json:"eventDate"`
	Venue        string            `json:"venue"`
	Message      string            `json:"message"`
	ShippingInfo shop.ShippingInfo `json:"shippingInfo"`
}

// checkLines checks 1 to maxLines lines with quantities of 1 or more.
func checkLines(lines []LineInput, errs field.Errs) {
	switch {
	case len(lines) == 0:
		errs.Add("lines", "validation_required", "Add at least one line")
	case len(lines) > maxLines:
		errs.Add("lines", "validation_length_too_long", fmt.Sprintf("At most %d lines", maxLines))
	}
	for i, l := range lines {
		path := fmt.Sprintf("lines.%d.", i)
		if l.ProductID == "" {
			errs.Add(path+"productId", "validation_required", "This field is required")
		}
		if l.Quantity < 1 || l.Quantity > maxQuantity {
			errs.Add(path+"quantity", "validation_min_greater_equal_than_required", "Enter a quantity of 1 or more")
		}
		if c, err := money.Parse(l.UnitPrice); l.UnitPrice != "" && (err != nil || c < 0) {
			errs.Add(path+"unitPrice", "validation_amount", "Must be an amount with at most two decimals")
		}
	}
}

// validate checks the texts, the lines (unless from the cart) and the
// address (every field required, as at checkout); errors are keyed by
// their JSON paths.
func (in *RequestInput) validate() error {
	errs := field.Errs{}
	if !in.FromCart {
		checkLines(in.Lines, errs)
	}
	for name, p := range map[string]*string{"eventName": &in.EventName, "eventDate": &in.EventDate, "venue": &in.Venue} {
		*p = field.CleanLine(*p)
		if utf8.RuneCountInString(*p) > maxText {
			errs.Add(name, "validation_length_too_long", fmt.Sprintf("Must be at most %d characters", maxText))
		}
	}
	in.Message = field.CleanText(in.Message)
	if utf8.RuneCountInString(in.Message) > maxMessage {
		errs.Add("message", "validation_length_too_long", fmt.Sprintf("Must be at most %d characters", maxMessage))
	}
	addr := shop.OrderInput{Shipping: in.ShippingInfo, UseShippingForBilling: true}
	addr.Normalize()
	in.ShippingInfo = addr.Shipping
	if err := addr.Validate(); err != nil {
		var v validation.Errors
		if !errors.As(err, &v) {
			return err
		}
		for k, e := range v {
			errs[k] = e
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errsOf(errs)
}

// refsOf are the lines as cart refs.
func refsOf(lines []LineInput) []cart.Ref {
	refs := make([]cart.Ref, len(lines))
	for i, l := range lines {
		refs[i] = cart.Ref{ProductID: strings.TrimSpace(l.ProductID), VariantID: strings.TrimSpace(l.VariantID), Quantity: l.Quantity}
		if l.Hire != nil {
			refs[i].HireStart, refs[i].HireEnd = strings.TrimSpace(l.Hire.Start), strings.TrimSpace(l.Hire.End)
		}
	}
	return refs
}

// itemsOf reads lines from the catalog: an unknown product is a
// validation error of its line, one off sale (or a hire not possible on
// its dates) too.
func itemsOf(app core.App, lines []LineInput) ([]cart.Item, error) {
	items, err := cart.ItemsOf(app, refsOf(lines))
	var nf *cart.ErrRefNotFound
	if errors.As(err, &nf) {
		return nil, errsOf(field.Errs{fmt.Sprintf("lines.%d.productId", nf.Index): validation.NewError("validation_not_found", "Product not found")})
	}
	if err != nil {
		return nil, err
	}
	if err := checkHires(app, lines, items); err != nil {
		return nil, err
	}
	errs := field.Errs{}
	for i, it := range items {
		if !it.Active {
			errs.Add(fmt.Sprintf("lines.%d.productId", i), "validation_unavailable", "This product is not available")
		}
	}
	if len(errs) > 0 {
		return nil, errsOf(errs)
	}
	return items, nil
}

// checkHires refuses, as the cart does, a line of a hire-only product
// without dates (400 hire_dates_required) and a line whose dates break the
// product's terms (its hire error: hire_too_soon, hire_too_short,
// not_for_hire or the dates' field errors), each under its line's path,
// lines.N.hire…, so the form shows it at the dates. What is free is not
// checked: a quote holds nothing, and acceptance books.
func checkHires(app core.App, lines []LineInput, items []cart.Item) error {
	for i, l := range lines {
		path := fmt.Sprintf("lines.%d.", i)
		if l.Hire == nil {
			if cart.HireOnly(app, items[i].ProductID) {
				return cart.ErrHireDatesRequired.WithField(path+"hire", "Choose the dates of the hire")
			}
			continue
		}
		if items[i].Active && items[i].Hire != nil {
			continue
		}
		_, _, err := hire.QuoteLine(app, hire.Line{ProductID: items[i].ProductID, VariantID: items[i].VariantID,
			Quantity: items[i].Quantity, Start: strings.TrimSpace(l.Hire.Start), End: strings.TrimSpace(l.Hire.End)})
		if err != nil {
			return underLine(path, err)
		}
	}
	return nil
}

// underLine is a hire's error with its field paths under a line's path.
func underLine(path string, err error) error {
	var rule *hire.RuleError
	var v validation.Errors
	switch {
	case errors.As(err, &rule):
		return wire.BadRequest(rule.Code, rule.Message).WithField(path+rule.Field, rule.Message)
	case errors.As(err, &v):
		out := field.Errs{}
		for k, e := range v {
			out[path+k] = e
		}
		return errsOf(out)
	}
	var coded wire.Coded
	if errors.As(err, &coded) {
		return coded.Problem().WithField(path+"hire", coded.Error())
	}
	return err
}

// requestItems are the lines a request asks for: the cart's (an empty
// cart is shop.ErrCartEmpty) or those given.
func requestItems(app core.App, userID string, in RequestInput) ([]cart.Item, error) {
	if !in.FromCart {
		return itemsOf(app, in.Lines)
	}
	c, err := cart.Find(app, cart.Owner{UserID: userID})
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, shop.ErrCartEmpty
	}
	items, err := cart.Lines(app, c.Id)
	if err == nil && len(items) == 0 {
		err = shop.ErrCartEmpty
	}
	return items, err
}

// Request makes a customer's quote request (requested, revision 1) at
// the list prices, numbered in its transaction. The cart stays as it is:
// a quote holds no stock and books nothing.
func Request(app core.App, userID string, in RequestInput) (*Quote, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	items, err := requestItems(app, userID, in)
	if err != nil {
		return nil, err
	}
	lines := make([]storedLine, len(items))
	for i, it := range items {
		lines[i] = storedOf(it, -1)
	}
	var rec *core.Record
	err = db.Write(app, func(txApp core.App) error {
		col, err := txApp.FindCachedCollectionByNameOrId(Collection)
		if err != nil {
			return err
		}
		number, err := shop.NextQuoteNumber(txApp)
		if err != nil {
			return err
		}
		rec = core.NewRecord(col)
		for k, v := range map[string]any{"number": number, "user": userID, "status": StatusRequested, "revision": 1,
			"lines": lines, "serviceLines": []storedService{}, "shipping": in.ShippingInfo, "eventName": in.EventName,
			"eventDate": in.EventDate, "venue": in.Venue, "message": in.Message} {
			rec.Set(k, v)
		}
		addHistory(rec, wire.QuoteChange{By: ByCustomer})
		if err := reprice(txApp, rec); err != nil {
			return err
		}
		if err := txApp.Save(rec); err != nil {
			return err
		}
		return webhook.Emit(txApp, webhook.QuoteRequested, answer(txApp, rec))
	})
	if err != nil {
		return nil, err
	}
	return answer(app, rec), nil
}

// errsOf is errs as an error.
func errsOf(errs field.Errs) error { return validation.Errors(errs) }
