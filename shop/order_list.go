package shop

import (
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
)

// maxOrdersPageSize is the largest page of the admin orders list.
const maxOrdersPageSize = 100

// dateLayout is how the admin's date range is written (UTC days).
const dateLayout = "2006-01-02"

// OrderFilter narrows the admin orders list and the CSV export: status,
// a search in order number, customer name and e-mail, and an inclusive
// range of UTC dates. Page 0 means every matching order.
// A negative Page or PageSize stands for a value that was not a whole
// number (the routes' query parsing).
type OrderFilter struct {
	Status string `json:"status"`
	// PaymentMethod and PaymentStatus narrow to one method or payment state.
	PaymentMethod string `json:"paymentMethod"`
	PaymentStatus string `json:"paymentStatus"`
	Search        string `json:"search"`
	From          string `json:"from"`
	To            string `json:"to"`
	Page          int    `json:"page"`
	PageSize      int    `json:"pageSize"`
	// Language names countries in the CSV export (en when empty).
	Language string `json:"lang"`
}

// Validate checks the filter; errors are keyed by the query's names.
func (f OrderFilter) Validate() error {
	date := validation.Date(dateLayout).Error("Must be a date such as 2026-11-22")
	return validation.ValidateStruct(&f,
		validation.Field(&f.Status, validation.In(field.AnySlice(orderStatuses)...).Error("Status must be one of "+strings.Join(orderStatuses, ", "))),
		validation.Field(&f.PaymentMethod, validation.In(field.AnySlice(PaymentMethods)...).
			Error("Payment method must be one of "+strings.Join(PaymentMethods, ", "))),
		validation.Field(&f.PaymentStatus, validation.In(field.AnySlice(PaymentStatuses)...).
			Error("Payment status must be one of "+strings.Join(PaymentStatuses, ", "))),
		validation.Field(&f.Search, validation.RuneLength(0, 200)),
		validation.Field(&f.From, date),
		validation.Field(&f.To, date, validation.By(func(any) error {
			if f.From != "" && f.To != "" && f.To < f.From && validation.Validate(f.From, date) == nil {
				return validation.NewError("validation_date_range", "Must not be before from")
			}
			return nil
		})),
		validation.Field(&f.Page, validation.Min(0).ErrorObject(validation.NewError("validation_min", "Must be a whole number of at least 1")),
			validation.Max(1_000_000)),
		validation.Field(&f.PageSize, validation.Min(0).ErrorObject(validation.NewError("validation_page_size", fmt.Sprintf("Must be a whole number from 1 to %d", maxOrdersPageSize))),
			validation.Max(maxOrdersPageSize).ErrorObject(validation.NewError("validation_page_size", fmt.Sprintf("Must be a whole number from 1 to %d", maxOrdersPageSize)))),
	)
}

// where is the filter as a query condition on the orders table (nil for
// none); p prefixes the column names ("o." in a join).
func (f OrderFilter) where(p string) dbx.Expression {
	var conds []dbx.Expression
	if f.Status != "" {
		conds = append(conds, dbx.HashExp{p + "status": f.Status})
	}
	if f.PaymentMethod != "" {
		conds = append(conds, dbx.HashExp{p + "paymentMethod": f.PaymentMethod})
	}
	if f.PaymentStatus != "" {
		conds = append(conds, dbx.HashExp{p + "paymentStatus": f.PaymentStatus})
	}
	if s := strings.TrimSpace(f.Search); s != "" {
		conds = append(conds, dbx.Or(dbx.Like(p+"orderNumber", s), dbx.Like(p+"customerName", s), dbx.Like(p+"customerEmail", s)))
	}
	// created is stored as "2026-11-22 10:00:00.000Z", so day bounds compare as text.
	if f.From != "" {
		conds = append(conds, dbx.NewExp(p+"created >= {:from}", dbx.Params{"from": f.From + " 00:00:00.000Z"}))
	}
	if f.To != "" {
		to, _ := time.Parse(dateLayout, f.To)
		conds = append(conds, dbx.NewExp(p+"created < {:to}", dbx.Params{"to": to.AddDate(0, 0, 1).Format(dateLayout) + " 00:00:00.000Z"}))
	}
	if len(conds) == 0 {
		return nil
	}
	return dbx.And(conds...)
}

// ListOrders returns the orders that match the filter, newest first, one
// page of them when f.Page > 0 (pageSize 20 unless given), and how many
// match in all. Bad filters are validation.Errors.
func ListOrders(app core.App, f OrderFilter) ([]OrderSummary, int, error) {
	if err := f.Validate(); err != nil {
		return nil, 0, err
	}
	where := f.where("")
	var total int
	q := app.DB().Select("COUNT(*)").From(OrdersCollection)
	if where != nil {
		q = q.Where(where)
	}
	if err := q.Row(&total); err != nil {
		return nil, 0, err
	}
	list := app.DB().Select(summaryColumns...).From(OrdersCollection).OrderBy("created DESC", "rowid DESC")
	if where != nil {
		list = list.Where(where)
	}
	if f.Page > 0 {
		size := f.PageSize
		if size == 0 {
			size = 20
		}
		list = list.Limit(int64(size)).Offset(int64((f.Page - 1) * size))
	}
	var rows []orderSummaryRow
	if err := list.All(&rows); err != nil {
		return nil, 0, err
	}
	out := make([]OrderSummary, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.summary())
	}
	return out, total, nil
}
