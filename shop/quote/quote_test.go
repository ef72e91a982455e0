package quote_test

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop/hire"
	"stageshop/shop/tax"
)

// fix is a shop with Texas tax (8.25 %), a $199 fixture (5 in stock), a PA
// for hire ($150 a day, $500 deposit, 2 units), an admin and a venue
// approved for invoice terms.
type fix struct {
	t            *testing.T
	h            testapp.Harness
	app          core.App
	fixture, pa  *core.Record
	admin, venue testapp.User
	start, end   string
}

func newFix(t *testing.T) *fix {
	t.Helper()
	h := testapp.NewHarness(t)
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 8.25, "Texas sales tax")
	f := &fix{t: t, h: h, app: h.App, admin: testapp.NewUser(t, h.App, true), venue: testapp.NewUser(t, h.App, false),
		fixture: testapp.NewProduct(t, h.App, testapp.Product{Name: "Moving head", PriceCents: 19900, Stock: 5})}
	f.pa, _ = testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "PA system", Fleet: 2, DayCents: 15000, DepositCents: 50000})
	f.venue.Record.Set("invoiceAllowed", true)
	if err := h.App.Save(f.venue.Record); err != nil {
		t.Fatal(err)
	}
	today, err := hire.Today(h.App)
	if err != nil {
		t.Fatal(err)
	}
	f.start, f.end = today.AddDays(10).String(), today.AddDays(11).String()
	return f
}

func (f *fix) do(method, url, token string, body any) testapp.Response {
	if token == "" {
		return f.h.Client.Do(method, url, body)
	}
	return f.h.Client.Do(method, url, body, testapp.Auth(token)...)
}

var austin = map[string]any{"firstName": "Tex", "lastName": "Ritter", "address": "1 Congress Ave", "city": "Austin",
	"state": "TX", "zipCode": "78701", "country": "US", "phone": "+1 512 555 0100", "email": "tex@example.com"}

// request asks a quote for two fixtures and the PA as u; it returns the id.
func (f *fix) request(u testapp.User) string {
	f.t.Helper()
	r := f.do("POST", "/api/quotes", u.Token, map[string]any{"eventName": "Spring gala", "venue": "Town hall",
		"lines": []map[string]any{{"productId": f.fixture.Id, "quantity": 2},
			{"productId": f.pa.Id, "quantity": 1, "hire": map[string]any{"start": f.start, "end": f.end}}},
		"shippingInfo": austin})
	if r.Status != http.StatusCreated {
		f.t.Fatalf("request: %d %s", r.Status, r.Body)
	}
	return r.Map(f.t)["id"].(string)
}

// prepare prices the quote as the admin (fixtures at $179, crew, delivery,
// $50 shipping, valid a week) and sends it; it returns the quote.
func (f *fix) prepare(id string, valid time.Time) quoteSeen {
	f.t.Helper()
	r := f.do("PUT", "/api/admin/quotes/"+id, f.admin.Token, map[string]any{
		"lines": []map[string]any{{"productId": f.fixture.Id, "quantity": 2, "unitPrice": 179},
			{"productId": f.pa.Id, "quantity": 1, "hire": map[string]any{"start": f.start, "end": f.end}}},
		"serviceLines": []map[string]any{{"name": map[string]string{"en": "Crew", "ru": "Бригада"}, "amount": 300, "taxClass": "standard"},
			{"name": "Delivery and collection", "amount": 120.5, "taxClass": "zero"}},
		"shippingAmount": 50, "validUntil": valid.UTC().Format(time.RFC3339)})
	if r.Status != http.StatusOK {
		f.t.Fatalf("update: %d %s", r.Status, r.Body)
	}
	r = f.do("POST", "/api/admin/quotes/"+id+"/send", f.admin.Token, nil)
	if r.Status != http.StatusOK {
		f.t.Fatalf("send: %d %s", r.Status, r.Body)
	}
	m := r.Map(f.t)
	lines := m["lines"].([]any)
	return quoteSeen{m: m, Revision: int(m["revision"].(float64)), Status: m["status"].(string), Number: m["number"].(string),
		DiscountAmount: cents(m["discountAmount"]), Subtotal: cents(m["subtotal"]), ShippingAmount: cents(m["shippingAmount"]),
		TaxAmount: cents(m["taxAmount"]), DepositAmount: cents(m["depositAmount"]), Total: cents(m["total"]),
		VariantID: lines[0].(map[string]any)["variantId"].(string)}
}

