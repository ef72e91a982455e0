package shop_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/locale"
	"stageshop/shop/mail"
	"stageshop/shop/promo"
	"stageshop/shop/tax"
)

// newPromotion saves a promotion with the terms given (live, combinable
// unless changed) and returns its id.
func newPromotion(t *testing.T, app core.App, terms promo.Terms) string {
	t.Helper()
	if terms.Name == nil {
		terms.Name = []byte(`{"en":"Venue deal","ru":"Скидка для площадок","zh":"场馆优惠"}`)
	}
	if terms.Target == "" {
		terms.Target = promo.TargetOrder
	}
	p, err := promo.Create(app, terms)
	if err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// applyCode puts code on the user's cart, as POST /api/cart/discount does.
func applyCode(t *testing.T, app core.App, userID, code string) {
	t.Helper()
	_, err := app.DB().Update("carts", dbx.Params{"promoCode": code}, dbx.HashExp{"user": userID}).Execute()
	if err != nil {
		t.Fatal(err)
	}
}

// An automatic 10 % off the order: the lines keep their price and get
// their share (largest remainder, adding up to the discount), tax is on
// each discounted line, and totalAmount = subtotal - discount + shipping +
// tax, in the answer and as stored.
func TestOrderDiscountTaxedOnDiscountedLines(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	newPromotion(t, app, promo.Terms{Automatic: true, Kind: promo.Percentage, Value: "10", Combinable: true})
	u := testapp.NewUser(t, app, false)
	mic := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 10})
	book := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1999, Stock: 10, TaxClass: tax.Zero})
	cartOf(t, app, u.ID(), 1, book)
	cartOf(t, app, u.ID(), 3, mic)

	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	// 10 % of $49.99 is $5.00 (499.9 cents, half up); shared 1999:3000 it is
	// 199.94 and 300.06: 200 and 300. Tax: 6.25 % of $27.00 = $1.69 (1.6875).
	check := func(what string, d *shop.OrderDetail) {
		t.Helper()
		if d.SubtotalAmount != 4999 || d.DiscountAmount != 500 || d.ShippingAmount != 999 || d.TaxAmount != 169 ||
			d.TotalAmount != 4999-500+999+169 || d.Payment.AmountDue != d.TotalAmount {
			t.Fatalf("%s: %+v", what, d.OrderSummary)
		}
		if len(d.Discounts) != 1 || d.Discounts[0].Amount != 500 || d.Discounts[0].Code != "" || d.Discounts[0].Name.Get("ru", "") != "Скидка для площадок" {
			t.Fatalf("%s: discounts %+v", what, d.Discounts)
		}
		if d.Items[0].TotalPrice != 1999 || d.Items[0].DiscountAmount != 200 || d.Items[0].TaxAmount != 0 ||
			d.Items[1].TotalPrice != 3000 || d.Items[1].DiscountAmount != 300 || d.Items[1].TaxAmount != 169 {
			t.Fatalf("%s: items %+v", what, d.Items)
		}
		if len(d.TaxLines) != 1 || d.TaxLines[0].Base != 2700 {
			t.Fatalf("%s: tax lines %+v", what, d.TaxLines)
		}
	}
	check("placed", o)
	stored, err := shop.GetOrder(app, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	check("stored", stored)
	list, err := shop.ListUserOrders(app, u.ID())
	if err != nil || len(list) != 1 || list[0].DiscountAmount != 500 || len(list[0].Discounts) != 1 || list[0].TotalAmount != o.TotalAmount {
		t.Fatalf("list %+v, %v", list, err)
	}
}

// The cart's code with free shipping: the method is free (shippingAmount
// 0), the discount lists the shipping it saves, which is not also in
// discountAmount; the order keeps the code and name as they were when it
// was placed, through a later edit and the promotion's deletion.
func TestOrderKeepsCodeAndNameAsPlaced(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, promo.Terms{Code: "shipfree", Kind: promo.FreeShipping, Combinable: true})
	u := testapp.NewUser(t, app, false)
	cartOf(t, app, u.ID(), 2, testapp.NewProduct(t, app, testapp.Product{PriceCents: 2500, Stock: 10}))
	applyCode(t, app, u.ID(), "SHIPFREE")

	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	if o.ShippingAmount != 0 || o.DiscountAmount != 0 || o.TotalAmount != 5000 || len(o.Discounts) != 1 ||
		o.Discounts[0].Code != "SHIPFREE" || o.Discounts[0].Amount != 999 {
		t.Fatalf("order %+v discounts %+v", o.OrderSummary, o.Discounts)
	}
	if _, err := promo.Update(app, id, promo.Terms{Code: "SHIPFREE2", Name: []byte(`{"en":"Renamed"}`), Kind: promo.FreeShipping,
		Target: promo.TargetOrder, Combinable: true}); err != nil {
		t.Fatal(err)
	}
	if err := promo.Delete(app, id); err != nil {
		t.Fatal(err)
	}
	stored, err := shop.GetOrder(app, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Discounts) != 1 || stored.Discounts[0].Code != "SHIPFREE" || stored.Discounts[0].Name.Get("en", "") != "Venue deal" ||
		stored.TotalAmount != 5000 {
		t.Fatalf("after edit and delete: %+v %+v", stored.OrderSummary, stored.Discounts)
	}
}

