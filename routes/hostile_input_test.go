package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// dbFingerprint sums up every collection of the shop (rows, last update)
// and the stock, so a test can say a request changed nothing.
func dbFingerprint(t *testing.T, h testapp.Harness) string {
	t.Helper()
	cols, err := h.App.FindAllCollections()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, c := range cols {
		if c.System || c.IsView() {
			continue
		}
		var n int
		last := "-"
		q := h.App.DB().Select("COUNT(*)").From(c.Name)
		var err error
		if c.Fields.GetByName("updated") != nil {
			q = h.App.DB().Select("COUNT(*)", "COALESCE(MAX(updated), '')").From(c.Name)
			err = q.Row(&n, &last)
		} else {
			err = q.Row(&n)
		}
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		fmt.Fprintf(&b, "%s:%d:%s ", c.Name, n, last)
	}
	var stock int
	if err := h.App.DB().Select("COALESCE(SUM(stockQuantity), 0)").From("product_variants").Row(&stock); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "stock:%d", stock)
	return b.String()
}

// hostileBodies are JSON bodies no client should send: malformed, of the
// wrong type, with numbers too large or negative for any field, and a
// 10 MB body (413).
func hostileBodies() map[string]string {
	huge := "1" + strings.Repeat("0", 400)
	return map[string]string{
		"malformed":   `{"name": "x",`,
		"an array":    `[]`,
		"null":        `null`,
		"a string":    `"x"`,
		"wrong types": `{"name":123,"title":5,"zones":"x","rate":"x","amount":"x","status":5,"text":7,"homeCountry":1,"sortOrder":"x"}`,
		"huge numbers": `{"amount":` + huge + `,"rate":` + huge + `,"weightKg":` + huge + `,"price":` + huge +
			`,"sortOrder":` + huge + `,"holdMinutes":` + huge + `}`,
		"negative": `{"amount":-5,"rate":-5,"weightKg":-1,"price":-1,"holdMinutes":-1,"invoiceTermsDays":-1,"bankTransferEnabled":true,` +
			`"homeCountry":"US","zones":[{"id":"x","name":"n","countries":["US"],"methods":[{"code":"a","name":"A","rates":[{"upToKg":-1,"amount":-1}]}]}]}`,
		"1e308":      `{"amount":1e308,"rate":1e308,"weightKg":1e308,"price":1e308,"sortOrder":1e308}`,
		"10 MB":      `{"name":"` + strings.Repeat("a", 10<<20) + `"}`,
		"10 MB junk": strings.Repeat("a", 10<<20),
	}
}

