package routes_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop/hire"
)

// cartHireJSON is the hire part of a cart answer.
type cartHireJSON struct {
	Items []struct {
		ID             string  `json:"id"`
		Quantity       int     `json:"quantity"`
		UnitPrice      float64 `json:"unitPrice"`
		TotalPrice     float64 `json:"totalPrice"`
		Deposit        float64 `json:"deposit"`
		AvailableStock int     `json:"availableStock"`
		Hire           *struct {
			Start     string  `json:"start"`
			End       string  `json:"end"`
			Days      int     `json:"days"`
			UnitPrice float64 `json:"unitPrice"`
		} `json:"hire"`
	} `json:"items"`
	TotalPrice float64 `json:"totalPrice"`
}

// A hire line in the cart: a hire-only product needs dates, a line carries
// its dates, days, unit price and deposit, asks for no more than is free
// (409 not_available with what is), and other dates are another line.
// Placing the order books it in the order's transaction, takes no stock
// for sale, keeps the deposit in the total and out of the subtotal; a
// second order for the last unit on those dates fails; the cancel releases
// the booking once.
func TestHireCartAndOrder(t *testing.T) {
	h := testapp.NewHarness(t)
	d := hireDates(t, h)
	p, variant := testapp.NewHireProduct(t, h.App, testapp.Hire{Fleet: 1, DayCents: 5000, DepositCents: 20000, HireOnly: true})
	stockBefore := variantStock(t, h, variant)
	customer := testapp.NewUser(t, h.App, false)
	user := customer.Token
	other := testapp.NewUser(t, h.App, false).Token
	admin := testapp.NewUser(t, h.App, true).Token
	add := func(token string, qty int, start, end string) testapp.Response {
		body := map[string]any{"productId": p.Id, "quantity": qty}
		if start != "" {
			body["hire"] = map[string]any{"start": start, "end": end}
		}
		return h.Client.Do("POST", "/api/cart/items", body, testapp.Auth(token)...)
	}
	wantError(t, add(user, 1, "", ""), http.StatusBadRequest, "hire_dates_required")
	wantError(t, add(user, 1, d(12), d(10)), http.StatusBadRequest, "validation_failed")
	var c cartHireJSON
	wantStatus(t, add(user, 1, d(10), d(11)), http.StatusOK, &c)
	if len(c.Items) != 1 || c.Items[0].Hire == nil || c.Items[0].Hire.Days != 2 || c.Items[0].Hire.UnitPrice != 100 ||
		c.Items[0].UnitPrice != 100 || c.Items[0].Deposit != 200 || c.TotalPrice != 100 {
		t.Fatalf("hire line %s", mustJSON(c))
	}
	r := add(user, 1, d(10), d(11))
	wantError(t, r, http.StatusConflict, "not_available")
	var short struct{ Available map[string]int }
	r.JSON(t, &short)
	if short.Available[variant] != 1 {
		t.Fatalf("not_available says %s", r.Body)
	}
	wantStatus(t, add(user, 1, d(20), d(21)), http.StatusOK, &c)
	if len(c.Items) != 2 {
		t.Fatalf("other dates are another line: %s", mustJSON(c))
	}
	wantStatus(t, h.Client.Do("DELETE", "/api/cart/items/"+c.Items[1].ID, nil, testapp.Auth(user)...), http.StatusOK, nil)
	wantStatus(t, add(other, 1, d(11), d(12)), http.StatusOK, nil) // a cart reserves nothing

	order := placeOrder(t, h.Client, user, orderBody())
	if order.SubtotalAmount != 100 || order.TotalAmount != order.SubtotalAmount+order.ShippingAmount+200 {
		t.Fatalf("order subtotal %v total %v shipping %v: the deposit is in the total only", order.SubtotalAmount, order.TotalAmount, order.ShippingAmount)
	}
	var mails []struct {
		Text string `db:"view"`
	}
	if err := h.App.DB().NewQuery("SELECT view FROM emails WHERE kind = 'order_placed' AND [[to]] = {:to}").
		Bind(dbx.Params{"to": customer.Record.Email()}).All(&mails); err != nil || len(mails) != 1 ||
		!strings.Contains(mails[0].Text, d(10)+" – "+d(11)) {
		t.Fatalf("the confirmation does not name the hire's dates: %+v %v", mails, err)
	}
	if got := variantStock(t, h, variant); got != stockBefore {
		t.Fatalf("the hire took stock for sale: %d, was %d", got, stockBefore)
	}
	list, err := hire.List(h.App, d(1), d(30), p.Id)
	if err != nil || len(list) != 1 || list[0].OrderID != order.ID || list[0].Status != hire.StatusReserved {
		t.Fatalf("bookings %+v %v", list, err)
	}
	r = h.Client.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(other)...)
	wantError(t, r, http.StatusConflict, "not_available")

	setStatusOK(t, h.Client, admin, order.ID, "Cancelled")
	list, _ = hire.List(h.App, d(1), d(30), p.Id)
	if len(list) != 1 || list[0].Status != hire.StatusCancelled {
		t.Fatalf("the cancel did not release the booking: %+v", list)
	}
	if got := variantStock(t, h, variant); got != stockBefore {
		t.Fatalf("the cancel restocked a hire: %d, was %d", got, stockBefore)
	}
	placeOrder(t, h.Client, other, orderBody()) // the released unit can be hired again
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Hire and sale lines mix in one order (issue 46): the sale line takes its
// stock, the hire line books its unit and takes none, the subtotal is both
// lines' prices, and the deposit is in the total only, never taxed.
func TestHireAndSaleInOneOrder(t *testing.T) {
	h := testapp.NewHarness(t)
	d := hireDates(t, h)
	p, hired := testapp.NewHireProduct(t, h.App, testapp.Hire{Fleet: 2, DayCents: 5000, DepositCents: 20000, HireOnly: true})
	sold := testapp.NewProduct(t, h.App, testapp.Product{Name: "Gaffer Tape", PriceCents: 1250, Stock: 10})
	soldVariant := testapp.DefaultVariant(t, h.App, sold.Id)
	hiredStock := variantStock(t, h, hired)
	user := testapp.NewUser(t, h.App, false).Token
	wantStatus(t, h.Client.Do("POST", "/api/cart/items", map[string]any{"productId": sold.Id, "quantity": 2}, testapp.Auth(user)...), http.StatusOK, nil)
	wantStatus(t, h.Client.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1,
		"hire": map[string]any{"start": d(10), "end": d(11)}}, testapp.Auth(user)...), http.StatusOK, nil)

	var order struct {
		ID                                                     string
		SubtotalAmount, ShippingAmount, TaxAmount, TotalAmount float64
		DepositAmount                                          float64
		Items                                                  []json.RawMessage
	}
	wantStatus(t, h.Client.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(user)...), http.StatusCreated, &order)
	if len(order.Items) != 2 || order.SubtotalAmount != 125 || order.DepositAmount != 200 ||
		order.TotalAmount != order.SubtotalAmount+order.ShippingAmount+order.TaxAmount+200 {
		t.Fatalf("the order: %+v", order)
	}
	if got := variantStock(t, h, soldVariant); got != 8 {
		t.Errorf("the sale line took %d units of stock, want 2", 10-got)
	}
	if got := variantStock(t, h, hired); got != hiredStock {
		t.Errorf("the hire line took stock for sale: %d, was %d", got, hiredStock)
	}
	list, err := hire.List(h.App, d(1), d(30), p.Id)
	if err != nil || len(list) != 1 || list[0].OrderID != order.ID || list[0].Quantity != 1 {
		t.Fatalf("bookings %+v %v", list, err)
	}
}

