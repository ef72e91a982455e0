package quote

import (
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/wire"
)

// Collection holds the quotes.
const Collection = "quotes"

// Statuses of a quote.
const (
	StatusRequested = "requested"
	StatusSent      = "sent"
	StatusAccepted  = "accepted"
	StatusDeclined  = "declined"
	StatusExpired   = "expired"
	StatusWithdrawn = "withdrawn"
)

// Statuses lists them all.
var Statuses = []string{StatusRequested, StatusSent, StatusAccepted, StatusDeclined, StatusExpired, StatusWithdrawn}

// Who took a step.
const (
	ByCustomer = "customer"
	ByAdmin    = "admin"
	ByShop     = "shop"
)

// Quote is an answer shape (shop/wire).
type Quote = wire.Quote

// storedLine is a product line as a quote keeps it (quotes.lines).
type storedLine struct {
	ProductID   string         `json:"productId"`
	VariantID   string         `json:"variantId"`
	SKU         string         `json:"sku"`
	Name        wire.Localized `json:"name"`
	Label       wire.Localized `json:"label"`
	Quantity    int            `json:"quantity"`
	HireStart   string         `json:"hireStart,omitempty"`
	HireEnd     string         `json:"hireEnd,omitempty"`
	Days        int            `json:"days,omitempty"`
	ListCents   int64          `json:"listCents"`
	UnitCents   int64          `json:"unitCents"`
	Deposit     int64          `json:"depositCents,omitempty"`
	TaxClass    string         `json:"taxClass"`
	WeightGrams int64          `json:"weightGrams"`
	FreightOnly bool           `json:"freightOnly,omitempty"`
}

// storedService is a service line as a quote keeps it.
type storedService struct {
	Name     wire.Localized `json:"name"`
	Cents    int64          `json:"amountCents"`
	TaxClass string         `json:"taxClass"`
}

// linesOf and servicesOf read a quote's stored lines.
func linesOf(rec *core.Record) []storedLine {
	out := []storedLine{}
	_ = rec.UnmarshalJSONField("lines", &out)
	return out
}

func servicesOf(rec *core.Record) []storedService {
	out := []storedService{}
	_ = rec.UnmarshalJSONField("serviceLines", &out)
	return out
}

func historyOf(rec *core.Record) []wire.QuoteChange {
	h := []wire.QuoteChange{}
	_ = rec.UnmarshalJSONField("history", &h)
	return h
}

func shippingOf(rec *core.Record) shop.ShippingInfo {
	var s shop.ShippingInfo
	_ = rec.UnmarshalJSONField("shipping", &s)
	return s
}

// addHistory appends a step to the quote's history.
func addHistory(rec *core.Record, c wire.QuoteChange) {
	c.At, c.Revision = wire.Time(time.Now()), rec.GetInt("revision")
	if c.Status == "" {
		c.Status = rec.GetString("status")
	}
	rec.Set("history", append(historyOf(rec), c))
}

// answer is a quote as the API shows it.
func answer(app core.App, rec *core.Record) *Quote {
	q := &Quote{ID: rec.Id, Number: rec.GetString("number"), Status: rec.GetString("status"), Revision: rec.GetInt("revision"),
		Lines: []wire.QuoteLine{}, ServiceLines: []wire.QuoteServiceLine{},
		EventName: rec.GetString("eventName"), EventDate: rec.GetString("eventDate"), Venue: rec.GetString("venue"),
		Message: rec.GetString("message"), ShippingInfo: shippingOf(rec), ValidUntil: wire.Stamp(rec.GetDateTime("validUntil")),
		PONumber: rec.GetString("poNumber"), DeclineReason: rec.GetString("declineReason"),
		Subtotal: wire.Amount(rec.GetInt("subtotalCents")), DiscountAmount: wire.Amount(rec.GetInt("discountCents")),
		ShippingAmount: wire.Amount(rec.GetInt("shippingCents")), TaxAmount: wire.Amount(rec.GetInt("taxCents")),
		DepositAmount: wire.Amount(rec.GetInt("depositCents")), Total: wire.Amount(rec.GetInt("totalCents")),
		OrderID: rec.GetString("orderRef"), CreatedAt: wire.Stamp(rec.GetDateTime("created")), History: historyOf(rec)}
	for _, l := range linesOf(rec) {
		line := wire.QuoteLine{ProductID: l.ProductID, VariantID: l.VariantID, SKU: l.SKU, ProductName: l.Name, VariantLabel: l.Label,
			Quantity: l.Quantity, ListPrice: wire.Amount(l.ListCents), UnitPrice: wire.Amount(l.UnitCents),
			LineTotal: wire.Amount(l.UnitCents * int64(l.Quantity)), Deposit: wire.Amount(l.Deposit), TaxClass: l.TaxClass}
		if l.HireStart != "" {
			line.Hire = &wire.QuoteHire{Start: l.HireStart, End: l.HireEnd, Days: l.Days}
		}
		q.Lines = append(q.Lines, line)
	}
	for _, s := range servicesOf(rec) {
		q.ServiceLines = append(q.ServiceLines, wire.QuoteServiceLine{Name: s.Name, Amount: wire.Amount(s.Cents), TaxClass: s.TaxClass})
	}
	if q.OrderID != "" {
		if o, err := shop.FindOrderRecord(app, q.OrderID); err == nil {
			q.OrderNumber = o.GetString("orderNumber")
		}
	}
	if u, err := app.FindRecordById("users", rec.GetString("user")); err == nil {
		q.CustomerEmail = u.Email()
		q.CustomerName = u.GetString("firstName") + " " + u.GetString("lastName")
	}
	return q
}

// answers are records as the API shows them.
func answers(app core.App, recs []*core.Record) []Quote {
	out := make([]Quote, 0, len(recs))
	for _, rec := range recs {
		out = append(out, *answer(app, rec))
	}
	return out
}

// maxListed bounds a list (newest first).
const maxListed = 500

// Mine lists the customer's quotes, newest first.
func Mine(app core.App, userID string) ([]Quote, error) {
	recs := []*core.Record{}
	err := app.RecordQuery(Collection).Where(dbx.HashExp{"user": userID}).
		OrderBy("created DESC", "rowid DESC").Limit(maxListed).All(&recs)
	return answers(app, recs), err
}

// List is the admins' list, newest first, of one status or all.
func List(app core.App, status string) ([]Quote, error) {
	q := app.RecordQuery(Collection).OrderBy("created DESC", "rowid DESC").Limit(maxListed)
	if status != "" {
		if !slices.Contains(Statuses, status) {
			return nil, ErrBadStatus
		}
		q = q.Where(dbx.HashExp{"status": status})
	}
	recs := []*core.Record{}
	if err := q.All(&recs); err != nil {
		return nil, err
	}
	return answers(app, recs), nil
}

// Viewer is who asks for a quote: its customer, or an admin.
type Viewer struct {
	UserID string
	Admin  bool
}

// find is a quote the viewer may see; someone else's is ErrNotFound.
func find(app core.App, v Viewer, id string) (*core.Record, error) {
	rec, err := db.FindRecord(app, Collection, id, ErrNotFound)
	if err != nil {
		return nil, err
	}
	if !v.Admin && (v.UserID == "" || rec.GetString("user") != v.UserID) {
		return nil, ErrNotFound
	}
	return rec, nil
}

// Get is one quote the viewer may see.
func Get(app core.App, v Viewer, id string) (*Quote, error) {
	rec, err := find(app, v, id)
	if err != nil {
		return nil, err
	}
	return answer(app, rec), nil
}
