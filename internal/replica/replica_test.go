package replica

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A LiteFS replica's mount holds .primary with the primary's URL: the
// process starts as a replica forwarding there; the primary's mount has no
// such file and it starts as the primary.
func TestDetectReadsLiteFSPrimaryFile(t *testing.T) {
	t.Setenv("STAGESHOP_REPLICA", "")
	t.Setenv("STAGESHOP_PRIMARY_URL", "")
	dir := t.TempDir()
	role, err := Detect(dir)
	if err != nil || role.Replica {
		t.Fatalf("no .primary: role %+v, err %v, want the primary", role, err)
	}
	if err := os.WriteFile(filepath.Join(dir, PrimaryFile), []byte("node1:8090\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	role, err = Detect(dir)
	if err != nil || !role.Replica || role.Primary != "http://node1:8090" {
		t.Fatalf(".primary: role %+v, err %v, want a replica forwarding to http://node1:8090", role, err)
	}
	t.Setenv("STAGESHOP_PRIMARY_URL", "http://10.0.0.1:8090")
	if role, _ = Detect(dir); role.Primary != "http://10.0.0.1:8090" {
		t.Errorf("STAGESHOP_PRIMARY_URL: primary %q, want it over .primary", role.Primary)
	}
}

// STAGESHOP_REPLICA=1 without a primary to forward to refuses to start.
func TestDetectForcedReplicaNeedsPrimary(t *testing.T) {
	t.Setenv("STAGESHOP_REPLICA", "1")
	t.Setenv("STAGESHOP_PRIMARY_URL", "")
	if _, err := Detect(t.TempDir()); err == nil {
		t.Fatal("a replica with no primary URL started")
	}
	t.Setenv("STAGESHOP_PRIMARY_URL", "http://p:1")
	if role, err := Detect(""); err != nil || !role.Replica {
		t.Fatalf("role %+v, err %v, want a replica", role, err)
	}
}

// Writes, login, refresh and the realtime stream reach the primary with
// their body; catalog GETs are answered by the replica itself.
func TestForwarderSendsWritesToPrimary(t *testing.T) {
	primary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, "primary "+r.Method+" "+r.URL.RequestURI()+" "+string(body))
	}))
	defer primary.Close()
	f, err := NewForwarder(primary.URL)
	if err != nil {
		t.Fatal(err)
	}
	local := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "replica "+r.URL.Path)
	})
	h := f.Wrap(local)
	cases := []struct{ method, path, body, want string }{
		{"POST", "/api/orders", `{"a":1}`, `primary POST /api/orders {"a":1}`},
		{"POST", "/api/auth/login", `{"email":"x"}`, `primary POST /api/auth/login {"email":"x"}`},
		{"POST", "/api/auth/refresh", ``, `primary POST /api/auth/refresh `},
		{"PATCH", "/api/admin/products/p1", `{}`, `primary PATCH /api/admin/products/p1 {}`},
		{"DELETE", "/api/cart/items/1", ``, `primary DELETE /api/cart/items/1 `},
		{"GET", "/api/realtime?x=1", ``, `primary GET /api/realtime?x=1 `},
		{"GET", "/api/products", ``, `replica /api/products`},
		{"HEAD", "/p/some-amp", ``, ``},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, strings.NewReader(c.body)))
		if got := rec.Body.String(); got != c.want && c.method != "HEAD" {
			t.Errorf("%s %s: %q, want %q", c.method, c.path, got, c.want)
		}
		if strings.HasPrefix(c.want, "primary") && rec.Code != http.StatusCreated {
			t.Errorf("%s %s: status %d, want the primary's 201", c.method, c.path, rec.Code)
		}
	}
}

// A primary that is down (mid-failover) answers 503 primary_unavailable
// in the envelope with Retry-After, never a 500.
func TestForwarderPrimaryDownIs503(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close()
	f, err := NewForwarder(url)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	f.Wrap(http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest("POST", "/api/orders", strings.NewReader("{}")))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q, want 503 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	var env struct {
		Status int    `json:"status"`
		Code   string `json:"code"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Code != "primary_unavailable" || env.Status != 503 {
		t.Errorf("body %s (%v), want the envelope with code primary_unavailable", rec.Body.String(), err)
	}
}
