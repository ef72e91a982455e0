package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

type fulfilJSON struct {
	ID             string `json:"id"`
	Status         string `json:"status"`
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"trackingNumber"`
	TrackingURL    string `json:"trackingUrl"`
	History        []struct {
		Status, From, By string
		OffPath          bool
	} `json:"history"`
	InternalNotes []struct{ Text, By string } `json:"internalNotes"`
}

// fulfilFixture is a placed order with its admin and customer.
func fulfilFixture(t *testing.T) (testapp.Harness, testapp.User, testapp.User, string) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Chain Hoist", PriceCents: 189900, Stock: 5})
	addLine(t, h.Client, u.Token, p.Id, 2)
	o := placeOrder(t, h.Client, u.Token, usBody("express"))
	return h, admin, u, o.ID
}

func setFulfilStatus(t *testing.T, h testapp.Harness, admin testapp.User, id string, body map[string]any) fulfilJSON {
	t.Helper()
	var d fulfilJSON
	wantStatus(t, h.Client.Do("PUT", "/api/checkout/admin/orders/"+id+"/status", body, testapp.Auth(admin.Token)...), http.StatusOK, &d)
	return d
}

// Every status change keeps who made it, from what and when; a jump off
// the usual path (Cancelled -> Shipped, Delivered -> Created) is marked.
// The customer sees the history without the admins' names.
func TestStatusHistoryKeepsWhoAndJumps(t *testing.T) {
	h, admin, u, id := fulfilFixture(t)
	setFulfilStatus(t, h, admin, id, map[string]any{"status": "Processing"})
	setFulfilStatus(t, h, admin, id, map[string]any{"status": "Cancelled"})
	setFulfilStatus(t, h, admin, id, map[string]any{"status": "Shipped"})
	setFulfilStatus(t, h, admin, id, map[string]any{"status": "Delivered"})
	d := setFulfilStatus(t, h, admin, id, map[string]any{"status": "Created"})
	want := []struct {
		status, from string
		off          bool
	}{{"Created", "", false}, {"Processing", "Created", false}, {"Cancelled", "Processing", false}, {"Shipped", "Cancelled", true},
		{"Delivered", "Shipped", false}, {"Created", "Delivered", true}}
	if len(d.History) != len(want) {
		t.Fatalf("history %+v", d.History)
	}
	for i, w := range want {
		got := d.History[i]
		if got.Status != w.status || got.From != w.from || got.OffPath != w.off || (i > 0 && got.By != admin.Record.Email()) {
			t.Errorf("entry %d: %+v, want %+v by %s", i, got, w, admin.Record.Email())
		}
	}
	r := h.Client.Do("GET", "/api/checkout/orders/"+id, nil, testapp.Auth(u.Token)...)
	if r.Status != http.StatusOK || strings.Contains(string(r.Body), admin.Record.Email()) || !strings.Contains(string(r.Body), `"offPath":true`) {
		t.Fatalf("customer's order: %d %s", r.Status, r.Body)
	}
}

// A carrier with the tracking number gives the carrier's tracking page, in
// the customer's order and in the shipped e-mail; an unknown carrier is a
// 400 that changes nothing.
func TestCarrierTrackingLink(t *testing.T) {
	h, admin, u, id := fulfilFixture(t)
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "unknown carrier", Method: "PUT", URL: "/api/checkout/admin/orders/" + id + "/status", Token: admin.Token,
			Body: map[string]any{"status": "Shipped", "carrier": "pigeon", "trackingNumber": "1"}, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"carrier"}, ExpectedRecords: map[string]int{"orders:update": 0}},
	})
	d := setFulfilStatus(t, h, admin, id, map[string]any{"status": "Shipped", "carrier": "ups", "trackingNumber": " 1Z 999 "})
	if d.Carrier != "ups" || d.TrackingNumber != "1Z 999" || d.TrackingURL != "https://www.ups.com/track?tracknum=1Z+999" {
		t.Fatalf("admin answer %+v", d)
	}
	var mine fulfilJSON
	wantStatus(t, h.Client.Do("GET", "/api/checkout/orders/"+id, nil, testapp.Auth(u.Token)...), http.StatusOK, &mine)
	if mine.TrackingURL != d.TrackingURL {
		t.Fatalf("customer's order %+v", mine)
	}
	var view string // the e-mail as queued (rendered when sent)
	if err := h.App.DB().NewQuery("SELECT view FROM emails WHERE kind = 'order_shipped'").Row(&view); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(view, "https://www.ups.com/track?tracknum=1Z+999") || !strings.Contains(view, "UPS") {
		t.Fatalf("shipped e-mail without the carrier and tracking link: %s", view)
	}
	d = setFulfilStatus(t, h, admin, id, map[string]any{"status": "Shipped", "carrier": "russian_post", "trackingNumber": "RA123456789RU"})
	if d.TrackingURL != "https://www.pochta.ru/tracking?barcode=RA123456789RU" {
		t.Fatalf("russian post %+v", d)
	}
}

// Internal notes are kept with who wrote them and shown to admins only:
// never in a customer's order or list.
func TestInternalNotesAreAdminsOnly(t *testing.T) {
	h, admin, u, id := fulfilFixture(t)
	url := "/api/checkout/admin/orders/" + id + "/notes"
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "signed out", Method: "POST", URL: url, Body: map[string]any{"text": "x"}, ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "*"},
		{Name: "the customer", Method: "POST", URL: url, Body: map[string]any{"text": "x"}, Token: u.Token, ExpectedStatus: http.StatusForbidden, ExpectedCode: "*"},
		{Name: "empty", Method: "POST", URL: url, Body: map[string]any{"text": "  "}, Token: admin.Token, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"text"}, ExpectedRecords: map[string]int{"orders:update": 0}},
		{Name: "a note", Method: "POST", URL: url, Body: map[string]any{"text": "Fragile: call the venue before delivery"}, Token: admin.Token,
			ExpectedStatus: http.StatusCreated, ExpectedContent: []string{"Fragile: call the venue before delivery", admin.Record.Email()}},
	})
	var d fulfilJSON
	wantStatus(t, h.Client.Do("GET", "/api/checkout/admin/orders/"+id, nil, testapp.Auth(admin.Token)...), http.StatusOK, &d)
	if len(d.InternalNotes) != 1 || d.InternalNotes[0].By != admin.Record.Email() {
		t.Fatalf("admin's order %+v", d)
	}
	setFulfilStatus(t, h, admin, id, map[string]any{"status": "Processing"}) // the status answer keeps them too
	for _, path := range []string{"/api/checkout/orders/" + id, "/api/checkout/orders"} {
		r := h.Client.Do("GET", path, nil, testapp.Auth(u.Token)...)
		if r.Status != http.StatusOK || strings.Contains(string(r.Body), "Fragile") || strings.Contains(string(r.Body), "internalNotes") {
			t.Fatalf("%s shows the note to the customer: %s", path, r.Body)
		}
	}
	r := h.Client.Do("POST", "/api/checkout/orders/"+id+"/cancel", nil, testapp.Auth(u.Token)...)
	if strings.Contains(string(r.Body), "Fragile") {
		t.Fatalf("the cancel answer shows the note: %s", r.Body)
	}
}

// The packing slip lists what to pack and where, without a price, for
// admins only; the shipping CSV has one row per order with the address
// and phone.
func TestPackingSlipAndShippingCSV(t *testing.T) {
	h, admin, u, id := fulfilFixture(t)
	slip := "/api/checkout/admin/packing-slips/" + id
	r := h.Client.Do("GET", slip, nil, testapp.Auth(admin.Token)...)
	body := string(r.Body)
	if r.Status != http.StatusOK || !strings.Contains(body, "Chain Hoist") || !strings.Contains(body, "Packing slip") ||
		!strings.Contains(body, "44 20 0000") || strings.Contains(body, "$") || strings.Contains(body, "1899") {
		t.Fatalf("packing slip %d %s", r.Status, body)
	}
	if r := h.Client.Do("GET", slip+"?lang=zh", nil, testapp.Auth(admin.Token)...); !strings.Contains(string(r.Body), "装箱单") {
		t.Fatalf("chinese slip %s", r.Body)
	}
	// The weight's unit in the slip's language, as the app writes it.
	rec, err := h.App.FindRecordById("orders", id)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("weightGrams", 1500)
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"en": "</strong>: 1.5 kg<", "ru": "</strong>: 1.5 кг<", "zh": "</strong>: 1.5 公斤<"} {
		if r := h.Client.Do("GET", slip+"?lang="+lang, nil, testapp.Auth(admin.Token)...); !strings.Contains(string(r.Body), want) {
			t.Errorf("%s slip lacks %q: %s", lang, want, r.Body)
		}
	}
	expectErr(t, h.Client.Do("GET", slip, nil, testapp.Auth(u.Token)...), http.StatusForbidden, "")
	expectErr(t, h.Client.Do("GET", slip, nil), http.StatusUnauthorized, "")
	r = h.Client.Do("GET", "/api/checkout/admin/orders/shipping.csv", nil, testapp.Auth(admin.Token)...)
	lines := strings.Split(strings.TrimSpace(string(r.Body)), "\n")
	if r.Status != http.StatusOK || len(lines) != 2 || !strings.HasPrefix(lines[0], "orderNumber,createdAt,status,name,company,address,city,state,zipCode,country,phone") ||
		!strings.Contains(lines[1], "+44 20 0000") || !strings.Contains(lines[1], "1 Stage Street") {
		t.Fatalf("shipping CSV %d %s", r.Status, r.Body)
	}
	expectErr(t, h.Client.Do("GET", "/api/checkout/admin/orders/shipping.csv", nil, testapp.Auth(u.Token)...), http.StatusForbidden, "")
	expectErr(t, h.Client.Do("GET", "/api/checkout/admin/orders/shipping.csv?from=soon", nil, testapp.Auth(admin.Token)...), http.StatusBadRequest, "")
}

// Marking an order Shipped without a tracking number keeps the carrier and
// number saved before (issue 44: the Ship dialog used to erase them), and
// the Shipped e-mail carries them with the carrier's tracking page; an
// empty string still clears the number.
func TestShippedKeepsSavedTracking(t *testing.T) {
	h, admin, _, id := fulfilFixture(t)
	setFulfilStatus(t, h, admin, id, map[string]any{"status": "Processed", "carrier": "fedex", "trackingNumber": "7489 1234"})
	d := setFulfilStatus(t, h, admin, id, map[string]any{"status": "Shipped"})
	if d.Status != "Shipped" || d.Carrier != "fedex" || d.TrackingNumber != "7489 1234" || d.TrackingURL != "https://www.fedex.com/fedextrack/?trknbr=7489+1234" {
		t.Fatalf("Shipped without a number lost the saved one: %+v", d)
	}
	var view string
	if err := h.App.DB().NewQuery("SELECT view FROM emails WHERE kind = 'order_shipped'").Row(&view); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"7489 1234", "FedEx", "https://www.fedex.com/fedextrack/?trknbr=7489+1234"} {
		if !strings.Contains(view, want) {
			t.Errorf("the Shipped e-mail lacks %q: %s", want, view)
		}
	}
	d = setFulfilStatus(t, h, admin, id, map[string]any{"status": "Shipped", "trackingNumber": ""})
	if d.TrackingNumber != "" || d.TrackingURL != "" {
		t.Fatalf("an empty number did not clear it: %+v", d)
	}
}