// quoteSeen is what the customer saw of a quote, in cents.
type quoteSeen struct {
	m                                                                         map[string]any
	Revision                                                                  int
	Status, Number, VariantID                                                 string
	Subtotal, DiscountAmount, ShippingAmount, TaxAmount, DepositAmount, Total int64
}

// cents is a JSON amount in cents.
func cents(v any) int64 { f, _ := v.(float64); return int64(math.Round(f * 100)) }

func (f *fix) accept(id string, revision int) testapp.Response {
	return f.do("POST", "/api/quotes/"+id+"/accept", f.venue.Token,
		map[string]any{"revision": revision, "paymentMethod": "invoice", "poNumber": "PO-7781"})
}

// TestAcceptMakesOrderAtQuoteFigures: the order has the quote's subtotal,
// discount, shipping, tax, deposit and total to the cent, its lines at the
// quoted prices with their tax, the service lines with their tax class,
// the hire line booked, the PO on order and invoice, "from quote".
func TestAcceptMakesOrderAtQuoteFigures(t *testing.T) {
	f := newFix(t)
	id := f.request(f.venue)
	q := f.prepare(id, time.Now().Add(7*24*time.Hour))
	if q.Revision != 2 || q.Status != "sent" || q.DiscountAmount != 4000 {
		t.Fatalf("quote: revision %d status %s discount %d", q.Revision, q.Status, q.DiscountAmount)
	}
	r := f.accept(id, q.Revision)
	if r.Status != http.StatusCreated {
		t.Fatalf("accept: %d %s", r.Status, r.Body)
	}
	o := r.Map(t)
	got := []int64{cents(o["subtotalAmount"]), cents(o["discountAmount"]), cents(o["shippingAmount"]), cents(o["taxAmount"]), cents(o["depositAmount"]), cents(o["totalAmount"])}
	want := []int64{q.Subtotal, q.DiscountAmount, q.ShippingAmount, q.TaxAmount, q.DepositAmount, q.Total}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("order figures %v, quote's %v", got, want)
	}
	items := o["items"].([]any)
	if len(items) != 4 {
		t.Fatalf("order lines: %d", len(items))
	}
	line := func(i int, k string) any { return items[i].(map[string]any)[k] }
	if cents(line(0, "totalPrice"))-cents(line(0, "discountAmount")) != 35800 || cents(line(0, "taxAmount")) != 2954 {
		t.Fatalf("fixture line: %v", items[0])
	}
	if cents(line(2, "totalPrice")) != 30000 || line(2, "taxClass") != "standard" || cents(line(2, "taxAmount")) != 2475 ||
		cents(line(3, "totalPrice")) != 12050 || line(3, "taxClass") != "zero" || cents(line(3, "taxAmount")) != 0 {
		t.Fatalf("service lines: %v %v", items[2], items[3])
	}
	pay := o["payment"].(map[string]any)
	if o["quoteNumber"] != q.Number || pay["poNumber"] != "PO-7781" || pay["method"] != "invoice" || o["invoiceNumber"] == "" {
		t.Fatalf("order: %v %v %v", o["quoteNumber"], pay, o["invoiceNumber"])
	}
	orderID := o["id"].(string)
	if n, _ := f.app.CountRecords(hire.BookingsCollection); n != 1 {
		t.Fatalf("bookings: %d", n)
	}
	fixture, _ := f.app.FindRecordById("product_variants", q.VariantID)
	if fixture.GetInt("stockQuantity") != 3 {
		t.Fatalf("stock: %d", fixture.GetInt("stockQuantity"))
	}
	inv := f.do("GET", "/api/checkout/orders/"+orderID+"/invoice", f.venue.Token, nil)
	if inv.Status != http.StatusOK || !contains(inv.Body, "PO-7781") || !contains(inv.Body, q.Number) {
		t.Fatalf("invoice: %d", inv.Status)
	}
	after := f.do("GET", "/api/quotes/"+id, f.venue.Token, nil).Map(t)
	if after["status"] != "accepted" || after["orderId"] != orderID || after["poNumber"] != "PO-7781" {
		t.Fatalf("quote after: %v %v %v", after["status"], after["orderId"], after["poNumber"])
	}
}

