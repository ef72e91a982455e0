package routes_test

import (
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// orderJSON is an order detail as the contract writes it.
type orderJSON struct {
	ID             string  `json:"id"`
	OrderNumber    string  `json:"orderNumber"`
	CustomerName   string  `json:"customerName"`
	CustomerEmail  string  `json:"customerEmail"`
	SubtotalAmount float64 `json:"subtotalAmount"`
	ShippingMethod string  `json:"shippingMethod"`
	ShippingAmount float64 `json:"shippingAmount"`
	TotalAmount    float64 `json:"totalAmount"`
	TrackingNumber string  `json:"trackingNumber"`
	History        []struct {
		Status string `json:"status"`
		At     string `json:"at"`
	} `json:"history"`
	ItemCount int               `json:"itemCount"`
	Status    string            `json:"status"`
	CreatedAt string            `json:"createdAt"`
	Shipping  map[string]string `json:"shipping"`
	Billing   map[string]string `json:"billing"`
	Items     []struct {
		ID           string            `json:"id"`
		ProductID    string            `json:"productId"`
		ProductName  map[string]string `json:"productName"`
		ProductImage string            `json:"productImage"`
		Quantity     int               `json:"quantity"`
		UnitPrice    float64           `json:"unitPrice"`
		TotalPrice   float64           `json:"totalPrice"`
	} `json:"items"`
}

func shippingBody() map[string]any {
	return map[string]any{
		"firstName": " Ada ", "lastName": "Lovelace", "address": "1 Stage Street", "city": "London",
		"state": "LDN", "zipCode": "N1 9GU", "country": "UK", "phone": "+44 20 0000", "email": "Ada@Example.com",
	}
}

func orderBody() map[string]any {
	return map[string]any{"shippingInfo": shippingBody(), "useShippingForBilling": true, "shippingMethod": "intl_standard"}
}

// addLine puts qty of a product into the user's cart through the API.
func addLine(t testing.TB, c testapp.Client, token, productID string, qty int) {
	t.Helper()
	r := c.Do("POST", "/api/cart/items", map[string]any{"productId": productID, "quantity": qty}, testapp.Auth(token)...)
	if r.Status != 200 {
		t.Fatalf("add to cart: %d %s", r.Status, r.Body)
	}
}

func placeOrder(t *testing.T, c testapp.Client, token string, body any) orderJSON {
	t.Helper()
	r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(token)...)
	if r.Status != http.StatusCreated {
		t.Fatalf("create-order: %d %s", r.Status, r.Body)
	}
	var o orderJSON
	r.JSON(t, &o)
	return o
}

// wantOrderNumber checks an order number's shape: ORD-, the date it was
// placed (after before) and six unambiguous letters or digits.
func wantOrderNumber(t *testing.T, number string, before time.Time) {
	t.Helper()
	if !regexp.MustCompile(`^ORD-\d{8}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$`).MatchString(number) {
		t.Fatalf("order number %q", number)
	}
	if !strings.HasPrefix(number, "ORD-"+time.Now().UTC().Format("20060102")) && !strings.HasPrefix(number, "ORD-"+before.Format("20060102")) {
		t.Fatalf("order number date %q", number)
	}
}

