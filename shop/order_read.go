package shop

import (
	"encoding/json"
	"math"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/account"
	"stageshop/shop/field"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// summaryOf reads the summary fields of an order record, as if no refund
// were open (orderDetail reads them).
func summaryOf(rec *core.Record) OrderSummary {
	return OrderSummary{
		ID:                 rec.Id,
		OrderNumber:        rec.GetString("orderNumber"),
		CustomerName:       rec.GetString("customerName"),
		CustomerEmail:      rec.GetString("customerEmail"),
		SubtotalAmount:     Amount(int64(rec.GetFloat("subtotalCents"))),
		ShippingMethod:     rec.GetString("shippingMethod"),
		ShippingMethodName: methodNameOf(rec.GetString("shippingMethodName")),
		ShippingAmount:     Amount(int64(rec.GetFloat("shippingCents"))),
		DiscountAmount:     Amount(int64(rec.GetFloat("discountCents"))),
		Discounts:          discountsOf(rec.GetString("discounts")),
		TaxAmount:          Amount(int64(rec.GetFloat("taxCents"))),
		TotalAmount:        Amount(int64(rec.GetFloat("totalCents"))),
		DepositAmount:      Amount(int64(rec.GetFloat("depositCents"))),
		ItemCount:          rec.GetInt("itemCount"),
		Status:             rec.GetString("status"),
		CreatedAt:          wire.Stamp(rec.GetDateTime("created")),
		InvoiceNumber:      rec.GetString("invoiceNumber"),
		QuoteNumber:        rec.GetString("quoteNumber"),
		Payment:            paymentOf(rec, 0),
	}
}

// methodNameOf reads an order's stored method name (JSON), nil for none.
func methodNameOf(raw string) Localized {
	var name Localized
	if json.Unmarshal([]byte(raw), &name) != nil || len(name) == 0 {
		return nil
	}
	return name
}

// orderTaxOf reads how an order was taxed.
func orderTaxOf(rec *core.Record) OrderTax {
	t := OrderTax{TaxLines: []tax.Line{}, PricesIncludeTax: rec.GetBool("pricesIncludeTax"),
		TaxExempt: rec.GetBool("taxExempt"), ShippingTax: Amount(rec.GetInt("shippingTaxCents"))}
	var stored []storedTaxLine
	_ = rec.UnmarshalJSONField("taxLines", &stored)
	for _, l := range stored {
		t.TaxLines = append(t.TaxLines, tax.Line{Name: l.Name, Rate: rateOf(l.Rate), Base: Amount(l.BaseCents), Amount: Amount(l.AmountCents)})
	}
	t.TaxRows = wire.TaxRows(t.TaxLines, t.PricesIncludeTax, t.TaxExempt, Amount(int64(rec.GetFloat("taxCents"))))
	t.ShippingTaxRate = rateOf(rec.GetFloat("shippingTaxRate"))
	if at := rec.GetDateTime("invoicedAt"); !at.IsZero() {
		t.InvoicedAt = wire.Stamp(at)
	}
	return t
}

// orderSummaryRow is one row of an order list query.
type orderSummaryRow struct {
	ID             string         `db:"id"`
	OrderNumber    string         `db:"orderNumber"`
	CustomerName   string         `db:"customerName"`
	CustomerEmail  string         `db:"customerEmail"`
	SubtotalCents  float64        `db:"subtotalCents"`
	ShippingMethod string         `db:"shippingMethod"`
	MethodName     types.JSONRaw  `db:"shippingMethodName"`
	ShippingCents  float64        `db:"shippingCents"`
	DiscountCents  float64        `db:"discountCents"`
	Discounts      types.JSONRaw  `db:"discounts"`
	TaxCents       float64        `db:"taxCents"`
	TotalCents     float64        `db:"totalCents"`
	ItemCount      float64        `db:"itemCount"`
	Status         string         `db:"status"`
	Created        types.DateTime `db:"created"`
	InvoiceNumber  string         `db:"invoiceNumber"`
	QuoteNumber    string         `db:"quoteNumber"`
	paymentRow
}

// summary converts a list row.
func (r orderSummaryRow) summary() OrderSummary {
	return OrderSummary{
		ID: r.ID, OrderNumber: r.OrderNumber, CustomerName: r.CustomerName, CustomerEmail: r.CustomerEmail,
		SubtotalAmount: Amount(int64(math.Round(r.SubtotalCents))), ShippingMethod: r.ShippingMethod,
		ShippingMethodName: methodNameOf(string(r.MethodName)),
		ShippingAmount:     Amount(int64(math.Round(r.ShippingCents))),
		DiscountAmount:     Amount(int64(math.Round(r.DiscountCents))),
		Discounts:          discountsOf(string(r.Discounts)),
		TaxAmount:          Amount(int64(math.Round(r.TaxCents))),
		TotalAmount:        Amount(int64(math.Round(r.TotalCents))), ItemCount: int(math.Round(r.ItemCount)),
		Status: r.Status, CreatedAt: wire.Stamp(r.Created), InvoiceNumber: r.InvoiceNumber, QuoteNumber: r.QuoteNumber, Payment: r.payment(),
	}
}

// summaryColumns are the columns of orderSummaryRow.
var summaryColumns = []string{"id", "orderNumber", "customerName", "customerEmail", "subtotalCents",
	"shippingMethod", "shippingMethodName", "shippingCents", "discountCents", "discounts", "taxCents", "totalCents", "itemCount", "status", "created", "invoiceNumber", "quoteNumber",
	"paymentMethod", "paymentStatus", "amountDueCents", "amountPaidCents", "amountRefundedCents", "paidAt",
	"dueDate", "poNumber", "paymentReference", "holdUntil", "paymentFlag", openRefundsColumn}

// listOrders reads order summaries, newest first, in one query.
func listOrders(app core.App, where dbx.Expression) ([]OrderSummary, error) {
	var rows []orderSummaryRow
	q := app.DB().Select(summaryColumns...).
		From(OrdersCollection).OrderBy("created DESC", "rowid DESC")
	if where != nil {
		q = q.Where(where)
	}
	if err := q.All(&rows); err != nil {
		return nil, err
	}
	out := make([]OrderSummary, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.summary())
	}
	return out, nil
}

