package routes_test

import (
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/mail"
)

// backInStockMails counts the queued back-in-stock e-mails to an address.
func backInStockMails(t *testing.T, app core.App, to string) int {
	t.Helper()
	n, err := app.CountRecords("emails", dbx.HashExp{"kind": mail.KindBackInStock, "to": to})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func alertURL(id string) string { return "/api/products/" + id + "/stock-alerts" }

func TestStockAlertSubscribe(t *testing.T) {
	h := testapp.NewHarness(t)
	u := testapp.NewUser(t, h.App, false)
	out := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 0})
	in := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 3})
	hidden := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 0, Inactive: true})

	created := map[string]int{"stock_alerts:create": 1}
	none := map[string]int{"stock_alerts:create": 0}
	alert := func(name, id string, body any, token string, status int, code string, records map[string]int) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "POST", URL: alertURL(id), Body: body, Token: token,
			ExpectedStatus: status, ExpectedCode: code, ExpectedRecords: records}
	}
	scenarios := []testapp.Scenario{
		alert("a first alert", out.Id, map[string]any{"email": " Fan@Example.com ", "language": "ru"}, "", http.StatusCreated, "", created),
		// The same address again is the same alert.
		alert("the same address again", out.Id, map[string]any{"email": "fan@example.com"}, "", http.StatusOK, "", none),
		// Signed in: the account's address, whatever the body says.
		alert("signed in", out.Id, map[string]any{}, u.Token, http.StatusCreated, "", created),
		alert("a product in stock", in.Id, map[string]any{"email": "fan@example.com"}, "", http.StatusConflict, "in_stock", none),
		alert("an inactive product", hidden.Id, map[string]any{"email": "fan@example.com"}, "", http.StatusNotFound, "*", none),
		alert("an unknown product", "nosuchproduct12", map[string]any{"email": "fan@example.com"}, "", http.StatusNotFound, "*", none),
	}
	for i, body := range []any{map[string]any{"email": "not-an-address"}, map[string]any{}, map[string]any{"email": 5}, "{"} {
		scenarios = append(scenarios, alert("bad body "+strconv.Itoa(i), out.Id, body, "", http.StatusBadRequest, "*", none))
	}
	testapp.RunScenarios(t, h, scenarios)
	alerts, _ := h.App.FindAllRecords("stock_alerts", dbx.HashExp{"product": out.Id})
	if len(alerts) != 2 || alerts[0].GetString("email") != "fan@example.com" || alerts[0].GetString("language") != "ru" ||
		alerts[1].GetString("email") != u.Record.Email() || alerts[1].GetString("user") != u.ID() {
		t.Fatalf("alerts %v", alerts)
	}
	if n := testapp.Count(t, h.App, "stock_alerts"); n != 2 {
		t.Fatalf("%d alerts after refusals", n)
	}

	wantWaitingAlerts(t, h, out.Id, 2)
}

// wantWaitingAlerts checks that the admin's product answers (one product,
// the list) say that n shoppers wait for productID, none for the others,
// and that a shopper's answer does not say it.
func wantWaitingAlerts(t *testing.T, h testapp.Harness, productID string, n int) {
	t.Helper()
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	var p struct {
		WaitingAlerts *int `json:"waitingAlerts"`
	}
	c.Do("GET", "/api/products/"+productID, nil, testapp.Auth(admin.Token)...).JSON(t, &p)
	if p.WaitingAlerts == nil || *p.WaitingAlerts != n {
		t.Fatalf("admin product waitingAlerts %v", p.WaitingAlerts)
	}
	var list struct {
		Products []struct {
			ID            string `json:"id"`
			WaitingAlerts *int   `json:"waitingAlerts"`
		} `json:"products"`
	}
	c.Do("GET", "/api/products?includeInactive=true", nil, testapp.Auth(admin.Token)...).JSON(t, &list)
	for _, lp := range list.Products {
		if lp.WaitingAlerts == nil || (lp.ID == productID) != (*lp.WaitingAlerts == n) {
			t.Errorf("admin list %s waitingAlerts %v", lp.ID, lp.WaitingAlerts)
		}
	}
	var public map[string]any
	c.Do("GET", "/api/products/"+productID, nil).JSON(t, &public)
	if _, shown := public["waitingAlerts"]; shown {
		t.Error("a shopper sees waitingAlerts")
	}
}