func TestCheckoutCreateOrder(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	p1 := testapp.NewProduct(t, h.App, testapp.Product{Name: "Moving head", NameLocalized: map[string]string{"zh": "摇头灯"}, PriceCents: 49999, Stock: 5})
	p2 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1050, Stock: 3})
	addLine(t, c, u.Token, p1.Id, 2)
	addLine(t, c, u.Token, p2.Id, 3)

	// A client's prices and totals are ignored.
	body := orderBody()
	body["totalAmount"] = 0.01
	before := time.Now().UTC().Add(-time.Second)
	o := placeOrder(t, c, u.Token, body)

	wantOrderNumber(t, o.OrderNumber, before)
	// The lines at today's prices plus international standard shipping to the UK.
	if o.Status != "Created" || o.SubtotalAmount != 1031.48 || o.ShippingMethod != "intl_standard" ||
		o.ShippingAmount != 49.99 || o.TotalAmount != 1081.47 || o.ItemCount != 5 || len(o.Items) != 2 {
		t.Fatalf("order = %+v", o)
	}
	if o.CustomerName != "Ada Lovelace" || o.CustomerEmail != "ada@example.com" {
		t.Fatalf("customer %q %q", o.CustomerName, o.CustomerEmail)
	}
	if ts, err := time.Parse(time.RFC3339, o.CreatedAt); err != nil || !strings.HasSuffix(o.CreatedAt, "Z") || ts.Before(before) {
		t.Fatalf("createdAt %q: %v", o.CreatedAt, err)
	}
	if o.Shipping["firstName"] != "Ada" || o.Shipping["phone"] != "+44 20 0000" || o.Billing["city"] != "London" || o.Billing["phone"] != "" {
		t.Fatalf("addresses: %v %v", o.Shipping, o.Billing)
	}
	first := o.Items[0]
	if first.ProductID != p1.Id || first.ProductName["en"] != "Moving head" || first.ProductName["zh"] != "摇头灯" ||
		first.ProductImage == "" || first.Quantity != 2 || first.UnitPrice != 499.99 || first.TotalPrice != 999.98 || first.ID == "" {
		t.Fatalf("line = %+v", first)
	}
	if s1, s2 := testapp.Stock(t, h.App, p1.Id), testapp.Stock(t, h.App, p2.Id); s1 != 3 || s2 != 0 {
		t.Fatalf("stock %d and %d, want 3 and 0", s1, s2)
	}
	cart := decodeCart(t, c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...))
	if len(cart.Items) != 0 {
		t.Fatalf("cart not cleared: %+v", cart)
	}
	raw := string(c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...).Body)
	if !strings.Contains(raw, `"totalAmount":1081.47`) || !strings.Contains(raw, `"subtotalAmount":1031.48`) || !strings.Contains(raw, `"unitPrice":10.50`) {
		t.Fatalf("money encoding: %s", raw)
	}

	// The snapshot survives changes to the product.
	p1.Set("priceCents", 1)
	p1.Set("name", "Renamed")
	if err := h.App.Save(p1); err != nil {
		t.Fatal(err)
	}
	var again orderJSON
	c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...).JSON(t, &again)
	if again.Items[0].UnitPrice != 499.99 || again.Items[0].ProductName["en"] != "Moving head" || again.TotalAmount != 1081.47 {
		t.Fatalf("snapshot changed: %+v", again.Items[0])
	}
}

func TestCheckoutSeparateBilling(t *testing.T) {
	h := testapp.NewHarness(t)
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	addLine(t, h.Client, u.Token, p.Id, 1)
	body := map[string]any{"shippingInfo": shippingBody(), "useShippingForBilling": false, "billingInfo": map[string]any{
		"firstName": "Bill", "lastName": "Payer", "address": "2 Money Lane", "city": "Leeds", "state": "WY", "zipCode": "LS1", "country": "UK",
	}, "shippingMethod": "intl_express"}
	o := placeOrder(t, h.Client, u.Token, body)
	if o.Billing["firstName"] != "Bill" || o.Billing["city"] != "Leeds" || o.Shipping["city"] != "London" {
		t.Fatalf("billing %v shipping %v", o.Billing, o.Shipping)
	}
}

