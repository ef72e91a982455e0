package replica_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/server"
	"stageshop/internal/sqlitecache"
	"stageshop/internal/testapp"
)

// sseEvent is one message of PocketBase's realtime stream.
type sseEvent struct{ name, data string }

// readEvents sends the stream's messages on the channel until it ends.
func readEvents(resp *http.Response, out chan<- sseEvent) {
	defer close(out)
	sc := bufio.NewScanner(resp.Body)
	var ev sseEvent
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event:"):
			ev.name = strings.TrimPrefix(line, "event:")
		case strings.HasPrefix(line, "data:"):
			ev.data = strings.TrimPrefix(line, "data:")
		case line == "" && ev.name != "":
			out <- ev
			ev = sseEvent{}
		}
	}
}

// nextEvent is the next message named name (15 s at most: CI is slow).
func nextEvent(t *testing.T, events <-chan sseEvent, name string) sseEvent {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the realtime stream ended before %s", name)
			}
			if ev.name == name {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %s message on the realtime stream through the replica", name)
		}
	}
}

// A shopper's app subscribed to products through a replica (as the app
// subscribes: PocketBase's SSE stream, then a POST naming the topics)
// receives a price the primary changed: realtime lives on the primary and
// the replica forwards both the stream and the subscription to it (its own
// broker never hears of the primary's writes; served locally, the POST
// would name a client the primary does not know).
func TestRealtimeThroughReplicaReachesPrimary(t *testing.T) {
	t.Setenv("STAGESHOP_REPLICA", "")
	dir := replicaDir(t)
	primary := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env", DBConnect: sqlitecache.Connect})
	server.Register(primary, testapp.Site)
	if err := primary.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = primary.ResetBootstrapState() })
	p := testapp.NewProduct(t, primary, testapp.Product{Name: "Beam moving head", PriceCents: 50000, Stock: 4})
	primarySrv := httptest.NewServer(serve(t, primary))
	defer primarySrv.Close()

	rdir := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "data.db"), filepath.Join(rdir, "data.db")); err != nil {
		t.Fatal(err)
	}
	app, err := replicaApp(t, rdir, primarySrv.URL)
	if err != nil {
		t.Fatal(err)
	}
	replicaSrv := httptest.NewServer(serve(t, app))
	defer replicaSrv.Close()
	t.Cleanup(func() { _ = app.OnTerminate().Trigger(&core.TerminateEvent{App: app}) })

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, replicaSrv.URL+"/api/realtime", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("X-StageShop-Forwarded") != "primary" {
		t.Errorf("the realtime stream was answered by the replica itself (status %d)", resp.StatusCode)
	}
	events := make(chan sseEvent, 16)
	go readEvents(resp, events)
	var hello struct {
		ClientID string `json:"clientId"`
	}
	if err := json.Unmarshal([]byte(nextEvent(t, events, "PB_CONNECT").data), &hello); err != nil || hello.ClientID == "" {
		t.Fatalf("PB_CONNECT without a client id: %v", err)
	}
	sub, err := http.Post(replicaSrv.URL+"/api/realtime", "application/json",
		strings.NewReader(`{"clientId":"`+hello.ClientID+`","subscriptions":["products/`+p.Id+`"]}`))
	if err != nil {
		t.Fatal(err)
	}
	_ = sub.Body.Close()
	if sub.StatusCode != http.StatusNoContent {
		t.Fatalf("subscribing through the replica: %d, want 204", sub.StatusCode)
	}

	p.Set("priceCents", 45000)
	if err := primary.Save(p); err != nil {
		t.Fatal(err)
	}
	ev := nextEvent(t, events, "products/"+p.Id)
	if !strings.Contains(ev.data, `"priceCents":45000`) || !strings.Contains(ev.data, `"action":"update"`) {
		t.Errorf("the event through the replica: %s, want the update with priceCents 45000", ev.data)
	}
}
