package routes_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"stageshop/internal/testapp"
)

// liveEvent is one realtime message as a subscriber receives it.
type liveEvent struct {
	Topic  string
	Action string         `json:"action"`
	Record map[string]any `json:"record"`
}

// subscriber is a realtime connection over real HTTP (SSE), subscribed with
// a token (or none) the way the pocketbase SDK does it.
type subscriber struct {
	mu       sync.Mutex
	events   []liveEvent
	closed   chan struct{} // closed when the server ends the stream
	clientID string
}

// subscribe opens /api/realtime on srv and subscribes to topics with token.
func subscribe(t *testing.T, srv *httptest.Server, token string, topics ...string) *subscriber {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/realtime", nil)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("realtime connect: %v", err)
	}
	s := &subscriber{closed: make(chan struct{})}
	ids := make(chan string, 1)
	go s.read(resp, ids)
	var clientID string
	select {
	case clientID = <-ids:
	case <-time.After(5 * time.Second):
		t.Fatal("no PB_CONNECT")
	}
	s.clientID = clientID
	body, _ := json.Marshal(map[string]any{"clientId": clientID, "subscriptions": topics})
	post, _ := http.NewRequest("POST", srv.URL+"/api/realtime", bytes.NewReader(body))
	post.Header.Set("Content-Type", "application/json")
	if token != "" {
		post.Header.Set("Authorization", "Bearer "+token)
	}
	r, err := srv.Client().Do(post)
	if err != nil || r.StatusCode != http.StatusNoContent {
		t.Fatalf("realtime subscribe: %v %v", err, r)
	}
	r.Body.Close()
	return s
}

// read parses the event stream: the connect message's client id goes to
// ids, record events are kept.
func (s *subscriber) read(resp *http.Response, ids chan<- string) {
	defer close(s.closed)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var name, data string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimPrefix(line, "event:")
		case strings.HasPrefix(line, "data:"):
			data = strings.TrimPrefix(line, "data:")
		case line == "" && name == "PB_CONNECT":
			var c struct{ ClientID string }
			_ = json.Unmarshal([]byte(data), &c)
			ids <- c.ClientID
			name, data = "", ""
		case line == "" && name != "":
			ev := liveEvent{Topic: name}
			_ = json.Unmarshal([]byte(data), &ev)
			s.mu.Lock()
			s.events = append(s.events, ev)
			s.mu.Unlock()
			name, data = "", ""
		}
	}
}

// take returns and forgets the events received so far.
func (s *subscriber) take() []liveEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.events
	s.events = nil
	return out
}

// waitFor waits until one received event satisfies ok and returns it.
func (s *subscriber) waitFor(t *testing.T, what string, ok func(liveEvent) bool) liveEvent {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		for _, ev := range s.events {
			if ok(ev) {
				s.mu.Unlock()
				return ev
			}
		}
		s.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no event %s; got %+v", what, s.take())
	return liveEvent{}
}

// liveServer serves a fresh app over real HTTP with an anonymous, a
// customer and an admin subscriber on every collection the shop opens.
type liveServer struct {
	h                       testapp.Harness
	srv                     *httptest.Server
	customer, admin         testapp.User
	anonSub, custSub, adSub *subscriber
}

func newLiveServer(t *testing.T) *liveServer {
	t.Helper()
	h := testapp.NewHarness(t)
	srv := httptest.NewServer(h.Client.Handler)
	t.Cleanup(srv.Close)
	topics := []string{"products/*", "orders/*", "contact_requests/*"}
	ls := &liveServer{h: h, srv: srv,
		customer: testapp.NewUser(t, h.App, false), admin: testapp.NewUser(t, h.App, true)}
	ls.anonSub = subscribe(t, srv, "", topics...)
	ls.custSub = subscribe(t, srv, ls.customer.Token, topics...)
	ls.adSub = subscribe(t, srv, ls.admin.Token, topics...)
	return ls
}

// settle waits until the admin has seen the event (everyone is sent it at
// the same time), a little longer, and returns what each subscriber got.
func (ls *liveServer) settle(t *testing.T, what string, ok func(liveEvent) bool) (anon, cust, admin []liveEvent) {
	t.Helper()
	ls.adSub.waitFor(t, what, ok)
	time.Sleep(200 * time.Millisecond)
	return ls.anonSub.take(), ls.custSub.take(), ls.adSub.take()
}

