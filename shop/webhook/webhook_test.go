package webhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop/mail"
	"stageshop/shop/webhook"
	"stageshop/shop/wire"
)

// fakeDNS answers names from a table (anything else does not resolve).
func fakeDNS(t *testing.T, table map[string]string) {
	t.Helper()
	t.Cleanup(webhook.SetLookup(func(_ context.Context, host string) ([]netip.Addr, error) {
		v, ok := table[host]
		if !ok {
			return nil, errors.New("no such host " + host)
		}
		var out []netip.Addr
		for _, s := range strings.Split(v, ",") {
			out = append(out, netip.MustParseAddr(s))
		}
		return out, nil
	}))
}

// Every address form a webhook may not reach is refused at creation
// (400), the public one is accepted.
func TestCreateRefusesEachPrivateAddressForm(t *testing.T) {
	fakeDNS(t, map[string]string{"hooks.example": "93.184.215.14", "rebind.example": "10.0.0.5",
		"metadata.example": "169.254.169.254", "mixed.example": "93.184.215.14,127.0.0.1", "v6.example": "fd00::1"})
	app := testapp.New(t)
	refused := []string{
		"https://127.0.0.1/hook", "https://127.1.2.3/", "https://[::1]/", "https://10.1.2.3/", "https://172.16.0.1/",
		"https://172.31.255.255/", "https://192.168.1.10/", "https://169.254.169.254/latest/meta-data/", "https://169.254.1.1/",
		"https://[fe80::1]/", "https://[fc00::1]/", "https://[fd12:3456::1]/", "https://0.0.0.0/", "https://[::]/",
		"https://[::ffff:127.0.0.1]/", "https://[::ffff:10.0.0.1]/", "https://[::ffff:169.254.169.254]/", "https://[::ffff:a9fe:a9fe]/",
		"https://100.64.0.1/", "https://100.127.255.254/", "https://localhost/", "https://rebind.example/", "https://metadata.example/",
		"https://mixed.example/", "https://v6.example/", "http://hooks.example/", "ftp://hooks.example/", "https://user:pw@hooks.example/",
		"https://nowhere.example/", "hooks.example",
		// Numeric host forms some resolvers read as 127.0.0.1 (decimal, hex, octal, short): never a public address.
		"https://2130706433/", "https://0x7f000001/", "https://017700000001/", "https://0177.0.0.1/", "https://127.1/", "https://0x7f.1/",
	}
	for _, u := range refused {
		_, err := webhook.Create(context.Background(), app, wire.WebhookInput{URL: u, Events: []string{webhook.OrderCreated}}, "")
		var p *wire.Problem
		if !errors.As(err, &p) || p.Status != 400 || p.Code != "invalid_webhook_url" {
			t.Errorf("%s: want 400 invalid_webhook_url, got %v", u, err)
		}
	}
	w, err := webhook.Create(context.Background(), app, wire.WebhookInput{URL: "https://hooks.example/in", Events: []string{webhook.OrderCreated}}, "")
	if err != nil || !strings.HasPrefix(w.Secret, "whsec_") || w.State != webhook.StateActive {
		t.Fatalf("public https URL: %+v %v", w, err)
	}
	list, _ := webhook.List(app)
	if len(list) != 1 || list[0].Secret != "" {
		t.Fatalf("the list must show the endpoint without its secret: %+v", list)
	}
	if _, err := webhook.Create(context.Background(), app, wire.WebhookInput{URL: "https://hooks.example/in", Events: []string{"order.eaten"}}, ""); err == nil {
		t.Fatal("an unknown event type was accepted")
	}
}

// receiver is an endpoint on loopback (STAGESHOP_WEBHOOKS_ALLOW_PRIVATE=1)
// that records what it gets and answers with answer(n) for the nth call.
type receiver struct {
	srv    *httptest.Server
	mu     sync.Mutex
	bodies [][]byte
	sigs   []string
	ids    map[string]int
	answer func(n int) int
}

func newReceiver(t *testing.T, answer func(n int) int) *receiver {
	t.Helper()
	t.Setenv("STAGESHOP_WEBHOOKS_ALLOW_PRIVATE", "1")
	r := &receiver{ids: map[string]int{}, answer: answer}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.bodies = append(r.bodies, b)
		r.sigs = append(r.sigs, req.Header.Get(webhook.SignatureHeader))
		r.ids[req.Header.Get("StageShop-Event-Id")]++
		n := len(r.bodies)
		r.mu.Unlock()
		w.WriteHeader(r.answer(n))
		fmt.Fprintf(w, "answer %d", n)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) calls() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.bodies)
}

func always(code int) func(int) int { return func(int) int { return code } }