// ListUserOrders returns the user's own orders, newest first.
func ListUserOrders(app core.App, userID string) ([]OrderSummary, error) {
	if userID == "" {
		return []OrderSummary{}, nil
	}
	return listOrders(app, dbx.HashExp{"user": userID})
}

// GetUserOrder returns one of the user's own orders; anyone else's is
// ErrOrderNotFound.
func GetUserOrder(app core.App, userID, orderID string) (*OrderDetail, error) {
	rec, err := findOrder(app, orderID)
	if err != nil {
		return nil, err
	}
	if userID == "" || rec.GetString("user") != userID {
		return nil, ErrOrderNotFound
	}
	return orderDetail(app, rec)
}

// GetOrder returns any order (admins), with its payment attempts and
// refunds.
func GetOrder(app core.App, orderID string) (*OrderDetail, error) {
	_, d, err := findOrderDetail(app, orderID)
	if err != nil {
		return nil, err
	}
	return d, withAdminFields(app, d)
}

// findOrderDetail is an order's record and detail (ErrOrderNotFound).
func findOrderDetail(app core.App, orderID string) (*core.Record, *OrderDetail, error) {
	rec, err := findOrder(app, orderID)
	if err != nil {
		return nil, nil, err
	}
	d, err := orderDetail(app, rec)
	return rec, d, err
}

// withAdminPayment adds what only admins see of a payment.
func withAdminPayment(app core.App, d *OrderDetail) error {
	var err error
	if d.Payment.Attempts, err = paymentAttempts(app, d.ID); err != nil {
		return err
	}
	d.Payment.Refunds, err = orderRefunds(app, d.ID)
	return err
}

// findOrder loads an order record or answers ErrOrderNotFound.
func findOrder(app core.App, orderID string) (*core.Record, error) {
	return db.FindRecord(app, OrdersCollection, orderID, ErrOrderNotFound)
}

// orderItems reads the line snapshots of an order.
func orderItems(app core.App, orderID string) ([]*core.Record, error) {
	// In the order they were written (the cart's order); without ORDER BY
	// SQLite may follow whichever index it picks.
	recs := []*core.Record{}
	err := app.RecordQuery(OrderItemsCollection).Where(dbx.HashExp{"orderRef": orderID}).OrderBy("rowid ASC").All(&recs)
	return recs, err
}