// Free shipping is only where the address is domestic: to Canada the
// international method is charged and no discount is listed.
func TestFreeShippingIsDomesticOnly(t *testing.T) {
	app := testapp.New(t)
	newPromotion(t, app, promo.Terms{Automatic: true, Kind: promo.FreeShipping, Combinable: true})
	u := testapp.NewUser(t, app, false)
	cartOf(t, app, u.ID(), 1, testapp.NewProduct(t, app, testapp.Product{PriceCents: 2500, Stock: 10}))
	in := texasInput()
	in.Shipping.Country, in.Shipping.State, in.ShippingMethod = "CA", "ON", "intl_standard"
	o, err := shop.PlaceOrder(app, u.ID(), in)
	if err != nil {
		t.Fatal(err)
	}
	if o.ShippingAmount != 4999 || len(o.Discounts) != 0 || o.TotalAmount != 2500+4999 {
		t.Fatalf("abroad: %+v %+v", o.OrderSummary, o.Discounts)
	}
}

// A single-use code: the first order counts its use; the next shopper who
// reviewed the discounted total gets total_changed (the code is used up),
// and without an expected total the order is placed without it. Cancelling
// the first order before it is paid gives the use back, once.
func TestSingleUseCodeAndCancelGivesItBack(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, promo.Terms{Code: "TOURING25", Kind: promo.Fixed, Value: "25", UsageLimit: 1, Combinable: true})
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 10000, Stock: 10})
	a, b := testapp.NewUser(t, app, false), testapp.NewUser(t, app, false)
	for _, u := range []string{a.ID(), b.ID()} {
		cartOf(t, app, u, 1, p)
		applyCode(t, app, u, "touring25")
	}
	first, err := shop.PlaceOrder(app, a.ID(), texasInput())
	if err != nil || first.DiscountAmount != 2500 || first.TotalAmount != 10000-2500+999 || testapp.TimesUsed(t, app, id) != 1 {
		t.Fatalf("first %+v, %v, used %d", first, err, testapp.TimesUsed(t, app, id))
	}
	in := texasInput()
	in.ExpectedTotal = "84.99"
	_, err = shop.PlaceOrder(app, b.ID(), in)
	if changed, ok := errors.AsType[*shop.TotalChangedError](err); !ok || changed.Total != 10999 || changed.Discount != 0 {
		t.Fatalf("second with the discounted total: %v", err)
	}
	if _, err := shop.CancelOwnOrder(app, a.ID(), first.ID); err != nil {
		t.Fatal(err)
	}
	if n := testapp.TimesUsed(t, app, id); n != 0 || testapp.Count(t, app, promo.UsesCollection) != 0 {
		t.Fatalf("after the cancel: used %d", n)
	}
	// Reviving and cancelling again gives nothing back twice.
	if _, err := shop.UpdateOrderStatus(app, first.ID, shop.StatusUpdate{Status: shop.StatusCreated}); err != nil {
		t.Fatal(err)
	}
	if _, err := shop.UpdateOrderStatus(app, first.ID, shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
		t.Fatal(err)
	}
	if n := testapp.TimesUsed(t, app, id); n != 0 {
		t.Fatalf("second cancel: used %d", n)
	}
	second, err := shop.PlaceOrder(app, b.ID(), in)
	if err != nil || second.DiscountAmount != 2500 || testapp.TimesUsed(t, app, id) != 1 {
		t.Fatalf("after the use came back: %+v, %v", second, err)
	}
}

// A paid order that is cancelled keeps its use: the discount was given.
func TestPaidCancelKeepsTheUse(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, promo.Terms{Code: "PAIDUP", Kind: promo.Percentage, Value: "5", Combinable: true})
	u := testapp.NewUser(t, app, false)
	cartOf(t, app, u.ID(), 1, testapp.NewProduct(t, app, testapp.Product{PriceCents: 10000, Stock: 10}))
	applyCode(t, app, u.ID(), "PAIDUP")
	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	payInFull(t, app, o)
	if _, err := shop.UpdateOrderStatus(app, o.ID, shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
		t.Fatal(err)
	}
	if n := testapp.TimesUsed(t, app, id); n != 1 {
		t.Fatalf("paid and cancelled: used %d", n)
	}
}