// Every write route added last session (store, pages, categories,
// shipping, payments and tax settings, tax rates, fulfilment, freight
// quotes, product weights) answers each hostile body with a 4xx in the
// contract's envelope and changes nothing in the database; unknown ids
// are 404 in the envelope and change nothing.
func TestHostileBodiesChangeNothing(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 5})
	h, c, admin, p := s.h, s.c, s.admin, s.product
	o := s.place(t, 1, orderBody())
	rate := testapp.NewTaxRate(t, h.App, "US", "TX", "standard", 6.25, "Texas sales tax")
	var cats []struct {
		ID string `json:"id"`
	}
	c.Do("GET", "/api/categories", nil).JSON(t, &cats)
	promotion := c.Do("POST", "/api/admin/promotions", venue10(cats[0].ID), testapp.Auth(admin.Token)...).Map(t)["id"].(string)
	routes := []struct{ method, url string }{
		{"PUT", "/api/admin/shop"}, {"POST", "/api/admin/pages"}, {"PUT", "/api/admin/pages/faq"},
		{"POST", "/api/admin/categories"}, {"PUT", "/api/admin/categories/" + cats[0].ID},
		{"PUT", "/api/admin/shipping"}, {"PUT", "/api/admin/settings/payments"}, {"PUT", "/api/admin/search/synonyms"},
		{"POST", "/api/admin/tax-rates"}, {"PUT", "/api/admin/tax-rates/" + rate.Id},
		{"PUT", "/api/checkout/admin/orders/" + o.ID + "/status"}, {"POST", "/api/checkout/admin/orders/" + o.ID + "/notes"},
		{"POST", "/api/checkout/admin/orders/" + o.ID + "/shipping-quote"}, {"PUT", "/api/products/" + p.Id},
		{"POST", "/api/admin/promotions"}, {"PUT", "/api/admin/promotions/" + promotion},
	}
	before := dbFingerprint(t, h)
	for _, rt := range routes {
		for name, body := range hostileBodies() {
			r := c.Do(rt.method, rt.url, body, testapp.Auth(admin.Token)...)
			if r.Status < 400 || r.Status >= 500 {
				t.Errorf("%s %s with %s: %d %.300s", rt.method, rt.url, name, r.Status, r.Body)
				continue
			}
			expectEnvelope(t, r)
			if strings.HasPrefix(name, "10 MB") && r.Status != http.StatusRequestEntityTooLarge {
				t.Errorf("%s %s with %s: %d, want 413", rt.method, rt.url, name, r.Status)
			}
		}
	}
	for _, id := range []string{"nope", "%00", strings.Repeat("z", 3000), "..%2f.."} {
		for _, rt := range []struct{ method, url string }{
			{"GET", "/api/checkout/admin/orders/" + id}, {"GET", "/api/checkout/admin/packing-slips/" + id},
			{"PUT", "/api/checkout/admin/orders/" + id + "/status"}, {"POST", "/api/checkout/admin/orders/" + id + "/shipping-quote"},
			{"POST", "/api/checkout/admin/orders/" + id + "/notes"}, {"PUT", "/api/admin/categories/" + id},
			{"DELETE", "/api/admin/categories/" + id}, {"PUT", "/api/admin/tax-rates/" + id}, {"DELETE", "/api/admin/tax-rates/" + id},
			{"PUT", "/api/admin/pages/" + id}, {"DELETE", "/api/admin/pages/" + id}, {"GET", "/api/pages/" + id},
			{"DELETE", "/api/admin/promotions/" + id},
		} {
			// A body valid everywhere it is read, so only the id is wrong.
			body := map[string]any{"status": "Shipped", "amount": 10, "text": "note", "name": "N", "slug": "n",
				"country": "US", "taxClass": "standard", "rate": 1, "title": "T", "source": "S"}
			r := c.Do(rt.method, rt.url, body, testapp.Auth(admin.Token)...)
			// A page's id is its slug: one that could not be a slug is
			// 400 at its path, a well-formed unknown one 404.
			malformedSlug := strings.Contains(rt.url, "/pages/") && rt.method == "PUT" && id != "nope" && r.Status == http.StatusBadRequest
			if r.Status != http.StatusNotFound && !malformedSlug {
				t.Errorf("%s %.60s: %d %.300s, want 404", rt.method, rt.url, r.Status, r.Body)
				continue
			}
			expectEnvelope(t, r)
		}
	}
	if after := dbFingerprint(t, h); after != before {
		t.Fatalf("the database changed:\n%s\n%s", before, after)
	}
}

// expectEnvelope checks that an error answer is the contract's envelope.
func expectEnvelope(t *testing.T, r testapp.Response) {
	t.Helper()
	var env errJSON
	r.JSON(t, &env)
	if env.Status != r.Status || env.Code == "" || env.Message == "" {
		t.Errorf("not the envelope: %d %.300s", r.Status, r.Body)
	}
}

// sendCSV sends a CSV to the import (a dry run when dry).
func sendCSV(c testapp.Client, token, csv string, dry bool) testapp.Response {
	url := "/api/admin/products/import"
	if dry {
		url += "?dryRun=1"
	}
	return c.Do("POST", url, csv, testapp.Auth(token)...)
}

