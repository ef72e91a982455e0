package returns

import (
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// Sources of a return.
const (
	SourceCustomer = "customer"
	SourceAdmin    = "admin"
)

// Return is an answer shape (shop/wire).
type Return = wire.Return

// newReturn numbers and saves a return of order in the caller's
// transaction.
func newReturn(txApp core.App, order *core.Record, userID, status, source string, lines []storedLine, note string) (*core.Record, error) {
	col, err := txApp.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return nil, err
	}
	number, err := shop.NextReturnNumber(txApp)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Set("number", number)
	rec.Set("orderRef", order.Id)
	rec.Set("user", userID)
	rec.Set("status", status)
	rec.Set("source", source)
	rec.Set("lines", lines)
	rec.Set("note", field.CleanText(note))
	rec.Set("history", []wire.ReturnChange{{Status: status, At: wire.Time(time.Now())}})
	return rec, txApp.Save(rec)
}

// addHistory appends the return's new status (and message) to its history.
func addHistory(rec *core.Record, status, message string) {
	h := []wire.ReturnChange{}
	_ = rec.UnmarshalJSONField("history", &h)
	rec.Set("status", status)
	rec.Set("history", append(h, wire.ReturnChange{Status: status, At: wire.Time(time.Now()), Message: message}))
}

// answer is a return as the API shows it, with its lines' names.
func answer(app core.App, rec *core.Record) (*Return, error) {
	order, err := shop.FindOrderRecord(app, rec.GetString("orderRef"))
	if err != nil {
		return nil, err
	}
	items, err := shop.OrderItemRecords(app, order.Id)
	if err != nil {
		return nil, err
	}
	r := &Return{ID: rec.Id, Number: rec.GetString("number"), OrderID: order.Id, OrderNumber: order.GetString("orderNumber"),
		Status: rec.GetString("status"), Source: rec.GetString("source"), Lines: []wire.ReturnLine{},
		Note: rec.GetString("note"), Message: rec.GetString("message"), RefundAmount: wire.Amount(rec.GetInt("refundCents")),
		ShippingAmount: wire.Amount(rec.GetInt("shippingCents")), RefundID: rec.GetString("refundId"),
		CreatedAt: wire.Stamp(rec.GetDateTime("created")), History: []wire.ReturnChange{}}
	_ = rec.UnmarshalJSONField("history", &r.History)
	for _, l := range storedLines(rec) {
		line := wire.ReturnLine{OrderItemID: l.OrderItemID, Quantity: l.Quantity, Reason: l.Reason, Restock: l.Restock,
			RefundAmount: wire.Amount(l.RefundCents), TaxAmount: wire.Amount(l.TaxCents), ProductName: wire.Localized{}}
		if i := slices.IndexFunc(items, func(it *core.Record) bool { return it.Id == l.OrderItemID }); i >= 0 {
			line.ProductName = field.RecordLocalized(items[i], "productName")
		}
		r.Lines = append(r.Lines, line)
	}
	return r, nil
}

// answers are records as the API shows them.
func answers(app core.App, recs []*core.Record) ([]Return, error) {
	out := make([]Return, 0, len(recs))
	for _, rec := range recs {
		r, err := answer(app, rec)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, nil
}

// Viewer is who asks for an order's returns: its customer, or an admin.
type Viewer struct {
	UserID string
	Admin  bool
}

// ForOrder lists an order's returns, oldest first. Someone else's order
// is shop.ErrOrderNotFound unless the viewer is an admin.
func ForOrder(app core.App, v Viewer, orderID string) ([]Return, error) {
	order, err := shop.FindOrderRecord(app, orderID)
	if err != nil {
		return nil, err
	}
	if !v.Admin && (v.UserID == "" || order.GetString("user") != v.UserID) {
		return nil, shop.ErrOrderNotFound
	}
	recs := []*core.Record{}
	err = app.RecordQuery(Collection).Where(dbx.HashExp{"orderRef": order.Id}).OrderBy("created ASC", "rowid ASC").All(&recs)
	if err != nil {
		return nil, err
	}
	return answers(app, recs)
}

// maxListed bounds the admins' list (newest first).
const maxListed = 500

// List is the admins' list of returns, newest first, of one status or all.
func List(app core.App, status string) ([]Return, error) {
	q := app.RecordQuery(Collection).OrderBy("created DESC", "rowid DESC").Limit(maxListed)
	if status != "" {
		if !slices.Contains([]string{StatusRequested, StatusApproved, StatusReceived, StatusRejected}, status) {
			return nil, ErrBadStatus
		}
		q = q.Where(dbx.HashExp{"status": status})
	}
	recs := []*core.Record{}
	if err := q.All(&recs); err != nil {
		return nil, err
	}
	return answers(app, recs)
}

// Get is one return (admins).
func Get(app core.App, id string) (*Return, error) {
	rec, err := db.FindRecord(app, Collection, id, ErrReturnNotFound)
	if err != nil {
		return nil, err
	}
	return answer(app, rec)
}