// A promotion edited between the review and the order makes the order 409
// total_changed, and nothing changes.
func TestEditedPromotionIsTotalChanged(t *testing.T) {
	app := testapp.New(t)
	terms := promo.Terms{Automatic: true, Kind: promo.Fixed, Value: "10", Combinable: true}
	id := newPromotion(t, app, terms)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 5000, Stock: 10})
	u := testapp.NewUser(t, app, false)
	cartOf(t, app, u.ID(), 1, p)
	terms.Value, terms.Name, terms.Target = "5", []byte(`"Venue deal"`), promo.TargetOrder
	if _, err := promo.Update(app, id, terms); err != nil {
		t.Fatal(err)
	}
	in := texasInput()
	in.ExpectedTotal = "49.99" // 50.00 - 10.00 + 9.99, as reviewed
	_, err := shop.PlaceOrder(app, u.ID(), in)
	if changed, ok := errors.AsType[*shop.TotalChangedError](err); !ok || changed.Total != 5499 || changed.Discount != 500 {
		t.Fatalf("edited: %v", err)
	}
	if testapp.Count(t, app, "orders") != 0 || testapp.Stock(t, app, p.Id) != 10 || testapp.TimesUsed(t, app, id) != 0 {
		t.Fatal("a refused order changed something")
	}
}

// Vendure PR #4660 and Magento #31798 through checkout: twenty shoppers
// place orders at once with a code of limit 1, each having
// reviewed the discounted total: exactly one order gets the discount, the
// others are total_changed, and the promotion counts one use.
func TestVendure4660Magento31798ConcurrentCheckoutsNeverPassTheLimit(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, promo.Terms{Code: "ONCE", Kind: promo.Fixed, Value: "10", UsageLimit: 1, Combinable: true})
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 5000, Stock: 100})
	const shoppers = 20
	users := make([]string, shoppers)
	for i := range users {
		users[i] = testapp.NewUser(t, app, false).ID()
		cartOf(t, app, users[i], 1, p)
		applyCode(t, app, users[i], "ONCE")
	}
	in := texasInput()
	in.ExpectedTotal = "49.99"
	errs := make([]error, shoppers)
	var wg sync.WaitGroup
	for i := range users {
		wg.Go(func() { _, errs[i] = shop.PlaceOrder(app, users[i], in) })
	}
	wg.Wait()
	placed := 0
	for _, err := range errs {
		_, changed := errors.AsType[*shop.TotalChangedError](err)
		switch {
		case err == nil:
			placed++
		case !changed:
			t.Errorf("unexpected: %v", err)
		}
	}
	if placed != 1 || testapp.TimesUsed(t, app, id) != 1 || testapp.Count(t, app, promo.UsesCollection) != 1 {
		t.Fatalf("%d placed, used %d", placed, testapp.TimesUsed(t, app, id))
	}
}

// Issue 45: the invoice, the order e-mails and the orders CSV show each
// discount as the order kept it (name and code), in the customer's
// language, beside totals that already have it off.
func TestDiscountsOnInvoiceMailAndCSV(t *testing.T) {
	app := testapp.New(t)
	newPromotion(t, app, promo.Terms{Code: "TOURING25", Name: []byte(`{"en":"Touring","ru":"Гастроли","zh":"巡演"}`),
		Kind: promo.Fixed, Value: "25", Combinable: true})
	u := testapp.NewUser(t, app, false)
	u.Record.Set("language", "ru")
	if err := app.Save(u.Record); err != nil {
		t.Fatal(err)
	}
	cartOf(t, app, u.ID(), 1, testapp.NewProduct(t, app, testapp.Product{PriceCents: 20000, Stock: 10}))
	applyCode(t, app, u.ID(), "TOURING25")
	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil || o.DiscountAmount != 2500 {
		t.Fatalf("order: %v %+v", err, o)
	}
	o = payInFull(t, app, o)
	row := "Скидка: Гастроли (TOURING25)"
	off := locale.Price(-2500, "ru")
	page, err := shop.InvoicePage(app, o.ID, shop.InvoiceViewer{Admin: true}, "")
	if err != nil || !strings.Contains(string(page), `data-testid="invoice-discount"><th>`+row+`</th><td class="num">`+off+`</td>`) {
		t.Fatalf("the invoice has no discount row: %v\n%s", err, page)
	}
	placed := one(t, app, mail.KindOrderPlaced)
	if !strings.Contains(placed.HTML, row) || !strings.Contains(placed.HTML, off) || !strings.Contains(placed.Text, row) {
		t.Fatalf("the confirmation has no discount row:\n%s", placed.Text)
	}
	var buf bytes.Buffer
	if err := shop.ExportOrdersCSV(app, shop.OrderFilter{}, &buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("csv: %v %q", err, rows)
	}
	got := map[string]string{}
	for i, h := range rows[0] {
		got[h] = rows[1][i]
	}
	if got["lineTotal"] != "200.00" || got["lineDiscount"] != "25.00" || got["orderDiscount"] != "25.00" ||
		got["discounts"] != "Touring (TOURING25)" || got["orderTotal"] != o.TotalAmount.String() {
		t.Fatalf("csv row %v", got)
	}
}