// The product import reads CSV as spreadsheets write it (a BOM, CRLF line
// ends, semicolons where a decimal comma is usual) and refuses what is not
// CSV text with a 400 envelope (invalid_csv, too_many_rows): binary data, Latin-1 text
// (it would store broken names), more than 20,000 rows (twice the issue's
// 10,000, so such a shop can import its own export again). A file of
// 10,001 rows is read to its end: its broken last line is reported (200,
// the contract's row list). Nothing changes on a refusal, nor on a file
// with a bad row.
func TestImportOfHostileFiles(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 5})
	export := string(c.Do("GET", "/api/admin/products/export.csv", nil, testapp.Auth(admin.Token)...).Body)
	header, first, _ := strings.Cut(export, "\n")
	image := ""
	for i, col := range strings.Split(header, ",") {
		if col == "images" {
			image = strings.Split(first, ",")[i]
		}
	}
	// A new product's row: every column of the header, in its order.
	newRow := func(name, price string) string {
		cols := strings.Split(header, ",")
		vals := make([]string, len(cols))
		for i, col := range cols {
			switch col {
			case "name":
				vals[i] = name
			case "category":
				vals[i] = "Sound"
			case "price":
				vals[i] = price
			case "stockQuantity":
				vals[i] = "3"
			case "images":
				vals[i] = image
			case "isActive", "variantActive":
				vals[i] = "true"
			}
		}
		return strings.Join(vals, ",")
	}
	good := header + "\n" + newRow("Imported amp", "12.50") + "\n"
	semicolons := strings.ReplaceAll(header, ",", ";") + "\n" + strings.ReplaceAll(newRow("Imported amp", "12.50"), ",", ";") + "\n"
	for name, csv := range map[string]string{"BOM": "\ufeff" + good, "CRLF": strings.ReplaceAll(good, "\n", "\r\n"), "semicolons": semicolons} {
		var res struct {
			Rows    int   `json:"rows"`
			Created int   `json:"created"`
			Errors  []any `json:"errors"`
		}
		r := sendCSV(c, admin.Token, csv, true)
		r.JSON(t, &res)
		if r.Status != http.StatusOK || res.Rows != 1 || res.Created != 1 || len(res.Errors) != 0 {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}

	rows := func(n int) *strings.Builder {
		var b strings.Builder
		b.WriteString(header + "\n")
		for i := range n {
			b.WriteString(newRow(fmt.Sprintf("Amp %d", i), "1.00") + "\n")
		}
		return &b
	}
	tooMany, brokenEnd := rows(20001), rows(10000)
	brokenEnd.WriteString("\"unterminated,1\n") // line 10,002: the 10,001st row
	before := dbFingerprint(t, h)
	for _, bad := range []struct{ name, csv, code string }{
		{"binary", "\x00\x01\x02\xff\xfe" + strings.Repeat("\x00", 1000), "invalid_csv"},
		{"Latin-1", header + "\n" + newRow("Produ\xe7t", "1.00") + "\n", "invalid_csv"},
		{"UTF-16", "\xff\xfe" + strings.Join(strings.Split(good, ""), "\x00"), "invalid_csv"},
		{"20,001 rows", tooMany.String(), "too_many_rows"},
	} {
		for _, dry := range []bool{true, false} {
			r := sendCSV(c, admin.Token, bad.csv, dry)
			if e := expectErr(t, r, http.StatusBadRequest, bad.code); e.Errors != nil {
				t.Errorf("%s: errors in %s (only validation failures have them)", bad.name, r.Body)
			}
		}
	}
	for _, dry := range []bool{true, false} {
		var res struct {
			Errors []struct {
				Row int `json:"row"`
			} `json:"errors"`
		}
		r := sendCSV(c, admin.Token, brokenEnd.String(), dry)
		r.JSON(t, &res)
		if r.Status != http.StatusOK || len(res.Errors) != 1 || res.Errors[0].Row != 10002 {
			t.Errorf("10,001 rows, the last broken: %d %.300s", r.Status, r.Body)
		}
	}
	// A bad row among good ones: reported, nothing written (200: the
	// contract's {rows, created, updated, errors} answer lists the rows).
	withBadRow := header + "\n" + newRow("Good amp", "5.00") + "\n" + newRow("Bad amp", "-5.00") + "\n"
	var res struct {
		Errors []struct {
			Row   int    `json:"row"`
			Field string `json:"field"`
		} `json:"errors"`
	}
	r := sendCSV(c, admin.Token, withBadRow, false)
	r.JSON(t, &res)
	if r.Status != http.StatusOK || len(res.Errors) != 1 || res.Errors[0].Row != 3 || res.Errors[0].Field != "price" {
		t.Errorf("a bad row: %d %s", r.Status, r.Body)
	}
	if after := dbFingerprint(t, h); after != before {
		t.Fatalf("the database changed:\n%s\n%s", before, after)
	}
}