func contains(b []byte, s string) bool { return len(s) > 0 && bytesContains(b, s) }

// TestAcceptRefusals: a revision other than the latest is quote_changed,
// a quote past its date quote_expired, a declined one quote_not_open; no
// order is made.
func TestAcceptRefusals(t *testing.T) {
	f := newFix(t)
	id := f.request(f.venue)
	q := f.prepare(id, time.Now().Add(7*24*time.Hour))
	if r := f.accept(id, q.Revision-1); r.Status != http.StatusConflict || r.Map(t)["code"] != "quote_changed" {
		t.Fatalf("old revision: %d %s", r.Status, r.Body)
	}
	id2 := f.request(f.venue)
	q2 := f.prepare(id2, time.Now().Add(time.Second))
	time.Sleep(1100 * time.Millisecond)
	if r := f.accept(id2, q2.Revision); r.Status != http.StatusConflict || r.Map(t)["code"] != "quote_expired" {
		t.Fatalf("expired: %d %s", r.Status, r.Body)
	}
	if r := f.do("POST", "/api/quotes/"+id+"/decline", f.venue.Token, map[string]any{"reason": "Budget"}); r.Status != http.StatusOK {
		t.Fatalf("decline: %d %s", r.Status, r.Body)
	}
	if r := f.accept(id, q.Revision); r.Status != http.StatusConflict || r.Map(t)["code"] != "quote_not_open" {
		t.Fatalf("declined: %d %s", r.Status, r.Body)
	}
	if n, _ := f.app.CountRecords("orders"); n != 0 {
		t.Fatalf("orders: %d", n)
	}
}

// TestAcceptTwiceAtOnceMakesOneOrder: eight acceptances at once, one
// order, one 201.
func TestAcceptTwiceAtOnceMakesOneOrder(t *testing.T) {
	f := newFix(t)
	id := f.request(f.venue)
	q := f.prepare(id, time.Now().Add(7*24*time.Hour))
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for i := range statuses {
		wg.Add(1)
		go func() { defer wg.Done(); statuses[i] = f.accept(id, q.Revision).Status }()
	}
	wg.Wait()
	created := 0
	for _, s := range statuses {
		if s == http.StatusCreated {
			created++
		} else if s != http.StatusConflict {
			t.Fatalf("status %d", s)
		}
	}
	if n, _ := f.app.CountRecords("orders"); created != 1 || n != 1 {
		t.Fatalf("created %d, orders %d", created, n)
	}
}

// TestStockGoneChangesNothing: the fixtures sold out after the quote was
// sent: 409 insufficient_stock, the quote still sent, no booking, no order.
func TestStockGoneChangesNothing(t *testing.T) {
	f := newFix(t)
	id := f.request(f.venue)
	q := f.prepare(id, time.Now().Add(7*24*time.Hour))
	v, _ := f.app.FindRecordById("product_variants", q.VariantID)
	v.Set("stockQuantity", 1)
	if err := f.app.Save(v); err != nil {
		t.Fatal(err)
	}
	if r := f.accept(id, q.Revision); r.Status != http.StatusConflict || r.Map(t)["code"] != "insufficient_stock" {
		t.Fatalf("accept: %d %s", r.Status, r.Body)
	}
	orders, _ := f.app.CountRecords("orders")
	bookings, _ := f.app.CountRecords(hire.BookingsCollection)
	rec, _ := f.app.FindRecordById("quotes", id)
	v, _ = f.app.FindRecordById("product_variants", v.Id)
	if orders != 0 || bookings != 0 || rec.GetString("status") != "sent" || v.GetInt("stockQuantity") != 1 {
		t.Fatalf("orders %d bookings %d status %s stock %d", orders, bookings, rec.GetString("status"), v.GetInt("stockQuantity"))
	}
}