func topicsOf(evs []liveEvent) []string {
	var out []string
	for _, ev := range evs {
		out = append(out, strings.SplitN(ev.Topic, "/", 2)[0]+":"+ev.Action)
	}
	return out
}

func isAction(collection, action, id string) func(liveEvent) bool {
	return func(ev liveEvent) bool {
		return strings.HasPrefix(ev.Topic, collection+"/") && ev.Action == action &&
			(id == "" || ev.Record["id"] == id)
	}
}

// Products: anyone subscribed gets active products as they are created and
// changed, without internals; inactive ones never travel; deactivating or
// deleting one tells everyone it is gone.
func TestLiveProducts(t *testing.T) {
	ls := newLiveServer(t)
	app := ls.h.App
	testapp.NewProduct(t, app, testapp.Product{Inactive: true, Stock: 3}) // never travels
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1250, Stock: 4})
	anon, cust, admin := ls.settle(t, "product create", isAction("products", "create", p.Id))
	for who, evs := range map[string][]liveEvent{"anonymous": anon, "customer": cust, "admin": admin} {
		if len(evs) != 1 || evs[0].Record["id"] != p.Id || evs[0].Record["stockQuantity"] != 4.0 {
			t.Errorf("%s got %v, want only the active product's create", who, evs)
			continue
		}
		if _, ok := evs[0].Record["searchText"]; ok {
			t.Errorf("%s received searchText: %v", who, evs[0].Record)
		}
	}

	p.Set("stockQuantity", 9)
	if err := app.Save(p); err != nil {
		t.Fatal(err)
	}
	anon, cust, _ = ls.settle(t, "product update", isAction("products", "update", p.Id))
	for who, evs := range map[string][]liveEvent{"anonymous": anon, "customer": cust} {
		if len(evs) != 1 || evs[0].Action != "update" || evs[0].Record["stockQuantity"] != 9.0 {
			t.Errorf("%s got %v after a restock, want one update with stock 9", who, evs)
		}
	}

	p.Set("isActive", false)
	if err := app.Save(p); err != nil {
		t.Fatal(err)
	}
	gone := func(ev liveEvent) bool {
		return isAction("products", "update", p.Id)(ev) && ev.Record["isActive"] == false
	}
	anon, cust, admin = ls.settle(t, "product deactivated", gone)
	for who, evs := range map[string][]liveEvent{"anonymous": anon, "customer": cust, "admin": admin} {
		// The app drops a product whose event says isActive false; nothing
		// else of an inactive product travels (id, collectionId, collectionName, isActive).
		if len(evs) != 1 || !gone(evs[0]) || len(evs[0].Record) != 4 {
			t.Errorf("%s got %v after deactivation, want one update with only the id and isActive false", who, evs)
		}
	}
	// Inactive, it sends nothing: not a restock, not its deletion.
	p.Set("stockQuantity", 20)
	if err := app.Save(p); err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(p); err != nil {
		t.Fatal(err)
	}

	q := testapp.NewProduct(t, app, testapp.Product{Stock: 1})
	anon, cust, admin = ls.settle(t, "second product", isAction("products", "create", q.Id))
	for who, evs := range map[string][]liveEvent{"anonymous": anon, "customer": cust, "admin": admin} {
		if len(evs) != 1 {
			t.Errorf("%s got %v while the inactive product changed and went, then a product came: want only the new one", who, topicsOf(evs))
		}
	}
	if err := app.Delete(q); err != nil {
		t.Fatal(err)
	}
	anon, _, _ = ls.settle(t, "product delete", isAction("products", "delete", q.Id))
	if len(anon) != 1 || anon[0].Record["id"] != q.Id {
		t.Errorf("anonymous got %v after a delete, want the delete", anon)
	}
}