func TestCheckoutBadInputChangesNothing(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	addLine(t, c, u.Token, p.Id, 2)

	noCity := orderBody()
	noCity["shippingInfo"].(map[string]any)["city"] = "   "
	badEmail := orderBody()
	badEmail["shippingInfo"].(map[string]any)["email"] = "not-an-email"
	noBilling := orderBody()
	noBilling["useShippingForBilling"] = false
	partBilling := map[string]any{"shippingInfo": shippingBody(), "billingInfo": map[string]any{"firstName": "B"}}
	long := orderBody()
	long["shippingInfo"].(map[string]any)["address"] = strings.Repeat("a", 201)

	words := orderBody()
	words["shippingInfo"].(map[string]any)["phone"] = "call me"
	usLetters := orderBody()
	usLetters["shippingInfo"].(map[string]any)["country"] = "USA"
	noOrder := map[string]int{"orders:create": 0, "order_items:create": 0, "cart_items:delete": 0, "emails:create": 0}
	other := testapp.NewUser(t, h.App, false)
	var scenarios []testapp.Scenario
	for _, tc := range []struct {
		name   string
		body   any
		status int
		code   string
		field  string
	}{
		{"malformed", `{"shippingInfo":`, 400, "invalid_json", ""},
		{"empty", "", 400, "invalid_json", ""},
		{"shipping string", `{"shippingInfo":"x"}`, 400, "validation_failed", "shippingInfo"},
		{"city number", `{"shippingInfo":{"city":5}}`, 400, "validation_failed", "shippingInfo.city"},
		{"phone number", `{"shippingInfo":{"phone":5}}`, 400, "validation_failed", "shippingInfo.phone"},
		{"billing city number", `{"billingInfo":{"city":5}}`, 400, "validation_failed", "billingInfo.city"},
		{"flag string", `{"useShippingForBilling":"yes"}`, 400, "validation_failed", "useShippingForBilling"},
		{"no shipping", `{}`, 400, "validation_failed", "shippingInfo.firstName"},
		{"blank city", noCity, 400, "validation_failed", "shippingInfo.city"},
		{"bad email", badEmail, 400, "validation_failed", "shippingInfo.email"},
		{"no billing", noBilling, 400, "validation_failed", "billingInfo.zipCode"},
		{"partial billing", partBilling, 400, "validation_failed", "billingInfo.city"},
		{"too long", long, 400, "validation_failed", "shippingInfo.address"},
		// The browser's checks, made again by the server (shop/facts.json).
		{"a phone of words", words, 400, "validation_failed", "shippingInfo.phone"},
		{"letters in a US ZIP code", usLetters, 400, "validation_failed", "shippingInfo.zipCode"},
		{"oversized", `{"shippingInfo":{"city":"` + strings.Repeat("x", 1<<20) + `"}}`, 413, "body_too_large", ""},
	} {
		sc := testapp.Scenario{Name: tc.name, Method: "POST", URL: "/api/checkout/create-order", Body: tc.body, Token: u.Token,
			ExpectedStatus: tc.status, ExpectedCode: tc.code, ExpectedRecords: noOrder}
		if tc.field != "" {
			sc.ExpectedContent = []string{`"` + tc.field + `":"`}
		}
		scenarios = append(scenarios, sc)
	}
	scenarios = append(scenarios,
		testapp.Scenario{Name: "signed out", Method: "POST", URL: "/api/checkout/create-order", Body: orderBody(),
			ExpectedStatus: 401, ExpectedCode: "unauthorized", ExpectedRecords: noOrder},
		testapp.Scenario{Name: "a guest session is not a sign-in", Method: "POST", URL: "/api/checkout/create-order", Body: orderBody(),
			Headers: sess(guestSession), ExpectedStatus: 401, ExpectedCode: "unauthorized", ExpectedRecords: noOrder},
		testapp.Scenario{Name: "an empty cart", Method: "POST", URL: "/api/checkout/create-order", Body: orderBody(), Token: other.Token,
			ExpectedStatus: 400, ExpectedCode: "cart_empty", ExpectedRecords: noOrder},
	)
	testapp.RunScenarios(t, h, scenarios)
	if testapp.Count(t, h.App, "orders") != 0 || testapp.Stock(t, h.App, p.Id) != 5 || cartLineCount(t, h.App) != 1 {
		t.Fatal("bad input changed something")
	}
}

func TestCheckoutFailingLineChangesNothing(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	ok := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	short := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	gone := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	addLine(t, c, u.Token, ok.Id, 2)
	addLine(t, c, u.Token, short.Id, 4)
	addLine(t, c, u.Token, gone.Id, 1)
	// After the lines went into the cart, stock shrinks and a product is hidden.
	short.Set("stockQuantity", 3)
	gone.Set("isActive", false)
	for _, p := range []*core.Record{short, gone} {
		if err := h.App.Save(p); err != nil {
			t.Fatal(err)
		}
	}

	e := expectErr(t, c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...), 409, "insufficient_stock")
	// Keyed by product (the contract) and by variant.
	shortVariant, goneVariant := testapp.DefaultVariant(t, h.App, short.Id), testapp.DefaultVariant(t, h.App, gone.Id)
	if e.Errors["items."+short.Id] != "Only 3 left in stock" || e.Errors["items."+gone.Id] == "" ||
		e.Errors["items."+shortVariant] != "Only 3 left in stock" || e.Errors["items."+goneVariant] == "" || len(e.Errors) != 4 {
		t.Fatalf("errors = %v", e.Errors)
	}
	if e.Message != "Only 3 left in stock" {
		t.Fatalf("message %q", e.Message)
	}
	// The first line's stock was taken and rolled back with the rest.
	if s := testapp.Stock(t, h.App, ok.Id); s != 5 {
		t.Fatalf("first product stock %d, want 5", s)
	}
	if s := testapp.Stock(t, h.App, short.Id); s != 3 {
		t.Fatalf("short product stock %d, want 3", s)
	}
	if testapp.Count(t, h.App, "orders") != 0 || testapp.Count(t, h.App, "order_items") != 0 {
		t.Fatal("an order was written")
	}
	cart := decodeCart(t, c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...))
	if len(cart.Items) != 3 {
		t.Fatalf("cart changed: %+v", cart)
	}

	// Only a hidden product left failing: a different code, still 409.
	for _, it := range cart.Items {
		if it.ProductID == short.Id {
			decodeCart(t, c.Do("DELETE", "/api/cart/items/"+it.ID, nil, testapp.Auth(u.Token)...))
		}
	}
	e = expectErr(t, c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...), 409, "product_unavailable")
	if len(e.Errors) != 2 || e.Errors["items."+gone.Id] != "This product is no longer available" ||
		e.Errors["items."+goneVariant] != "This product is no longer available" || testapp.Stock(t, h.App, ok.Id) != 5 {
		t.Fatalf("errors = %v", e.Errors)
	}
}

