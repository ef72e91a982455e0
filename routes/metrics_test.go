package routes_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// superuserToken creates a PocketBase superuser and returns its token.
func superuserToken(t *testing.T, app core.App) string {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	su := core.NewRecord(col)
	su.SetEmail("root@example.com")
	su.SetPassword("Secret1234567")
	if err := app.Save(su); err != nil {
		t.Fatal(err)
	}
	tok, err := su.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// metricValue reads one sample of the text format ("" when absent).
func metricValue(body, sample string) string {
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(sample) + ` (\S+)$`)
	if m := re.FindStringSubmatch(body); m != nil {
		return m[1]
	}
	return ""
}

// GET /api/metrics answers superusers and the metrics token, 401 to
// everyone else (signed out, customers, shop admins, a wrong token, or any
// token while none is configured).
func TestMetricsAccess(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	customer := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	root := superuserToken(t, h.App)

	t.Setenv("STAGESHOP_METRICS_TOKEN", "")
	expectErr(t, c.Do("GET", "/api/metrics", nil, testapp.Auth("anything")...), 401, "unauthorized")
	expectErr(t, c.Do("GET", "/api/metrics", nil, testapp.Auth("")...), 401, "unauthorized")

	t.Setenv("STAGESHOP_METRICS_TOKEN", "scrape-secret-1234")
	for name, token := range map[string]string{"signed out": "", "customer": customer.Token, "shop admin": admin.Token, "wrong token": "scrape-secret-123"} {
		r := c.Do("GET", "/api/metrics", nil, testapp.Auth(token)...)
		if r.Status != 401 || strings.Contains(string(r.Body), "stageshop_") {
			t.Errorf("%s: %d %.100s, want 401 without metrics", name, r.Status, r.Body)
		}
	}
	for name, token := range map[string]string{"metrics token": "scrape-secret-1234", "superuser": root} {
		r := c.Do("GET", "/api/metrics", nil, testapp.Auth(token)...)
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("%s: %d %s %.200s", name, r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		for _, want := range []string{"go_goroutines", "process_resident_memory_bytes", "stageshop_realtime_subscribers 0",
			`stageshop_sqlite_connections{pool="write",state="idle"}`, "stageshop_orders_placed_total 0"} {
			if !strings.Contains(string(r.Body), want) {
				t.Errorf("%s: no %q in the metrics", name, want)
			}
		}
	}
}

// The counters follow what shoppers do: requests by route pattern and
// status, a stock conflict, a placed order; the outbox gauges count the
// e-mails by status (0 while there is no outbox).
func TestMetricsCount(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	t.Setenv("STAGESHOP_METRICS_TOKEN", "scrape-secret-1234")
	scrape := func() string {
		r := c.Do("GET", "/api/metrics", nil, testapp.Auth("scrape-secret-1234")...)
		if r.Status != 200 {
			t.Fatalf("metrics: %d %s", r.Status, r.Body)
		}
		return string(r.Body)
	}
	if got := metricValue(scrape(), `stageshop_email_outbox{status="queued"}`); got != "0" {
		t.Errorf("outbox queued without an outbox: %q, want 0", got)
	}

	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{Stock: 2})
	for range 3 {
		c.Do("GET", "/api/products?page=1", nil)
	}
	c.Do("GET", "/api/products/nope", nil)
	expectErr(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 3}, testapp.Auth(u.Token)...), 409, "insufficient_stock")
	addLine(t, c, u.Token, p.Id, 2)
	placeOrder(t, c, u.Token, orderBody())

	body := scrape()
	for sample, want := range map[string]string{
		`stageshop_http_request_duration_seconds_count{code="200",route="GET /api/products"}`:      "3",
		`stageshop_http_request_duration_seconds_count{code="404",route="GET /api/products/{id}"}`: "1",
		`stageshop_http_request_duration_seconds_count{code="409",route="POST /api/cart/items"}`:   "1",
		`stageshop_stock_conflicts_total{code="insufficient_stock"}`:                               "1",
		`stageshop_orders_placed_total`: "1",
	} {
		if got := metricValue(body, sample); got != want {
			t.Errorf("%s = %q, want %s", sample, got, want)
		}
	}

	// The outbox (issue 17's collection): raw rows, only the status matters.
	// The order above queued its confirmation already.
	queuedBefore, _ := strconv.Atoi(metricValue(body, `stageshop_email_outbox{status="queued"}`))
	for i, status := range []string{"queued", "queued", "failed", "sent"} {
		id := "metricsmail" + strconv.Itoa(i)
		if _, err := h.App.DB().NewQuery("INSERT INTO emails (id, status, eventKey) VALUES ({:id}, {:status}, {:id})").
			Bind(map[string]any{"id": id, "status": status}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	body = scrape()
	if q, f := metricValue(body, `stageshop_email_outbox{status="queued"}`), metricValue(body, `stageshop_email_outbox{status="failed"}`); q != strconv.Itoa(queuedBefore+2) || f != "1" {
		t.Errorf("outbox queued=%q failed=%q, want %d and 1", q, f, queuedBefore+2)
	}
}

// The realtime gauge counts the SSE clients connected at the scrape.
func TestMetricsRealtimeSubscribers(t *testing.T) {
	ls := newLiveServer(t)
	t.Setenv("STAGESHOP_METRICS_TOKEN", "scrape-secret-1234")
	r := ls.h.Client.Do("GET", "/api/metrics", nil, testapp.Auth("scrape-secret-1234")...)
	if got := metricValue(string(r.Body), "stageshop_realtime_subscribers"); r.Status != 200 || got != "3" {
		t.Errorf("with 3 subscribers connected: %d, stageshop_realtime_subscribers %q, want 3", r.Status, got)
	}
}