// An order: its stock move (raw SQL) reaches product subscribers as an
// update with the new stock; the order itself reaches admins only, with the
// customer's e-mail; a cancellation puts the stock back, live too.
func TestLiveOrder(t *testing.T) {
	ls := newLiveServer(t)
	p := testapp.NewProduct(t, ls.h.App, testapp.Product{PriceCents: 5000, Stock: 2})
	ls.settle(t, "product create", isAction("products", "create", p.Id))
	addLine(t, ls.h.Client, ls.customer.Token, p.Id, 2)
	order := placeOrder(t, ls.h.Client, ls.customer.Token, orderBody())

	ls.adSub.waitFor(t, "stock update", isAction("products", "update", p.Id))
	anon, cust, admin := ls.settle(t, "order create", isAction("orders", "create", order.ID))
	for who, evs := range map[string][]liveEvent{"anonymous": anon, "customer": cust, "admin": admin} {
		var stock []any
		orders := 0
		for _, ev := range evs {
			if ev.Record["id"] == p.Id {
				stock = append(stock, ev.Record["stockQuantity"])
			}
			if strings.HasPrefix(ev.Topic, "orders/") {
				orders++
				if ev.Record["orderNumber"] != order.OrderNumber || ev.Record["customerEmail"] != "ada@example.com" {
					t.Errorf("%s: order event %v", who, ev.Record)
				}
			}
		}
		if len(stock) != 1 || stock[0] != 0.0 {
			t.Errorf("%s: stock events %v, want one with 0", who, stock)
		}
		if want := map[string]int{"admin": 1}[who]; orders != want {
			t.Errorf("%s got %d order events, want %d (%v)", who, orders, want, topicsOf(evs))
		}
	}

	r := ls.h.Client.Do("PUT", "/api/checkout/admin/orders/"+order.ID+"/status",
		map[string]any{"status": "Cancelled"}, testapp.Auth(ls.admin.Token)...)
	if r.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	back := ls.anonSub.waitFor(t, "restock", isAction("products", "update", p.Id))
	if back.Record["stockQuantity"] != 2.0 {
		t.Errorf("after cancelling, anonymous saw stock %v, want 2", back.Record["stockQuantity"])
	}
	anon, cust, _ = ls.settle(t, "order update", isAction("orders", "update", order.ID))
	for _, ev := range append(anon, cust...) {
		if strings.HasPrefix(ev.Topic, "orders/") {
			t.Errorf("a non-admin received an order event: %v", ev)
		}
	}
}

// A contact request reaches admins only.
func TestLiveContactRequest(t *testing.T) {
	ls := newLiveServer(t)
	r := ls.h.Client.Do("POST", "/api/contact/submit", map[string]any{
		"name": "Grace", "email": "grace@example.com", "subject": "Rigging", "message": "Do you rent trusses?"})
	if r.Status != http.StatusCreated {
		t.Fatalf("submit: %d %s", r.Status, r.Body)
	}
	anon, cust, admin := ls.settle(t, "contact create", isAction("contact_requests", "create", ""))
	if len(anon) != 0 || len(cust) != 0 {
		t.Errorf("anonymous got %v, customer got %v; want nothing", topicsOf(anon), topicsOf(cust))
	}
	if len(admin) != 1 || admin[0].Record["name"] != "Grace" || admin[0].Record["email"] != "grace@example.com" {
		t.Errorf("admin got %v, want the new request", admin)
	}
}

