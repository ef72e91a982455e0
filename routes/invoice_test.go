package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/tax"
)

// The invoice is a printable page for the order's customer and admins
// only, with the order's own figures, in the customer's language, under
// the shop's CSP (no inline script).
func TestOrderInvoicePage(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, h.App, false)
	other := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Wireless Mic", PriceCents: 1000, Stock: 10})
	addLine(t, c, u.Token, p.Id, 3)
	var o taxedOrderJSON
	wantStatus(t, c.Do("POST", "/api/checkout/create-order", texasBody("standard"), testapp.Auth(u.Token)...), http.StatusCreated, &o)
	url := "/api/checkout/orders/" + o.ID + "/invoice"
	// Not paid yet: no invoice. Paid (the admin records the transfer): it has one.
	expectErr(t, c.Do("GET", url, nil, testapp.Auth(u.Token)...), http.StatusNotFound, "not_found")
	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+o.ID+"/payments", map[string]any{"amount": 41.87}, testapp.Auth(admin.Token)...), http.StatusCreated, &o)

	r := c.Do("GET", url, nil, testapp.Auth(u.Token)...)
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("own invoice: %d %s", r.Status, r.Header.Get("Content-Type"))
	}
	for _, want := range []string{o.InvoiceNumber, o.OrderNumber, "Wireless Mic", "Texas sales tax 6.25% on $30.00", "$1.88", "$41.87",
		"Stage Rentals LLC", "12-3456789", "<p>United States</p>", "Paid", "<p>Bank transfer</p>", `<script src="/api/checkout/invoice-print.js" defer>`} {
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("invoice lacks %q", want)
		}
	}
	if strings.Contains(string(r.Body), "Due on receipt") {
		t.Error("a paid invoice still says it is due")
	}
	csp := r.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") ||
		strings.Contains(string(r.Body), "<script>") || r.Header.Get("X-Frame-Options") != "DENY" || r.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("headers %v", r.Header)
	}
	if r := c.Do("GET", "/api/checkout/invoice-print.js", nil); r.Status != http.StatusOK || !strings.Contains(string(r.Body), "window.print()") {
		t.Fatalf("print script %d", r.Status)
	}
	// Someone else: 404, as for an order that does not exist; signed out: 401.
	expectErr(t, c.Do("GET", url, nil, testapp.Auth(other.Token)...), http.StatusNotFound, "not_found")
	expectErr(t, c.Do("GET", "/api/checkout/orders/nosuchorder1234/invoice", nil, testapp.Auth(u.Token)...), http.StatusNotFound, "not_found")
	expectErr(t, c.Do("GET", url, nil), http.StatusUnauthorized, "unauthorized")
	if r := c.Do("GET", url, nil, testapp.Auth(admin.Token)...); r.Status != http.StatusOK || !strings.Contains(string(r.Body), o.InvoiceNumber) {
		t.Fatalf("admin: %d", r.Status)
	}
	// A browser tab: a file token of the customer opens it; an expired or
	// forged one is sent to the app's page that asks for a new one.
	fileToken := fileTokenOf(t, c, u.Token)
	if r := c.Do("GET", url+"?token="+fileToken, nil); r.Status != http.StatusOK {
		t.Fatalf("file token: %d %s", r.Status, r.Body)
	}
	otherToken := fileTokenOf(t, c, other.Token)
	expectErr(t, c.Do("GET", url+"?token="+otherToken, nil), http.StatusNotFound, "not_found")
	if r := c.Do("GET", url+"?token="+u.Token, nil); r.Status != http.StatusSeeOther { // an access token is no file token
		t.Fatalf("access token in the URL: %d", r.Status)
	}
	if r := c.Do("GET", url+"?token=forged", nil); r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/account/orders/"+o.ID+"/invoice" {
		t.Fatalf("forged token: %d %v", r.Status, r.Header)
	}
	// The tab was opened in Russian: back to the Russian page.
	if r := c.Do("GET", url+"?token=forged&lang=ru", nil); r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/ru/account/orders/"+o.ID+"/invoice" {
		t.Fatalf("forged token, Russian tab: %d %v", r.Status, r.Header)
	}
	// In the customer's language.
	u.Record.Set("language", "ru")
	if err := h.App.Save(u.Record); err != nil {
		t.Fatal(err)
	}
	if r := c.Do("GET", url, nil, testapp.Auth(admin.Token)...); !strings.Contains(string(r.Body), "Номер счёта") || !strings.Contains(string(r.Body), `lang="ru"`) {
		t.Fatal("the invoice is not in the customer's language")
	}
	// No invoice number yet: 404.
	rec, _ := h.App.FindRecordById("orders", o.ID)
	rec.Set("invoiceNumber", "")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	expectErr(t, c.Do("GET", url, nil, testapp.Auth(u.Token)...), http.StatusNotFound, "not_found")
}

// fileTokenOf asks for a file token as the app does (POST /api/files/token).
func fileTokenOf(t *testing.T, c testapp.Client, token string) string {
	t.Helper()
	var ft struct {
		Token string `json:"token"`
	}
	wantStatus(t, c.Do("POST", "/api/files/token", nil, testapp.Auth(token)...), http.StatusOK, &ft)
	return ft.Token
}

// A file token ends with the session it was asked in (issue 43 item 10):
// after logout the invoice's ?token= sends the tab to sign in again, as an
// expired token does; a file token PocketBase issued itself names no
// session and opens nothing.
func TestInvoiceFileTokenEndsWithTheSession(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 5})
	c := s.c
	o := s.place(t, 1, orderBody())
	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+o.ID+"/payments", map[string]any{"amount": o.TotalAmount}, testapp.Auth(s.admin.Token)...), http.StatusCreated, nil)
	url := "/api/checkout/orders/" + o.ID + "/invoice?token="
	var session struct {
		Token        string `json:"token"`
		RefreshToken string `json:"refreshToken"`
	}
	wantStatus(t, c.Do("POST", "/api/auth/login", map[string]any{"email": s.user.Record.Email(), "password": testapp.FixturePassword}), http.StatusOK, &session)
	file := fileTokenOf(t, c, session.Token)
	if r := c.Do("GET", url+file, nil); r.Status != http.StatusOK {
		t.Fatalf("file token of a live session: %d %s", r.Status, r.Body)
	}
	wantStatus(t, c.Do("POST", "/api/auth/logout", map[string]any{"refreshToken": session.RefreshToken}, testapp.Auth(session.Token)...), http.StatusOK, nil)
	if r := c.Do("GET", url+file, nil); r.Status != http.StatusSeeOther {
		t.Errorf("file token after logout: %d, want 303 to sign in again", r.Status)
	}
	native, err := s.user.Record.NewFileToken()
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Do("GET", url+native, nil); r.Status != http.StatusSeeOther {
		t.Errorf("a file token that names no session: %d, want 303", r.Status)
	}
}