// create registers url for events, failing the test on error.
func create(t *testing.T, app core.App, url string, events ...string) wire.Webhook {
	t.Helper()
	w, err := webhook.Create(context.Background(), app, wire.WebhookInput{URL: url, Events: events}, "")
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// emit writes one event in its own transaction.
func emit(t *testing.T, app core.App, typ string, data any) {
	t.Helper()
	if err := app.RunInTransaction(func(txApp core.App) error { return webhook.Emit(txApp, typ, data) }); err != nil {
		t.Fatal(err)
	}
}

// worker is a worker whose clock the test moves.
func worker(app core.App, clock *time.Time) *webhook.Worker {
	w := webhook.NewWorker(app)
	webhook.SetClock(w, func() time.Time { return *clock })
	return w
}

func deliveries(t *testing.T, app core.App, id string) []wire.WebhookDelivery {
	t.Helper()
	d, err := webhook.Deliveries(app, id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A delivery is {id, type, createdAt, data}, signed over "t.body" with
// the endpoint's secret; a changed body or another secret does not verify.
func TestDeliverySignatureVerifies(t *testing.T) {
	r := newReceiver(t, always(200))
	app := testapp.New(t)
	hook := create(t, app, r.srv.URL+"/in", webhook.OrderCreated)
	emit(t, app, webhook.OrderCreated, map[string]any{"orderNumber": "SS-1"})
	now := time.Now()
	if n, err := worker(app, &now).SendDue(context.Background()); err != nil || n != 1 {
		t.Fatalf("SendDue: %d %v", n, err)
	}
	if r.calls() != 1 {
		t.Fatalf("%d calls", r.calls())
	}
	body, sig := r.bodies[0], r.sigs[0]
	var got struct {
		ID, Type, CreatedAt string
		Data                map[string]any
	}
	if err := json.Unmarshal(body, &got); err != nil || got.ID == "" || got.Type != webhook.OrderCreated ||
		got.CreatedAt == "" || got.Data["orderNumber"] != "SS-1" {
		t.Fatalf("body %s: %v", body, err)
	}
	if !strings.HasPrefix(sig, "t=") || !strings.Contains(sig, ",v1=") {
		t.Fatalf("signature header %q", sig)
	}
	if !webhook.Verify(hook.Secret, sig, body, time.Now(), 5*time.Minute) {
		t.Fatal("the signature does not verify with the endpoint's secret")
	}
	if webhook.Verify(hook.Secret, sig, append([]byte(nil), append(body, ' ')...), time.Now(), 5*time.Minute) ||
		webhook.Verify("whsec_other", sig, body, time.Now(), 5*time.Minute) ||
		webhook.Verify(hook.Secret, sig, body, time.Now().Add(time.Hour), 5*time.Minute) {
		t.Fatal("a changed body, another secret or an old signature verified")
	}
	d := deliveries(t, app, hook.ID)
	if len(d) != 1 || d[0].Status != "delivered" || len(d[0].Attempts) != 1 || d[0].Attempts[0].StatusCode != 200 ||
		d[0].Attempts[0].Answer != "answer 1" {
		t.Fatalf("delivery log %+v", d)
	}
}

// A failed delivery is retried after each backoff delay, not before, and
// its log keeps every attempt's status code.
func TestDeliveryRetriedWithBackoff(t *testing.T) {
	r := newReceiver(t, func(n int) int {
		if n < 3 {
			return 503
		}
		return 204
	})
	app := testapp.New(t)
	hook := create(t, app, r.srv.URL, webhook.OrderPaid)
	emit(t, app, webhook.OrderPaid, map[string]any{"id": "o1"})
	clock := time.Now()
	w := worker(app, &clock)
	ctx := context.Background()
	steps := []struct {
		advance time.Duration
		calls   int
	}{
		{0, 1},
		{webhook.RetryDelays[0] - time.Second, 1}, // not yet due
		{time.Second, 2},
		{webhook.RetryDelays[1] - time.Second, 2},
		{time.Second, 3},
		{time.Hour, 3}, // delivered: never again
	}
	for i, s := range steps {
		clock = clock.Add(s.advance)
		if _, err := w.SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		if r.calls() != s.calls {
			t.Fatalf("step %d (+%s): %d calls, want %d", i, s.advance, r.calls(), s.calls)
		}
	}
	d := deliveries(t, app, hook.ID)[0]
	codes := []int{}
	for _, a := range d.Attempts {
		codes = append(codes, a.StatusCode)
	}
	if d.Status != "delivered" || fmt.Sprint(codes) != "[503 503 204]" {
		t.Fatalf("delivery %s, codes %v", d.Status, codes)
	}
	list, _ := webhook.List(app)
	if list[0].State != webhook.StateActive {
		t.Fatalf("a delivered endpoint is %s", list[0].State)
	}
}

// woocommerce #20047 fired webhooks repeatedly. Here each event reaches an
// endpoint once, however many workers race for it (go test -race).
func TestWoocommerce20047EachEventOncePerEndpointUnderConcurrentWorkers(t *testing.T) {
	r := newReceiver(t, always(200))
	app := testapp.New(t)
	create(t, app, r.srv.URL+"/a", webhook.OrderCreated)
	create(t, app, r.srv.URL+"/b", webhook.OrderCreated, webhook.OrderPaid)
	const events = 25
	for i := 0; i < events; i++ {
		emit(t, app, webhook.OrderCreated, map[string]any{"n": i})
	}
	var wg sync.WaitGroup
	var attempted atomic.Int64
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := webhook.NewWorker(app)
			for j := 0; j < 3; j++ {
				n, err := w.SendDue(context.Background())
				if err != nil {
					t.Error(err)
				}
				attempted.Add(int64(n))
			}
		}()
	}
	wg.Wait()
	if r.calls() != 2*events || attempted.Load() != 2*events {
		t.Fatalf("%d calls, %d attempts; want %d (each event once to each of two endpoints)", r.calls(), attempted.Load(), 2*events)
	}
	for id, n := range r.ids {
		if n != 2 {
			t.Fatalf("event %s came %d times (once per endpoint is 2)", id, n)
		}
	}
}

// woocommerce #28860 disabled webhooks silently after five failures. Here
// an endpoint that keeps failing is shown failing at once, keeps being
// tried, and is paused only after a day, with an e-mail to the admins.
func TestWoocommerce28860NotSilentlyDisabledAfterFiveFailures(t *testing.T) {
	r := newReceiver(t, always(500))
	app := testapp.New(t)
	admin := testapp.NewUser(t, app, true)
	hook := create(t, app, r.srv.URL, webhook.StockLow)
	clock := time.Now()
	w := worker(app, &clock)
	for i := 0; i < 8; i++ { // eight events, each failing, over about eight hours
		emit(t, app, webhook.StockLow, map[string]any{"n": i})
		if _, err := w.SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		clock = clock.Add(time.Hour)
	}
	list, _ := webhook.List(app)
	if r.calls() < 8 || list[0].State != webhook.StateFailing || list[0].FailingSince == "" || !strings.Contains(list[0].LastError, "500") {
		t.Fatalf("after 8 failures in 8 hours: %d calls, %+v; want failing, still tried", r.calls(), list[0])
	}
	if n := len(emailsOfKind(t, app, mail.KindWebhookPaused)); n != 0 {
		t.Fatalf("%d pause e-mails before a day of failures", n)
	}
	clock = clock.Add(17 * time.Hour) // a day after the first failure
	emit(t, app, webhook.StockLow, map[string]any{"n": "late"})
	if _, err := w.SendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	list, _ = webhook.List(app)
	if list[0].State != webhook.StatePaused || list[0].PausedAt == "" {
		t.Fatalf("after a day of failures: %+v, want paused", list[0])
	}
	sent := emailsOfKind(t, app, mail.KindWebhookPaused)
	if len(sent) != 1 || sent[0].GetString("to") != admin.Record.Email() {
		t.Fatalf("pause e-mails %d, want one to the admin", len(sent))
	}
	calls := r.calls()
	emit(t, app, webhook.StockLow, map[string]any{"n": "paused"})
	clock = clock.Add(time.Hour)
	if _, err := w.SendDue(context.Background()); err != nil || r.calls() != calls {
		t.Fatalf("a paused endpoint was called (%d -> %d) %v", calls, r.calls(), err)
	}
	// A test event that goes through resumes it.
	r.answer = always(200)
	d, err := webhook.SendTest(context.Background(), app, hook.ID)
	if err != nil || d.Status != "delivered" || d.Type != webhook.TypeTest {
		t.Fatalf("test event: %+v %v", d, err)
	}
	if list, _ = webhook.List(app); list[0].State != webhook.StateActive {
		t.Fatalf("after a test event went through: %s", list[0].State)
	}
}

func emailsOfKind(t *testing.T, app core.App, kind string) []*core.Record {
	t.Helper()
	recs, err := app.FindRecordsByFilter(mail.Collection, "kind = {:k}", "", 0, 0, map[string]any{"k": kind})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// An event emitted in a transaction that rolls back is never delivered;
// an event nobody subscribes to writes nothing.
func TestEmitRollsBackWithTheTransaction(t *testing.T) {
	r := newReceiver(t, always(200))
	app := testapp.New(t)
	create(t, app, r.srv.URL, webhook.RefundCreated)
	_ = app.RunInTransaction(func(txApp core.App) error {
		if err := webhook.Emit(txApp, webhook.RefundCreated, map[string]any{}); err != nil {
			t.Fatal(err)
		}
		return errors.New("rolled back")
	})
	emit(t, app, webhook.OrderCreated, nil) // no endpoint wants it
	now := time.Now()
	if n, _ := worker(app, &now).SendDue(context.Background()); n != 0 || r.calls() != 0 {
		t.Fatalf("%d attempts after a rollback", n)
	}
	if n := testapp.Count(t, app, webhook.EventsCollection); n != 0 {
		t.Fatalf("%d events stored", n)
	}
}

// A redirect to a private address is not followed, whether the redirect
// names the address or a DNS name resolving to it.
func TestRedirectToPrivateAddressRefused(t *testing.T) {
	fakeDNS(t, map[string]string{"rebind.example": "10.0.0.7"})
	var inside atomic.Int64
	for _, target := range []string{"http://169.254.169.254/latest/meta-data/", "https://10.0.0.1/", "http://[::ffff:192.168.0.1]/", "https://rebind.example/"} {
		r := newReceiver(t, always(200))
		r.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			inside.Add(1)
			http.Redirect(w, req, target, http.StatusTemporaryRedirect)
		})
		app := testapp.New(t)
		hook := create(t, app, r.srv.URL, webhook.OrderCreated)
		emit(t, app, webhook.OrderCreated, nil)
		now := time.Now()
		if _, err := worker(app, &now).SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		d := deliveries(t, app, hook.ID)[0]
		if d.Status != "queued" || len(d.Attempts) != 1 || !strings.Contains(d.Attempts[0].Error, "redirect") {
			t.Fatalf("redirect to %s: %+v", target, d)
		}
	}
	if inside.Load() != 4 {
		t.Fatalf("%d requests reached the redirecting endpoint", inside.Load())
	}
}