// The records API shows exactly what realtime sends and takes no writes.
func TestLiveRecordsAPI(t *testing.T) {
	h := testapp.NewHarness(t)
	customer, admin := testapp.NewUser(t, h.App, false), testapp.NewUser(t, h.App, true)
	active := testapp.NewProduct(t, h.App, testapp.Product{Stock: 1})
	testapp.NewProduct(t, h.App, testapp.Product{Inactive: true})
	addLine(t, h.Client, customer.Token, active.Id, 1)
	placeOrder(t, h.Client, customer.Token, orderBody())
	h.Client.Do("POST", "/api/contact/submit", map[string]any{
		"name": "Grace", "email": "grace@example.com", "subject": "Hi", "message": "Hello"})

	tokens := map[string]string{"anonymous": "", "customer": customer.Token, "admin": admin.Token}
	want := map[string]map[string]int{
		"products":         {"anonymous": 1, "customer": 1, "admin": 1},
		"orders":           {"anonymous": 0, "customer": 0, "admin": 1},
		"contact_requests": {"anonymous": 0, "customer": 0, "admin": 1},
	}
	for col, byWho := range want {
		for who, n := range byWho {
			r := h.Client.Do("GET", "/api/collections/"+col+"/records", nil, testapp.Auth(tokens[who])...)
			var list struct {
				Items []map[string]any `json:"items"`
			}
			r.JSON(t, &list)
			if r.Status != http.StatusOK || len(list.Items) != n {
				t.Errorf("%s lists %s: %d with %d items, want %d", who, col, r.Status, len(list.Items), n)
			}
			for _, it := range list.Items {
				if _, ok := it["searchText"]; ok {
					t.Errorf("%s sees searchText of %s", who, col)
				}
			}
			w := h.Client.Do("POST", "/api/collections/"+col+"/records", map[string]any{"name": "x"}, testapp.Auth(tokens[who])...)
			if w.Status != http.StatusForbidden {
				t.Errorf("%s creating in %s: %d, want 403", who, col, w.Status)
			}
		}
	}
	for _, m := range []string{"PATCH", "DELETE"} {
		r := h.Client.Do(m, "/api/collections/products/records/"+active.Id, map[string]any{"stockQuantity": 99}, testapp.Auth(admin.Token)...)
		if r.Status != http.StatusForbidden && r.Status != http.StatusNotFound {
			t.Errorf("admin %s on a product record: %d, want 403/404", m, r.Status)
		}
	}
	if testapp.Stock(t, h.App, active.Id) != 0 {
		t.Error("the records API changed a product")
	}
}

// The shipped app bounds realtime subscriptions: two topics on one
// collection, or more than 20 topics, are a 400 in PocketBase's envelope.
func TestLiveSubscriptionLimits(t *testing.T) {
	h := testapp.NewHarness(t)
	srv := httptest.NewServer(h.Client.Handler)
	t.Cleanup(srv.Close)
	s := subscribe(t, srv, "", "products/*")
	many := []string{"PB_CONNECT"}
	for i := 0; len(many) <= 20; i++ {
		many = append(many, "topic"+strings.Repeat("x", i))
	}
	for _, tc := range []struct {
		topics []string
		code   string
	}{
		{[]string{"products/*", "products/abc"}, "validation_duplicate_collection_subscription"},
		{many, "validation_too_many_subscriptions"},
	} {
		body, _ := json.Marshal(map[string]any{"clientId": s.clientID, "subscriptions": tc.topics})
		r, err := srv.Client().Post(srv.URL+"/api/realtime", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var env struct {
			Status int
			Data   map[string]struct{ Code string }
		}
		_ = json.NewDecoder(r.Body).Decode(&env)
		r.Body.Close()
		if r.StatusCode != http.StatusBadRequest || env.Status != 400 || env.Data["subscriptions"].Code != tc.code {
			t.Errorf("%d topics: %d %+v, want 400 %s", len(tc.topics), r.StatusCode, env, tc.code)
		}
	}
}

// Stock moved by an order goes through PocketBase's own broadcast, so a
// subscription's filter and fields apply to it as to any update (the shop's
// earlier copy of the fan-out skipped filtered subscriptions).
func TestLiveStockHonoursSubscriptionOptions(t *testing.T) {
	h := testapp.NewHarness(t)
	srv := httptest.NewServer(h.Client.Handler)
	t.Cleanup(srv.Close)
	low := testapp.NewProduct(t, h.App, testapp.Product{Stock: 2})
	high := testapp.NewProduct(t, h.App, testapp.Product{Stock: 50})
	sub := subscribe(t, srv, "", `products/*?options={"query":{"filter":"stockQuantity < 5","fields":"id,stockQuantity"}}`)
	customer := testapp.NewUser(t, h.App, false)
	addLine(t, h.Client, customer.Token, high.Id, 1)
	addLine(t, h.Client, customer.Token, low.Id, 1)
	placeOrder(t, h.Client, customer.Token, orderBody())
	ev := sub.waitFor(t, "the low-stock product's update", isAction("products", "update", low.Id))
	if len(ev.Record) != 2 || ev.Record["stockQuantity"] != 1.0 {
		t.Errorf("filtered subscription got %v, want only id and stockQuantity 1", ev.Record)
	}
	time.Sleep(200 * time.Millisecond)
	for _, e := range sub.take() {
		if e.Record["id"] == high.Id {
			t.Errorf("the filter (stock < 5) let through %v", e.Record)
		}
	}
}