func TestCheckoutCrashInTheMiddleRollsBack(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	p1 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	p2 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	addLine(t, c, u.Token, p1.Id, 1)
	addLine(t, c, u.Token, p2.Id, 1)
	// The second order line fails to save, after the stock was taken and the
	// order and first line were written.
	saved := 0
	h.App.OnRecordCreate("order_items").BindFunc(func(e *core.RecordEvent) error {
		saved++
		if saved == 2 {
			return errForcedFailure
		}
		return e.Next()
	})
	r := c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...)
	expectErr(t, r, 500, "internal_error")
	if strings.Contains(string(r.Body), errForcedFailure.Error()) {
		t.Fatal("the 500 reveals internals")
	}
	if testapp.Stock(t, h.App, p1.Id) != 5 || testapp.Stock(t, h.App, p2.Id) != 5 {
		t.Fatal("stock changed")
	}
	if testapp.Count(t, h.App, "orders") != 0 || testapp.Count(t, h.App, "order_items") != 0 || cartLineCount(t, h.App) != 2 {
		t.Fatal("order written or cart cleared")
	}
}

type forcedFailure struct{}

func (forcedFailure) Error() string { return "forced failure for the test" }

var errForcedFailure = forcedFailure{}

func TestCheckoutConcurrentBuyersNeverOversell(t *testing.T) {
	h := testapp.NewHarness(t)
	const buyers, units = 50, 10
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 999, Stock: units})
	users := make([]testapp.User, buyers)
	for i := range users {
		users[i] = testapp.NewUser(t, h.App, false)
		addLine(t, h.Client, users[i].Token, p.Id, 1)
	}
	statuses := make([]int, buyers)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range users {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			r := h.Client.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(users[i].Token)...)
			statuses[i] = r.Status
		}(i)
	}
	close(start)
	wg.Wait()
	created, conflicts := 0, 0
	for _, s := range statuses {
		switch s {
		case 201:
			created++
		case 409:
			conflicts++
		default:
			t.Errorf("unexpected status %d", s)
		}
	}
	if created != units || conflicts != buyers-units {
		t.Fatalf("%d orders and %d conflicts, want %d and %d", created, conflicts, units, buyers-units)
	}
	if s := testapp.Stock(t, h.App, p.Id); s != 0 {
		t.Fatalf("stock %d, want 0", s)
	}
	if n := testapp.Count(t, h.App, "orders"); n != units {
		t.Fatalf("%d orders in the database", n)
	}
	// The winners' carts are cleared; the losers keep their line.
	if n := cartLineCount(t, h.App); n != buyers-units {
		t.Fatalf("%d cart lines left, want %d", n, buyers-units)
	}
}

