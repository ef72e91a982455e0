package testapp

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
)

// Scenario is one request to a route and what must come back: PocketBase's
// tests.ApiScenario (status, body fragments, events) for the shop's
// routes. A table of scenarios runs in order against one Harness, so a
// table costs one app (tests.ApiScenario makes an app per scenario, which
// under -race is most of a route test's time) and a scenario may build on
// the records an earlier one wrote.
type Scenario struct {
	Name   string
	Method string
	URL    string
	// Body is nil, a string or []byte (sent as is) or a value sent as JSON.
	Body any
	// Token, when set, is sent as the bearer token; Headers are more pairs
	// of name and value.
	Token   string
	Headers []string

	// ExpectedStatus is the answer's status.
	ExpectedStatus int
	// ExpectedContent must all be in the body and NotExpectedContent none
	// of it (JSON bodies are compacted first, as tests.ApiScenario does).
	ExpectedContent    []string
	NotExpectedContent []string
	// ExpectedCode, when set, is the error envelope's code ("*": any code;
	// the envelope's status must be the answer's and its message not
	// empty); ExpectedErrors, when set, are exactly the field paths of its
	// errors.
	ExpectedCode   string
	ExpectedErrors []string
	// ExpectedRecords counts the committed record writes the request made,
	// by "collection:create|update|delete" ("orders:create": 1); a key
	// with 0 must not happen. Writes by raw SQL (stock) are not records.
	ExpectedRecords map[string]int

	// Before runs before the request: it may set things up and fill in s
	// from what earlier scenarios left (a token, an id in the URL). After
	// gets the answer for the checks a fragment cannot make.
	Before func(t testing.TB, s *Scenario)
	After  func(t testing.TB, r Response)
}

// RunScenarios runs each scenario as a subtest of t, in order, against h.
func RunScenarios(t *testing.T, h Harness, scenarios []Scenario) {
	t.Helper()
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) {
			s.run(t, h)
		})
	}
}

func (s Scenario) run(t *testing.T, h Harness) {
	t.Helper()
	if s.Before != nil {
		s.Before(t, &s)
	}
	headers := slices.Clone(s.Headers)
	if s.Token != "" {
		headers = append(headers, Auth(s.Token)...)
	}
	records := h.Records()
	records.reset()
	c := Client{T: t, Handler: h.Client.Handler}
	r := c.Do(s.Method, s.URL, s.Body, headers...)
	if r.Status != s.ExpectedStatus {
		t.Errorf("%s %s: status %d, want %d: %s", s.Method, s.URL, r.Status, s.ExpectedStatus, r.Body)
	}
	body := compactJSON(r.Body)
	for _, want := range s.ExpectedContent {
		if !strings.Contains(body, want) {
			t.Errorf("%s %s: no %s in %s", s.Method, s.URL, want, body)
		}
	}
	for _, not := range s.NotExpectedContent {
		if strings.Contains(body, not) {
			t.Errorf("%s %s: %s in %s", s.Method, s.URL, not, body)
		}
	}
	if s.ExpectedCode != "" || s.ExpectedErrors != nil {
		checkEnvelope(t, r, s.ExpectedCode, s.ExpectedErrors)
	}
	got := records.counts()
	for event, want := range s.ExpectedRecords {
		if got[event] != want {
			t.Errorf("%s %s: %d %s, want %d (record writes: %v)", s.Method, s.URL, got[event], event, want, got)
		}
	}
	if s.After != nil && !t.Failed() {
		s.After(t, r)
	}
}

// checkEnvelope checks that r is the contract's error envelope with code
// (any when "" or "*") and, when fields is not nil, errors for exactly fields.
func checkEnvelope(t testing.TB, r Response, code string, fields []string) {
	t.Helper()
	var env struct {
		Status  int               `json:"status"`
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Errors  map[string]string `json:"errors"`
	}
	if err := json.Unmarshal(r.Body, &env); err != nil {
		t.Errorf("not an envelope: %s", r.Body)
		return
	}
	if env.Status != r.Status || env.Message == "" || (code != "" && code != "*" && env.Code != code) {
		t.Errorf("envelope %+v, want status %d code %q", env, r.Status, code)
	}
	if fields == nil {
		return
	}
	for _, f := range fields {
		if env.Errors[f] == "" {
			t.Errorf("errors %v lack %q", env.Errors, f)
		}
	}
	if len(env.Errors) != len(fields) {
		t.Errorf("errors %v, want only %v", env.Errors, fields)
	}
}

// compactJSON is body without insignificant spaces when it is JSON.
func compactJSON(body []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, body) != nil {
		return string(body)
	}
	return b.String()
}

// RecordWrites counts an app's committed record writes by
// "collection:create|update|delete".
type RecordWrites struct {
	mu sync.Mutex
	n  map[string]int
}

func (w *RecordWrites) add(e *core.RecordEvent, kind string) error {
	// The live queue announces records after their write's commit, at a
	// moment of its own: not a write, and counting it made tests flaky.
	if catalog.IsAnnouncement(e.Context) {
		return e.Next()
	}
	w.mu.Lock()
	w.n[e.Record.Collection().Name+":"+kind]++
	w.mu.Unlock()
	return e.Next()
}

func (w *RecordWrites) reset() {
	w.mu.Lock()
	w.n = map[string]int{}
	w.mu.Unlock()
}

func (w *RecordWrites) counts() map[string]int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return maps.Clone(w.n)
}

// countRecordWrites binds a RecordWrites to app.
func countRecordWrites(app core.App) *RecordWrites {
	w := &RecordWrites{n: map[string]int{}}
	app.OnRecordAfterCreateSuccess().BindFunc(func(e *core.RecordEvent) error { return w.add(e, "create") })
	app.OnRecordAfterUpdateSuccess().BindFunc(func(e *core.RecordEvent) error { return w.add(e, "update") })
	app.OnRecordAfterDeleteSuccess().BindFunc(func(e *core.RecordEvent) error { return w.add(e, "delete") })
	return w
}
