package routes_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/shop/webhook"
)

// An Admin registers an endpoint (400 for a private address, the secret
// shown once); an order placed and cancelled reaches it as order.created,
// stock.low, order.status_changed and order.cancelled, each once, in the
// delivery log; customers get 403 and signed-out visitors 401.
func TestWebhooksRoutes(t *testing.T) {
	t.Setenv("STAGESHOP_WEBHOOKS_ALLOW_PRIVATE", "1")
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev struct{ Type string }
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &ev)
		mu.Lock()
		got = append(got, ev.Type)
		mu.Unlock()
	}))
	defer srv.Close()
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Hazer", PriceCents: 12345, Stock: 12})

	all := []string{webhook.OrderCreated, webhook.OrderStatusChanged, webhook.OrderCancelled, webhook.StockLow}
	bad := h.Client.Do("POST", "/api/admin/webhooks", map[string]any{"url": "https://10.0.0.1/hook", "events": all}, testapp.Auth(admin.Token)...)
	if bad.Status != 400 || bad.Map(t)["code"] != "invalid_webhook_url" {
		t.Fatalf("private URL: %d %s", bad.Status, bad.Body)
	}
	if r := h.Client.Do("POST", "/api/admin/webhooks", map[string]any{"url": srv.URL, "events": all}, testapp.Auth(customer.Token)...); r.Status != 403 {
		t.Fatalf("customer: %d", r.Status)
	}
	if r := h.Client.Do("GET", "/api/admin/webhooks", nil); r.Status != 401 {
		t.Fatalf("signed out: %d", r.Status)
	}
	r := h.Client.Do("POST", "/api/admin/webhooks", map[string]any{"url": srv.URL, "events": all}, testapp.Auth(admin.Token)...)
	created := r.Map(t)
	if r.Status != 201 || created["secret"] == nil || created["state"] != "active" {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	id := created["id"].(string)
	list := h.Client.Do("GET", "/api/admin/webhooks", nil, testapp.Auth(admin.Token)...)
	var hooks []map[string]any
	list.JSON(t, &hooks)
	if len(hooks) != 1 || hooks[0]["secret"] != nil {
		t.Fatalf("list: %s", list.Body)
	}

	addLine(t, h.Client, customer.Token, p.Id, 3) // 12 - 3 = 9: low
	order := placeOrder(t, h.Client, customer.Token, orderBody())
	if r := h.Client.Do("PUT", "/api/checkout/admin/orders/"+order.ID+"/status", map[string]any{"status": "Cancelled"}, testapp.Auth(admin.Token)...); r.Status != 200 {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	// The server's own worker may hold some deliveries: wait for them.
	for i := 0; i < 50; i++ {
		if _, err := webhook.NewWorker(h.App).SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n >= 4 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	mu.Lock()
	sort.Strings(got)
	types := append([]string(nil), got...)
	mu.Unlock()
	want := []string{webhook.OrderCancelled, webhook.OrderCreated, webhook.OrderStatusChanged, webhook.StockLow}
	if len(types) != len(want) {
		t.Fatalf("endpoint got %v, want %v", types, want)
	}
	for i := range want {
		if types[i] != want[i] {
			t.Fatalf("endpoint got %v, want %v", types, want)
		}
	}
	var log []map[string]any
	var d testapp.Response
	for i := 0; i < 20; i++ { // the last answer may still be being recorded
		d = h.Client.Do("GET", "/api/admin/webhooks/"+id+"/deliveries", nil, testapp.Auth(admin.Token)...)
		d.JSON(t, &log)
		if len(log) == 4 && log[0]["status"] == "delivered" && log[3]["status"] == "delivered" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if d.Status != 200 || len(log) != 4 || log[0]["status"] != "delivered" {
		t.Fatalf("deliveries: %d %s", d.Status, d.Body)
	}
	test := h.Client.Do("POST", "/api/admin/webhooks/"+id+"/test", nil, testapp.Auth(admin.Token)...)
	if test.Status != 200 || test.Map(t)["status"] != "delivered" {
		t.Fatalf("test event: %d %s", test.Status, test.Body)
	}
	if r := h.Client.Do("DELETE", "/api/admin/webhooks/"+id, nil, testapp.Auth(admin.Token)...); r.Status != 204 {
		t.Fatalf("delete: %d", r.Status)
	}
	if r := h.Client.Do("GET", "/api/admin/webhooks/"+id+"/deliveries", nil, testapp.Auth(admin.Token)...); r.Status != 404 {
		t.Fatalf("deliveries of a deleted endpoint: %d", r.Status)
	}
}
