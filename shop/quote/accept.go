package quote

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/field"
	"stageshop/shop/webhook"
	"stageshop/shop/wire"
)

// AcceptInput is a customer's acceptance: the revision they saw and how
// they pay (card, bank_transfer, or invoice with a PO number).
type AcceptInput struct {
	Revision      int    `json:"revision"`
	PaymentMethod string `json:"paymentMethod"`
	PONumber      string `json:"poNumber"`
}

// DeclineInput is a customer's reason to decline (optional).
type DeclineInput struct {
	Reason string `json:"reason"`
}

// acceptable is ErrChanged, ErrExpired or ErrNotOpen when rec cannot be
// accepted at revision now.
func acceptable(rec *core.Record, revision int, now time.Time) error {
	status := rec.GetString("status")
	v := rec.GetDateTime("validUntil")
	switch {
	case status == StatusExpired || (status == StatusSent && !v.IsZero() && v.Time().Before(now)):
		return ErrExpired
	case status != StatusSent:
		return ErrNotOpen
	case revision != rec.GetInt("revision"):
		return ErrChanged
	}
	return nil
}

// productLines are the stored lines as their order takes them, each with
// the catalog's state now (on sale, in stock): a line gone since is the
// order's LineErrors.
func productLines(txApp core.App, rec *core.Record) ([]shop.QuoteLine, error) {
	lines := orderLines(linesOf(rec), servicesOf(rec))
	refs := make([]LineInput, 0, len(lines))
	for _, l := range linesOf(rec) {
		in := LineInput{ProductID: l.ProductID, VariantID: l.VariantID, Quantity: l.Quantity}
		if l.HireStart != "" {
			in.Hire = &HireInput{Start: l.HireStart, End: l.HireEnd}
		}
		refs = append(refs, in)
	}
	items, err := itemsNow(txApp, refs)
	if err != nil {
		return nil, err
	}
	for i, it := range items {
		lines[i].Item.Active, lines[i].Item.AvailableStock = it.Active, it.AvailableStock
		lines[i].Item.ImageFileName = it.ImageFileName
	}
	return lines, nil
}

// Accept makes the quote's order in one transaction (api.md "Quotes"):
// the revision seen, the quote still sent and valid, then shop's
// placement at the quote's figures (stock taken, hire lines booked,
// nothing changed when any is gone) and the quote accepted with its order
// and PO number. Two acceptances at once make one order: the second finds
// the quote accepted (ErrNotOpen).
func Accept(app core.App, userID, id string, in AcceptInput) (*shop.OrderDetail, error) {
	if utf8.RuneCountInString(in.PONumber) > shop.MaxPONumberLen {
		return nil, oneErr("poNumber", "validation_length_out_of_range", "Must be at most 100 characters")
	}
	var detail *shop.OrderDetail
	err := db.Write(app, func(txApp core.App) error {
		rec, err := find(txApp, Viewer{UserID: userID}, id)
		if err != nil {
			return err
		}
		if err := acceptable(rec, in.Revision, time.Now()); err != nil {
			return err
		}
		lines, err := productLines(txApp, rec)
		if err != nil {
			return err
		}
		detail, err = shop.PlaceQuotedOrder(txApp, userID, shop.QuotedOrder{Number: rec.GetString("number"), Lines: lines,
			Taxed: taxedOf(rec), In: shop.OrderInput{Shipping: shippingOf(rec), UseShippingForBilling: true,
				PaymentMethod: in.PaymentMethod, PONumber: in.PONumber}})
		if err != nil {
			return err
		}
		rec.Set("status", StatusAccepted)
		rec.Set("orderRef", detail.ID)
		rec.Set("poNumber", detail.Payment.PONumber)
		addHistory(rec, wire.QuoteChange{By: ByCustomer, Message: detail.OrderNumber})
		if err := txApp.Save(rec); err != nil {
			return err
		}
		return webhook.Emit(txApp, webhook.QuoteAccepted, answer(txApp, rec))
	})
	if err != nil {
		return nil, err
	}
	shop.StartQuotedPayment(app, detail)
	return detail, nil
}

// Decline is the customer's no, with a reason.
func Decline(app core.App, userID, id string, in DeclineInput) (*Quote, error) {
	reason := field.CleanText(in.Reason)
	if utf8.RuneCountInString(reason) > 1000 {
		return nil, oneErr("reason", "validation_length_too_long", fmt.Sprintf("Must be at most %d characters", 1000))
	}
	var rec *core.Record
	err := db.Write(app, func(txApp core.App) error {
		var err error
		if rec, err = find(txApp, Viewer{UserID: userID}, id); err != nil {
			return err
		}
		if !open(rec) {
			return ErrNotOpen
		}
		rec.Set("status", StatusDeclined)
		rec.Set("declineReason", reason)
		addHistory(rec, wire.QuoteChange{By: ByCustomer, Message: reason})
		return txApp.Save(rec)
	})
	if err != nil {
		return nil, err
	}
	return answer(app, rec), nil
}

// oneErr is a validation error of one field.
func oneErr(path, code, msg string) error {
	errs := field.Errs{}
	errs.Add(path, code, msg)
	return errsOf(errs)
}

// itemsNow reads the lines from the catalog as they are now, off sale or
// not (checkout's LineErrors says which is gone).
func itemsNow(txApp core.App, lines []LineInput) ([]cart.Item, error) {
	return cart.ItemsOf(txApp, refsOf(lines))
}