func TestCheckoutOwnOrders(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	alice := testapp.NewUser(t, h.App, false)
	bob := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 50})
	var mine []string
	for i := 0; i < 3; i++ {
		addLine(t, c, alice.Token, p.Id, i+1)
		mine = append(mine, placeOrder(t, c, alice.Token, orderBody()).ID)
	}
	addLine(t, c, bob.Token, p.Id, 1)
	bobs := placeOrder(t, c, bob.Token, orderBody())

	r := c.Do("GET", "/api/checkout/orders", nil, testapp.Auth(alice.Token)...)
	var list []orderJSON
	r.JSON(t, &list)
	if r.Status != 200 || len(list) != 3 || list[0].ID != mine[2] || list[2].ID != mine[0] {
		t.Fatalf("own list: %d %s", r.Status, r.Body)
	}
	if list[0].ItemCount != 3 || list[0].SubtotalAmount != 3 || list[0].TotalAmount != 52.99 || list[0].OrderNumber == "" || list[0].CreatedAt == "" || list[0].Items != nil {
		t.Fatalf("summary = %+v", list[0])
	}
	var got orderJSON
	c.Do("GET", "/api/checkout/orders/"+mine[1], nil, testapp.Auth(alice.Token)...).JSON(t, &got)
	if got.ID != mine[1] || len(got.Items) != 1 || got.Items[0].Quantity != 2 {
		t.Fatalf("detail = %+v", got)
	}
	expectErr(t, c.Do("GET", "/api/checkout/orders/"+bobs.ID, nil, testapp.Auth(alice.Token)...), 404, "not_found")
	expectErr(t, c.Do("GET", "/api/checkout/orders/nosuchorder123", nil, testapp.Auth(alice.Token)...), 404, "not_found")
	expectErr(t, c.Do("GET", "/api/checkout/orders", nil), 401, "unauthorized")
	expectErr(t, c.Do("GET", "/api/checkout/orders/"+mine[0], nil), 401, "unauthorized")

	// A user without orders gets [] (not null).
	carol := testapp.NewUser(t, h.App, false)
	if r := c.Do("GET", "/api/checkout/orders", nil, testapp.Auth(carol.Token)...); string(r.Body) != "[]" && strings.TrimSpace(string(r.Body)) != "[]" {
		t.Fatalf("empty list: %s", r.Body)
	}
}

func TestCheckoutAdminOrders(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	alice := testapp.NewUser(t, h.App, false)
	bob := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 50})
	addLine(t, c, alice.Token, p.Id, 1)
	a := placeOrder(t, c, alice.Token, orderBody())
	addLine(t, c, bob.Token, p.Id, 1)
	b := placeOrder(t, c, bob.Token, orderBody())

	var list []orderJSON
	r := c.Do("GET", "/api/checkout/admin/orders", nil, testapp.Auth(admin.Token)...)
	r.JSON(t, &list)
	if r.Status != 200 || len(list) != 2 || list[0].ID != b.ID || list[1].ID != a.ID {
		t.Fatalf("admin list: %d %s", r.Status, r.Body)
	}
	var got orderJSON
	c.Do("GET", "/api/checkout/admin/orders/"+a.ID, nil, testapp.Auth(admin.Token)...).JSON(t, &got)
	if got.ID != a.ID || len(got.Items) != 1 {
		t.Fatalf("admin detail: %+v", got)
	}
	expectErr(t, c.Do("GET", "/api/checkout/admin/orders/nosuchorder123", nil, testapp.Auth(admin.Token)...), 404, "not_found")

	for _, rt := range []struct{ method, url string }{
		{"GET", "/api/checkout/admin/orders"},
		{"GET", "/api/checkout/admin/orders/" + a.ID},
		{"PUT", "/api/checkout/admin/orders/" + a.ID + "/status"},
	} {
		expectErr(t, c.Do(rt.method, rt.url, map[string]any{"status": "Cancelled"}), 401, "unauthorized")
		expectErr(t, c.Do(rt.method, rt.url, map[string]any{"status": "Cancelled"}, testapp.Auth(alice.Token)...), 403, "forbidden")
	}
	if testapp.Stock(t, h.App, p.Id) != 48 {
		t.Fatal("a refused status change moved stock")
	}
}

func setStatus(c testapp.Client, token, id string, body any) testapp.Response {
	return c.Do("PUT", "/api/checkout/admin/orders/"+id+"/status", body, testapp.Auth(token)...)
}

// setStatusOK sets an order's status as an admin and wants it set.
func setStatusOK(t *testing.T, c testapp.Client, token, id, status string) orderJSON {
	t.Helper()
	var got orderJSON
	r := setStatus(c, token, id, map[string]any{"status": status})
	r.JSON(t, &got)
	if r.Status != 200 || got.Status != status || len(got.Items) == 0 {
		t.Fatalf("set %s: %d %s", status, r.Status, r.Body)
	}
	return got
}