// orderDetail reads an order's lines and builds its detail.
func orderDetail(app core.App, rec *core.Record) (*OrderDetail, error) {
	items, err := orderItems(app, rec.Id)
	if err != nil {
		return nil, err
	}
	notes, err := orderCreditNotes(app, rec.Id)
	if err != nil {
		return nil, err
	}
	open, err := openRefundCents(app, rec.Id)
	if err != nil {
		return nil, err
	}
	d := &OrderDetail{OrderSummary: summaryOf(rec), Items: make([]OrderItem, 0, len(items)),
		TrackingNumber: rec.GetString("trackingNumber"), History: historyOf(rec), OrderTax: orderTaxOf(rec),
		CreditNotes: notes, ShippingQuote: rec.GetString("shippingQuote"), WeightKg: wire.Grams(rec.GetInt("weightGrams")),
		Carrier: rec.GetString("carrier"), TrackingURL: TrackingURL(rec.GetString("carrier"), rec.GetString("trackingNumber"))}
	d.Payment = paymentOf(rec, open)
	if d.Payment.Events, err = paymentTimeline(app, rec.Id); err != nil {
		return nil, err
	}
	_ = rec.UnmarshalJSONField("shipping", &d.Shipping)
	_ = rec.UnmarshalJSONField("billing", &d.Billing)
	d.Billing.CompanyName, d.Billing.TaxID = rec.GetString("companyName"), rec.GetString("taxId")
	for _, it := range items {
		name, _ := field.ParseLocalized(field.JSONValue(it.Get("productName")))
		label, _ := field.ParseLocalized(field.JSONValue(it.Get("variantLabel")))
		d.Items = append(d.Items, OrderItem{
			ID:                    it.Id,
			ProductID:             it.GetString("productId"),
			VariantID:             it.GetString("variantId"),
			SKU:                   it.GetString("sku"),
			ProductName:           name,
			VariantLabel:          label.Get("en", ""),
			VariantLabelLocalized: label,
			ProductImage:          it.GetString("productImage"),
			Quantity:              it.GetInt("quantity"),
			UnitPrice:             Amount(int64(it.GetFloat("unitPriceCents"))),
			TotalPrice:            Amount(int64(it.GetFloat("totalCents"))),
			DiscountAmount:        Amount(it.GetInt("discountCents")),
			TaxClass:              tax.ClassOf(it.GetString("taxClass")),
			TaxRate:               rateOf(it.GetFloat("taxRate")),
			TaxAmount:             Amount(it.GetInt("taxCents")),
			Hire:                  orderHireOf(it.GetString("hireStart"), it.GetString("hireEnd"), it.GetInt("depositCents")),
		})
	}
	return d, nil
}

// rateOf reads a stored rate in percent (0 when it is not one).
func rateOf(percent float64) tax.Rate {
	r, _ := tax.RateFromPercent(percent)
	return r
}

// storedTaxLine is a tax.Line as an order record keeps it: the rate in
// percent, money in cents like every amount in the database.
type storedTaxLine struct {
	Name        string  `json:"name"`
	Rate        float64 `json:"rate"`
	BaseCents   int64   `json:"baseCents"`
	AmountCents int64   `json:"amountCents"`
}

// storedTaxLines converts tax lines for an order record.
func storedTaxLines(lines []tax.Line) []storedTaxLine {
	out := make([]storedTaxLine, len(lines))
	for i, l := range lines {
		out[i] = storedTaxLine{Name: l.Name, Rate: l.Rate.Percent(), BaseCents: int64(l.Base), AmountCents: int64(l.Amount)}
	}
	return out
}

// ListCustomerOrders returns a user's orders, newest first (admins); an
// unknown user is ErrUserNotFound.
func ListCustomerOrders(app core.App, userID string) ([]OrderSummary, error) {
	if _, err := account.FindUser(app, userID); err != nil {
		return nil, err
	}
	return ListUserOrders(app, userID)
}

// orderHireOf is a line's hire (nil for a sale line, which has no dates).
func orderHireOf(start, end string, depositCents int) *wire.OrderHire {
	if start == "" {
		return nil
	}
	return &wire.OrderHire{Start: start, End: end, Deposit: Amount(depositCents)}
}