func TestStockAlertRateLimited(t *testing.T) {
	// Turned on before the server starts: the mail worker reads the settings from then on.
	app := testapp.New(t)
	app.Settings().RateLimits.Enabled = true
	c := testapp.Client{T: t, Handler: testapp.Server(t, app)}
	out := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 0})
	limited := false
	for i := 0; i < 15 && !limited; i++ {
		limited = c.Do("POST", alertURL(out.Id), map[string]any{"email": "fan@example.com"}).Status == http.StatusTooManyRequests
	}
	if !limited {
		t.Fatal("15 alerts a minute from one address were all accepted")
	}
}

// Whoever takes a product's stock from 0 to more (the admin form, the
// dashboard, an admin's or the customer's cancel, a superuser deleting an
// unshipped order), each waiting shopper gets one e-mail through the outbox,
// in the language they subscribed in, and the alert closes; a later rise
// sends nothing more.
func TestStockAlertFiresOnceForEveryWriter(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	buyer := testapp.NewUser(t, h.App, false)
	su := superuserToken(t, h.App)

	// Each writer takes a sold-out product (an order bought its whole stock
	// when the writer undoes an order) from 0 to more.
	restocks := map[string]func(p *core.Record, order string){
		"admin form": func(p *core.Record, _ string) {
			wantStatus(t, c.Do("PUT", "/api/products/"+p.Id, map[string]any{"stockQuantity": 4}, testapp.Auth(admin.Token)...), 200, nil)
		},
		"dashboard": func(p *core.Record, _ string) {
			wantStatus(t, c.Do("PATCH", "/api/collections/products/records/"+p.Id, map[string]any{"stockQuantity": 4}, "Authorization", su), 200, nil)
		},
		"admin cancel": func(_ *core.Record, o string) {
			wantStatus(t, c.Do("PUT", "/api/checkout/admin/orders/"+o+"/status", map[string]any{"status": "Cancelled"}, testapp.Auth(admin.Token)...), 200, nil)
		},
		"customer cancel": func(_ *core.Record, o string) {
			wantStatus(t, c.Do("POST", "/api/checkout/orders/"+o+"/cancel", nil, testapp.Auth(buyer.Token)...), 200, nil)
		},
		"order deleted in the dashboard": func(_ *core.Record, o string) {
			wantStatus(t, c.Do("DELETE", "/api/collections/orders/records/"+o, nil, "Authorization", su), 204, nil)
		},
	}
	for name, restock := range restocks {
		p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 2})
		order := ""
		if name == "admin form" || name == "dashboard" {
			setStock(t, h.App, p.Id, 0)
		} else {
			addLine(t, c, buyer.Token, p.Id, 2)
			order = placeOrder(t, c, buyer.Token, usBody("standard")).ID
		}
		to := "fan-" + p.Id + "@example.com"
		wantStatus(t, c.Do("POST", alertURL(p.Id), map[string]any{"email": to, "language": "ru"}), 201, nil)
		if n := backInStockMails(t, h.App, to); n != 0 {
			t.Fatalf("%s: %d e-mails before the restock", name, n)
		}
		restock(p, order)
		if testapp.Stock(t, h.App, p.Id) == 0 {
			t.Fatalf("%s: still sold out", name)
		}
		wantOneRussianAlertMail(t, h.App, name, to)
		setStock(t, h.App, p.Id, 9) // more again: nobody waits any more
		if n := backInStockMails(t, h.App, to); n != 1 {
			t.Errorf("%s: %d e-mails after a second rise, want 1", name, n)
		}
		if open, _ := h.App.CountRecords("stock_alerts", dbx.HashExp{"product": p.Id, "status": shop.AlertOpen}); open != 0 {
			t.Errorf("%s: %d alerts still open", name, open)
		}
	}
}

// wantOneRussianAlertMail checks that exactly one back-in-stock e-mail to
// to is in the outbox, written in Russian (the subscriber's language).
func wantOneRussianAlertMail(t *testing.T, app core.App, writer, to string) {
	t.Helper()
	mails, err := app.FindAllRecords("emails", dbx.HashExp{"kind": mail.KindBackInStock, "to": to})
	if err != nil {
		t.Fatal(err)
	}
	if len(mails) != 1 {
		t.Errorf("%s: %d e-mails, want 1", writer, len(mails))
		return
	}
	if m := mails[0]; m.GetString("language") != "ru" || !regexp.MustCompile(`\p{Cyrillic}`).MatchString(m.GetString("subject")) {
		t.Errorf("%s: e-mail in %q, subject %q; want Russian", writer, m.GetString("language"), m.GetString("subject"))
	}
}

func setStock(t *testing.T, app core.App, id string, n int) {
	t.Helper()
	rec, err := app.FindRecordById("products", id)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("stockQuantity", n)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
}