// TestNumbersGapless: twelve requests at once take Q-YYYY-000001 to 000012.
func TestNumbersGapless(t *testing.T) {
	f := newFix(t)
	var wg sync.WaitGroup
	for range 12 {
		wg.Add(1)
		go func() { defer wg.Done(); f.request(f.venue) }()
	}
	wg.Wait()
	seen := map[string]bool{}
	recs, _ := f.app.FindAllRecords("quotes")
	for _, r := range recs {
		seen[r.GetString("number")] = true
	}
	for i := 1; i <= 12; i++ {
		if n := fmt.Sprintf("Q-%d-%06d", time.Now().UTC().Year(), i); !seen[n] {
			t.Fatalf("missing %s in %v", n, seen)
		}
	}
}

// TestAccess: another customer gets 404 for the quote and its document,
// signed out 401, a bad body 400 in the envelope, a customer on the admin
// routes 403; the admin reads any one quote (404 for an unknown id).
func TestAccess(t *testing.T) {
	f := newFix(t)
	id := f.request(f.venue)
	other := testapp.NewUser(t, f.app, false)
	for _, url := range []string{"/api/quotes/" + id, "/api/quotes/" + id + "/document"} {
		if r := f.do("GET", url, other.Token, nil); r.Status != http.StatusNotFound {
			t.Fatalf("%s other: %d", url, r.Status)
		}
		if r := f.do("GET", url, "", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("%s signed out: %d", url, r.Status)
		}
	}
	if r := f.do("POST", "/api/quotes/"+id+"/accept", other.Token, map[string]any{"revision": 1}); r.Status != http.StatusNotFound {
		t.Fatalf("other accept: %d", r.Status)
	}
	doc := f.do("GET", "/api/quotes/"+id+"/document", f.admin.Token, nil)
	if doc.Status != http.StatusOK || !contains(doc.Body, "Subject to availability") {
		t.Fatalf("admin document: %d", doc.Status)
	}
	bad := f.do("POST", "/api/quotes", f.venue.Token, map[string]any{"lines": []map[string]any{{"productId": f.fixture.Id, "quantity": 0}}, "shippingInfo": map[string]any{}})
	m := bad.Map(t)
	errs, _ := m["errors"].(map[string]any)
	if bad.Status != http.StatusBadRequest || errs["lines.0.quantity"] == nil || errs["shippingInfo.city"] == nil {
		t.Fatalf("bad body: %d %s", bad.Status, bad.Body)
	}
	if r := f.do("POST", "/api/quotes/"+id+"/accept", f.venue.Token, "nope"); r.Status != http.StatusBadRequest {
		t.Fatalf("bad accept body: %d", r.Status)
	}
	if r := f.do("GET", "/api/admin/quotes", f.venue.Token, nil); r.Status != http.StatusForbidden {
		t.Fatalf("customer on admin: %d", r.Status)
	}
	// One quote for the admin's editor: the staff see anyone's, a
	// customer not even their own there, an unknown id is 404.
	one := f.do("GET", "/api/admin/quotes/"+id, f.admin.Token, nil)
	if q := one.Map(t); one.Status != http.StatusOK || q["id"] != id || q["revision"] != float64(1) {
		t.Fatalf("admin one: %d %s", one.Status, one.Body)
	}
	if r := f.do("GET", "/api/admin/quotes/"+id, f.venue.Token, nil); r.Status != http.StatusForbidden {
		t.Fatalf("customer on admin one: %d", r.Status)
	}
	if r := f.do("GET", "/api/admin/quotes/nosuchquote1234", f.admin.Token, nil); r.Status != http.StatusNotFound || r.Map(t)["status"] != float64(404) {
		t.Fatalf("admin unknown: %d %s", r.Status, r.Body)
	}
}

func bytesContains(b []byte, s string) bool { return strings.Contains(string(b), s) }