// A name that resolved to a public address at creation and to a private
// one at delivery (DNS rebinding) is refused at connect time: nothing is
// sent.
func TestDeliveryRefusesNameResolvingToPrivateAddress(t *testing.T) {
	r := newReceiver(t, always(200))
	app := testapp.New(t)
	addr := r.srv.Listener.Addr().String() // 127.0.0.1:port
	port := addr[strings.LastIndex(addr, ":")+1:]
	table := map[string]string{"hooks.example": "93.184.215.14"}
	fakeDNS(t, table)
	hook := create(t, app, "https://hooks.example:"+port+"/in", webhook.OrderCreated)
	t.Setenv("STAGESHOP_WEBHOOKS_ALLOW_PRIVATE", "")
	table["hooks.example"] = "127.0.0.1"
	emit(t, app, webhook.OrderCreated, nil)
	now := time.Now()
	if _, err := worker(app, &now).SendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	d := deliveries(t, app, hook.ID)[0]
	if r.calls() != 0 || len(d.Attempts) != 1 || !strings.Contains(d.Attempts[0].Error, "not a public address") {
		t.Fatalf("%d calls reached loopback; %+v", r.calls(), d)
	}
}

// A name that answers a public address to the check and a private one
// to the connection (rebinding between the two) is refused at connect
// time by the dialer.
func TestDialerRefusesRebindingAtConnectTime(t *testing.T) {
	r := newReceiver(t, always(200))
	app := testapp.New(t)
	addr := r.srv.Listener.Addr().String()
	port := addr[strings.LastIndex(addr, ":")+1:]
	var asked atomic.Int64
	t.Cleanup(webhook.SetLookup(func(context.Context, string) ([]netip.Addr, error) {
		if asked.Add(1)%2 == 1 {
			return []netip.Addr{netip.MustParseAddr("93.184.215.14")}, nil // the URL check
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil // the connection
	}))
	hook := create(t, app, "https://rebind.example:"+port+"/", webhook.OrderCreated)
	t.Setenv("STAGESHOP_WEBHOOKS_ALLOW_PRIVATE", "")
	asked.Store(0)
	emit(t, app, webhook.OrderCreated, nil)
	now := time.Now()
	if _, err := worker(app, &now).SendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	d := deliveries(t, app, hook.ID)[0]
	if r.calls() != 0 || asked.Load() < 2 || !strings.Contains(d.Attempts[0].Error, "127.0.0.1 is not a public address") {
		t.Fatalf("%d calls, %d lookups: %+v", r.calls(), asked.Load(), d.Attempts)
	}
}