// A hire line costs an order's transaction one statement more than a
// second sale line (issue 46: an order with hire lines within 90 % of a
// sale order's orders/s): its terms and bookings are read once, in the
// order's transaction, and its booking is saved without the record's
// look-ups; the booking's INSERT, the terms' and the bookings' reads
// stand beside the sale line's stock UPDATE and its webhook count. They
// were read twice and the booking validated with three look-ups: six
// more.
func TestHireOrderStatementsAsASaleOrder(t *testing.T) {
	h := testapp.NewHarness(t)
	d := hireDates(t, h)
	p1 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 4000, Stock: 100})
	p2 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 2500, Stock: 100})
	hired, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Fleet: 10, DayCents: 2500, DepositCents: 10000, BufferDays: 1, HireOnly: true})
	// Only the write connection's: the order's transaction, without the
	// catalog's reads after the commit, which run when they run.
	writes := h.App.NonconcurrentDB().(*dbx.DB)
	var n atomic.Int64
	prevQ, prevE := writes.QueryLogFunc, writes.ExecLogFunc
	writes.QueryLogFunc = func(context.Context, time.Duration, string, *sql.Rows, error) { n.Add(1) }
	writes.ExecLogFunc = func(context.Context, time.Duration, string, sql.Result, error) { n.Add(1) }
	defer func() { writes.QueryLogFunc, writes.ExecLogFunc = prevQ, prevE }()
	statements := func(withHire bool) int64 {
		u := testapp.NewUser(t, h.App, false)
		addLine(t, h.Client, u.Token, p1.Id, 1)
		if withHire {
			wantStatus(t, h.Client.Do("POST", "/api/cart/items", map[string]any{"productId": hired.Id, "quantity": 2,
				"hire": map[string]any{"start": d(10), "end": d(12)}}, testapp.Auth(u.Token)...), http.StatusOK, nil)
		} else {
			addLine(t, h.Client, u.Token, p2.Id, 2)
		}
		n0 := n.Load()
		wantStatus(t, h.Client.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...), http.StatusCreated, nil)
		return n.Load() - n0
	}
	statements(false) // the first order reads what later ones keep
	statements(true)
	sale, withHire := statements(false), statements(true)
	if withHire > sale+1 {
		t.Fatalf("an order with a hire line ran %d statements in its transaction, one with a second sale line %d", withHire, sale)
	}
}
