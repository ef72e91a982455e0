package cart

import (
	"stageshop/internal/db"
	"stageshop/shop/wire"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// MergeReport is an answer shape (shop/wire).
type MergeReport = wire.MergeReport

// MergeCapped is an answer shape (shop/wire).
type MergeCapped = wire.MergeCapped

// MergeDrop is an answer shape (shop/wire).
type MergeDrop = wire.MergeDrop

// Reasons a guest line is dropped by a merge.
const (
	dropInactive   = "inactive"
	dropOutOfStock = "out_of_stock"
)

// Merged is the merge answer: the user's cart and the report.
type Merged struct {
	*Cart
	MergeReport MergeReport `json:"mergeReport"`
}

// Merge moves every line of the guest cart of sessionID into the user's
// cart, adding quantities per variant capped at the variant's stock (lines
// of inactive or sold-out variants are dropped), deletes the guest cart and returns the
// user's cart with a report of what happened. An unknown, empty or
// malformed session merges nothing.
func Merge(app core.App, userID, sessionID string) (*Merged, error) {
	user := Owner{UserID: userID}
	if err := user.check(); err != nil {
		return nil, err
	}
	report := MergeReport{Capped: []MergeCapped{}, Dropped: []MergeDrop{}}
	err := db.Write(app, func(txApp core.App) error {
		report = MergeReport{Capped: []MergeCapped{}, Dropped: []MergeDrop{}} // a busy retry starts again
		// A malformed id cannot name a cart: like an unknown one, it merges nothing.
		if !ValidSessionID(sessionID) {
			return nil
		}
		guestCart, err := Find(txApp, Owner{SessionID: sessionID})
		if err != nil || guestCart == nil {
			return err
		}
		if err := mergeLines(txApp, guestCart.Id, user, &report); err != nil {
			return err
		}
		if err := carryCode(txApp, guestCart, user); err != nil {
			return err
		}
		return Drop(txApp, guestCart.Id)
	})
	if err != nil {
		return nil, err
	}
	cart, err := loadCart(app, user)
	if err != nil {
		return nil, err
	}
	return &Merged{Cart: cart, MergeReport: report}, nil
}

// carryCode puts the guest cart's code on the user's cart: the code the
// shopper typed last (one code per cart, so it replaces the user's). It is
// weighed for the user from then on: one they may not use any more shows
// why (promoIssue) instead of vanishing. A user without a cart (the guest
// had no lines) gets none.
func carryCode(txApp core.App, guestCart *core.Record, user Owner) error {
	code := guestCart.GetString("promoCode")
	if code == "" {
		return nil
	}
	target, err := Find(txApp, user)
	if err != nil || target == nil {
		return err
	}
	_, err = txApp.DB().Update(Collection, dbx.Params{"promoCode": code}, dbx.HashExp{"id": target.Id}).Execute()
	return err
}

// mergeLines adds the lines of the guest cart to the user's cart and
// writes down in report what it did with each.
func mergeLines(txApp core.App, guestCartID string, user Owner, report *MergeReport) error {
	guestLines, err := Lines(txApp, guestCartID)
	if err != nil || len(guestLines) == 0 {
		return err
	}
	target, err := findOrCreateCart(txApp, user)
	if err != nil {
		return err
	}
	existing, err := txApp.FindAllRecords(ItemsCollection, dbx.HashExp{"cart": target.Id})
	if err != nil {
		return err
	}
	byKey := make(map[string]*core.Record, len(existing))
	for _, r := range existing {
		byKey[lineKey(r.GetString("variant"), r.GetString("hireStart"), r.GetString("hireEnd"))] = r
	}
	for _, g := range guestLines {
		var start, end string
		if g.Hire != nil {
			start, end = g.Hire.Start, g.Hire.End
		}
		line := byKey[lineKey(g.VariantID, start, end)]
		if line == nil {
			line, err = newCartLine(txApp, target.Id, &Variant{ID: g.VariantID, ProductID: g.ProductID})
			if err != nil {
				return err
			}
			line.Set("hireStart", start)
			line.Set("hireEnd", end)
		}
		if err := mergeLine(txApp, line, g, report); err != nil {
			return err
		}
	}
	return nil
}

// mergeLine adds guest line g to the user's line (new or existing).
func mergeLine(txApp core.App, line *core.Record, g Item, report *MergeReport) error {
	drop := func(reason string) {
		report.Dropped = append(report.Dropped, MergeDrop{ProductID: g.ProductID, VariantID: g.VariantID, ProductName: g.ProductName,
			VariantLabel: g.VariantLabel, VariantLabelLocalized: g.VariantLabelLocalized, Reason: reason})
	}
	switch {
	case !g.Active:
		drop(dropInactive)
		return nil
	case g.AvailableStock < 1:
		drop(dropOutOfStock)
		return nil
	}
	had := line.GetInt("quantity")
	requested := had + g.Quantity
	qty := min(requested, g.AvailableStock, MaxLineQuantity)
	if qty < requested {
		report.Capped = append(report.Capped, MergeCapped{ProductID: g.ProductID, VariantID: g.VariantID, ProductName: g.ProductName,
			VariantLabel: g.VariantLabel, VariantLabelLocalized: g.VariantLabelLocalized, Requested: requested, Kept: max(qty, had)})
	}
	if qty <= had {
		return nil // the user's line already holds all there is; it stays as it was
	}
	line.Set("quantity", qty)
	if err := txApp.Save(line); err != nil {
		return err
	}
	report.AddedLines++
	report.AddedUnits += qty - had
	return nil
}