// Issue 45: a cancel before payment gave the order's use back, so reviving
// it counts the use again, within the limit as it is now: with the
// single use free again it comes back with its discount counted; once
// another order took that use, the revive is 409 promotion_used_up and the
// order stays cancelled with nothing counted.
func TestRevivingACancelledOrderCountsItsUseAgain(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, promo.Terms{Code: "TOURING25", Kind: promo.Fixed, Value: "25", UsageLimit: 1, Combinable: true})
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 20000, Stock: 10})
	place := func(u testapp.User) *shop.OrderDetail {
		t.Helper()
		cartOf(t, app, u.ID(), 1, p)
		applyCode(t, app, u.ID(), "TOURING25")
		o, err := shop.PlaceOrder(app, u.ID(), texasInput())
		if err != nil || o.DiscountAmount != 2500 {
			t.Fatalf("order: %v %+v", err, o)
		}
		return o
	}
	uses := func(want int) {
		t.Helper()
		rec, err := app.FindRecordById(promo.Collection, id)
		if err != nil || rec.GetInt("timesUsed") != want || testapp.Count(t, app, promo.UsesCollection) != want {
			t.Fatalf("timesUsed %d, %d use rows, want %d (%v)", rec.GetInt("timesUsed"), testapp.Count(t, app, promo.UsesCollection), want, err)
		}
	}
	status := func(orderID string) string {
		t.Helper()
		rec, err := app.FindRecordById(shop.OrdersCollection, orderID)
		if err != nil {
			t.Fatal(err)
		}
		return rec.GetString("status")
	}
	u1, u2 := testapp.NewUser(t, app, false), testapp.NewUser(t, app, false)
	a := place(u1)
	uses(1)
	cancel := func(o *shop.OrderDetail) { // as an admin or the dashboard cancels
		t.Helper()
		if err := saveErr(app, shop.OrdersCollection, o.ID, "status", shop.StatusCancelled); err != nil {
			t.Fatal(err)
		}
	}
	cancel(a)
	uses(0)
	if err := saveErr(app, shop.OrdersCollection, a.ID, "status", shop.StatusProcessing); err != nil {
		t.Fatalf("revive with the use free: %v", err)
	}
	uses(1)

	cancel(a)
	place(u2)
	uses(1)
	err := saveErr(app, shop.OrdersCollection, a.ID, "status", shop.StatusProcessing)
	if !errors.Is(err, shop.ErrRevivedPromotionUsedUp) {
		t.Fatalf("revive past the limit: %v", err)
	}
	if got := status(a.ID); got != shop.StatusCancelled {
		t.Fatalf("the refused revive left the order %s", got)
	}
	uses(1)
}

// Issue 45: a code that is paused or whose window ends between the
// shopper's review and Place order gives 409 total_changed with the total
// without it, and nothing is written (no order, no stock, no use).
func TestPausedOrEndedCodeBetweenReviewAndPlacingIsTotalChanged(t *testing.T) {
	past := time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)
	paused := false
	for name, edit := range map[string]func(*promo.Terms){
		"paused": func(terms *promo.Terms) { terms.IsActive = &paused },
		"ended":  func(terms *promo.Terms) { terms.EndsAt = &past },
	} {
		t.Run(name, func(t *testing.T) {
			app := testapp.New(t)
			terms := promo.Terms{Code: "TOURING25", Kind: promo.Fixed, Value: "25", Combinable: true}
			id := newPromotion(t, app, terms)
			p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 10000, Stock: 10})
			u := testapp.NewUser(t, app, false)
			cartOf(t, app, u.ID(), 1, p)
			applyCode(t, app, u.ID(), "TOURING25")
			terms.Name, terms.Target = []byte(`"Touring"`), promo.TargetOrder
			edit(&terms)
			if _, err := promo.Update(app, id, terms); err != nil {
				t.Fatal(err)
			}
			in := texasInput()
			in.ExpectedTotal = "84.99" // 100.00 - 25.00 + 9.99, as reviewed
			_, err := shop.PlaceOrder(app, u.ID(), in)
			if changed, ok := errors.AsType[*shop.TotalChangedError](err); !ok || changed.Total != 10999 || changed.Discount != 0 {
				t.Fatalf("%s: %v", name, err)
			}
			if testapp.Count(t, app, "orders") != 0 || testapp.Stock(t, app, p.Id) != 10 || testapp.TimesUsed(t, app, id) != 0 {
				t.Fatal("a refused order changed something")
			}
		})
	}
}