// wantBadStatusesRefused sends statuses that do not exist (400) and a
// status change of an order that does not exist (404).
func wantBadStatusesRefused(t *testing.T, c testapp.Client, token, id string) {
	t.Helper()
	for _, bad := range []any{map[string]any{"status": "Lost"}, map[string]any{"status": "cancelled"}, map[string]any{}, `{"status":5}`, `{"status":`} {
		r := setStatus(c, token, id, bad)
		if r.Status != 400 {
			t.Fatalf("status %v: %d %s", bad, r.Status, r.Body)
		}
	}
	expectErr(t, setStatus(c, token, "nosuchorder123", map[string]any{"status": "Shipped"}), 404, "not_found")
}

func TestCheckoutStatusCancelRestocksOnce(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	p1 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	p2 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	addLine(t, c, u.Token, p1.Id, 2)
	addLine(t, c, u.Token, p2.Id, 3)
	o := placeOrder(t, c, u.Token, orderBody())
	stocks := func() (int, int) { return testapp.Stock(t, h.App, p1.Id), testapp.Stock(t, h.App, p2.Id) }
	if a, b := stocks(); a != 3 || b != 2 {
		t.Fatalf("after order %d %d", a, b)
	}

	wantBadStatusesRefused(t, c, admin.Token, o.ID)

	if got := setStatusOK(t, c, admin.Token, o.ID, "Processing"); len(got.Items) != 2 {
		t.Fatalf("processing: %+v", got)
	}
	if a, b := stocks(); a != 3 || b != 2 {
		t.Fatalf("processing moved stock: %d %d", a, b)
	}
	for i := 0; i < 2; i++ {
		setStatusOK(t, c, admin.Token, o.ID, "Cancelled")
		if a, b := stocks(); a != 5 || b != 5 {
			t.Fatalf("after cancel #%d stock %d %d, want 5 5", i+1, a, b)
		}
	}
	// Leaving Cancelled takes the stock again.
	setStatusOK(t, c, admin.Token, o.ID, "Created")
	if a, b := stocks(); a != 3 || b != 2 {
		t.Fatalf("after un-cancel %d %d", a, b)
	}
	// Every status can be set.
	for _, s := range []string{"Processed", "Shipped", "Delivered", "Cancelled"} {
		setStatusOK(t, c, admin.Token, o.ID, s)
	}
	if a, b := stocks(); a != 5 || b != 5 {
		t.Fatalf("after second cancel %d %d", a, b)
	}

	// Stock sold elsewhere meanwhile: un-cancelling is refused and changes nothing.
	p2.Set("stockQuantity", 1)
	if err := h.App.Save(p2); err != nil {
		t.Fatal(err)
	}
	e := expectErr(t, setStatus(c, admin.Token, o.ID, map[string]any{"status": "Processing"}), 409, "insufficient_stock")
	if e.Errors["items."+p2.Id] != "Only 1 left in stock" || e.Available[p2.Id] != 1 {
		t.Fatalf("errors %v", e.Errors)
	}
	if a, b := stocks(); a != 5 || b != 1 {
		t.Fatalf("refused un-cancel moved stock: %d %d", a, b)
	}
	var got orderJSON
	c.Do("GET", "/api/checkout/admin/orders/"+o.ID, nil, testapp.Auth(admin.Token)...).JSON(t, &got)
	if got.Status != "Cancelled" {
		t.Fatalf("status %s after refused un-cancel", got.Status)
	}
}

func TestCheckoutDashboardCancelRestocksToo(t *testing.T) {
	h := testapp.NewHarness(t)
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	addLine(t, h.Client, u.Token, p.Id, 4)
	o := placeOrder(t, h.Client, u.Token, orderBody())
	// A save outside our routes, as the dashboard or a script would do it.
	rec, err := h.App.FindRecordById("orders", o.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("status", "Cancelled")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	if s := testapp.Stock(t, h.App, p.Id); s != 5 {
		t.Fatalf("stock %d after cancel, want 5", s)
	}
	if err := h.App.Save(rec); err != nil { // saving again restocks nothing
		t.Fatal(err)
	}
	if s := testapp.Stock(t, h.App, p.Id); s != 5 {
		t.Fatalf("stock %d after second save, want 5", s)
	}
}