// TestHireOnlyFromItsPage: a hire-only product asked for from its page
// needs its dates (400 hire_dates_required under lines.0.hire), dates
// too soon are hire_too_soon under lines.0.hire.start, neither stores a
// quote; with good dates the line is a hire priced by the hire rule
// ($150 a day × 2 days, the $500 deposit).
func TestHireOnlyFromItsPage(t *testing.T) {
	f := newFix(t)
	only, _ := testapp.NewHireProduct(t, f.app, testapp.Hire{Name: "Line array", Fleet: 1, DayCents: 15000, DepositCents: 50000, Lead: 3, HireOnly: true})
	ask := func(hire map[string]any) testapp.Response {
		line := map[string]any{"productId": only.Id, "quantity": 1}
		if hire != nil {
			line["hire"] = hire
		}
		return f.do("POST", "/api/quotes", f.venue.Token, map[string]any{"lines": []any{line}, "shippingInfo": austin})
	}
	refused := func(r testapp.Response, code, path string) {
		t.Helper()
		m := r.Map(t)
		errs, _ := m["errors"].(map[string]any)
		if r.Status != http.StatusBadRequest || m["code"] != code || errs[path] == nil {
			t.Fatalf("want 400 %s at %s: %d %s", code, path, r.Status, r.Body)
		}
	}
	refused(ask(nil), "hire_dates_required", "lines.0.hire")
	today, _ := hire.Today(f.app)
	refused(ask(map[string]any{"start": today.AddDays(1).String(), "end": today.AddDays(2).String()}), "hire_too_soon", "lines.0.hire.start")
	refused(ask(map[string]any{"start": "", "end": ""}), "validation_failed", "lines.0.hire.start")
	if n, _ := f.app.CountRecords("quotes"); n != 0 {
		t.Fatalf("quotes stored: %d", n)
	}
	r := ask(map[string]any{"start": f.start, "end": f.end})
	if r.Status != http.StatusCreated {
		t.Fatalf("good dates: %d %s", r.Status, r.Body)
	}
	line := r.Map(t)["lines"].([]any)[0].(map[string]any)
	h, _ := line["hire"].(map[string]any)
	if h == nil || h["start"] != f.start || h["days"] != float64(2) || cents(line["lineTotal"]) != 30000 || cents(r.Map(t)["depositAmount"]) != 50000 {
		t.Fatalf("hire line: %s", r.Body)
	}
}

// TestAcceptByCardOpensThePaymentPage: accepting by card answers the
// order with the hosted payment page's address (checkoutUrl), as checkout
// does, so the app can go on to pay; the order waits for the payment.
func TestAcceptByCardOpensThePaymentPage(t *testing.T) {
	testapp.UseStripe(t, testapp.StripeMock(t))
	f := newFix(t)
	id := f.request(f.venue)
	q := f.prepare(id, time.Now().Add(7*24*time.Hour))
	r := f.do("POST", "/api/quotes/"+id+"/accept", f.venue.Token, map[string]any{"revision": q.Revision, "paymentMethod": "card"})
	m := r.Map(t)
	pay, _ := m["payment"].(map[string]any)
	if r.Status != http.StatusCreated || m["checkoutUrl"] == "" || m["checkoutUrl"] == nil || pay["method"] != "card" || cents(m["totalAmount"]) != q.Total {
		t.Fatalf("card accept: %d %s", r.Status, r.Body)
	}
}

// TestOverviewCountsQuotes: the admin overview counts one request
// awaiting prices, one quote sent and open with its total, and one
// accepted in the period with its total; a declined quote is in none.
func TestOverviewCountsQuotes(t *testing.T) {
	f := newFix(t)
	f.request(f.venue)
	week := time.Now().Add(7 * 24 * time.Hour)
	open := f.prepare(f.request(f.venue), week)
	accepted := f.request(f.venue)
	won := f.prepare(accepted, week)
	if r := f.accept(accepted, won.Revision); r.Status != http.StatusCreated {
		t.Fatalf("accept: %d %s", r.Status, r.Body)
	}
	declined := f.request(f.venue)
	f.prepare(declined, week)
	if r := f.do("POST", "/api/quotes/"+declined+"/decline", f.venue.Token, map[string]any{}); r.Status != http.StatusOK {
		t.Fatalf("decline: %d", r.Status)
	}
	r := f.do("GET", "/api/admin/overview?days=7", f.admin.Token, nil)
	q, _ := r.Map(t)["quotes"].(map[string]any)
	if r.Status != http.StatusOK || q["requested"] != float64(1) || q["open"] != float64(1) || cents(q["openValue"]) != open.Total ||
		q["accepted"] != float64(1) || cents(q["acceptedValue"]) != won.Total {
		t.Fatalf("overview quotes: %d %v (open %d, accepted %d)", r.Status, q, open.Total, won.Total)
	}
}
