package routes_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop/audit"
)

// auditRow is an audit entry as stored.
type auditRow struct {
	ActorKind string        `db:"actorKind"`
	ActorID   string        `db:"actorId"`
	Actor     string        `db:"actor"`
	Action    string        `db:"action"`
	TargetCol string        `db:"targetCollection"`
	TargetID  string        `db:"targetId"`
	Label     string        `db:"targetLabel"`
	Before    types.JSONRaw `db:"before"`
	After     types.JSONRaw `db:"after"`
}

// auditRows are the stored entries, oldest first.
func auditRows(t *testing.T, app core.App) []auditRow {
	t.Helper()
	var rows []auditRow
	if err := app.DB().Select("*").From(audit.Collection).OrderBy("created", "rowid").All(&rows); err != nil {
		t.Fatalf("audit rows: %v", err)
	}
	return rows
}

// oneEntry checks that exactly one entry was written since the first skip
// rows and returns it.
func oneEntry(t *testing.T, app core.App, skip int, action string) auditRow {
	t.Helper()
	rows := auditRows(t, app)[skip:]
	if len(rows) != 1 {
		t.Fatalf("%d audit entries after %s, want 1: %+v", len(rows), action, rows)
	}
	if rows[0].Action != action {
		t.Fatalf("entry %q, want %q", rows[0].Action, action)
	}
	return rows[0]
}

// wantJSON checks raw against want, compared as JSON values.
func wantJSON(t *testing.T, what string, raw types.JSONRaw, want string) {
	t.Helper()
	var got, exp any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%s: %s: %v", what, raw, err)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatalf("want %s: %v", want, err)
	}
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("%s = %s, want %s", what, raw, want)
	}
}

// byUser checks that an entry names the staff member u.
func byUser(t *testing.T, r auditRow, u testapp.User) {
	t.Helper()
	if r.ActorKind != "user" || r.ActorID != u.ID() || r.Actor != u.Record.Email() {
		t.Errorf("actor %s %s %s, want user %s %s", r.ActorKind, r.ActorID, r.Actor, u.ID(), u.Record.Email())
	}
}

// A role change is one role.changed entry naming the Admin who made it,
// with the roles before and after; setting the same roles again writes
// none.
func TestAuditRoleChange(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	staff := testapp.NewUser(t, h.App, false)
	n := len(auditRows(t, h.App))
	body := map[string]any{"roles": []string{"Customer", "Fulfilment"}}
	wantStatus(t, h.Client.Do("PUT", "/api/admin/users/"+staff.ID()+"/roles", body, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	r := oneEntry(t, h.App, n, audit.RoleChanged)
	byUser(t, r, admin)
	if r.TargetCol != "users" || r.TargetID != staff.ID() || r.Label != staff.Record.Email() {
		t.Errorf("target %s/%s %s", r.TargetCol, r.TargetID, r.Label)
	}
	wantJSON(t, "before", r.Before, `{"roles":["Customer"]}`)
	wantJSON(t, "after", r.After, `{"roles":["Fulfilment","Customer"]}`)
	wantStatus(t, h.Client.Do("PUT", "/api/admin/users/"+staff.ID()+"/roles", body, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	if got := len(auditRows(t, h.App)); got != n+1 {
		t.Errorf("the same roles again wrote %d entries", got-n-1)
	}
}

// A product's price and stock changes are an entry each, on the product,
// by the staff member; an edit that changes neither writes none.
func TestAuditPriceAndStock(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 19900, Stock: 4})
	auth := testapp.Auth(admin.Token)
	n := len(auditRows(t, h.App))

	wantStatus(t, h.Client.Do("PUT", "/api/products/"+p.Id, map[string]any{"price": 249.5}, auth...), http.StatusOK, nil)
	r := oneEntry(t, h.App, n, audit.ProductPriceChanged)
	byUser(t, r, admin)
	variant := testapp.DefaultVariant(t, h.App, p.Id)
	if r.TargetCol != "products" || r.TargetID != p.Id || r.Label != "Fog Machine ("+catalogSKU(t, h.App, variant)+")" {
		t.Errorf("target %s/%s %q", r.TargetCol, r.TargetID, r.Label)
	}
	wantJSON(t, "before", r.Before, fmt.Sprintf(`{"variant":%q,"priceCents":19900}`, variant))
	wantJSON(t, "after", r.After, fmt.Sprintf(`{"variant":%q,"priceCents":24950}`, variant))

	wantStatus(t, h.Client.Do("PUT", "/api/products/"+p.Id, map[string]any{"stockQuantity": 9}, auth...), http.StatusOK, nil)
	r = oneEntry(t, h.App, n+1, audit.ProductStockChanged)
	byUser(t, r, admin)
	wantJSON(t, "after", r.After, fmt.Sprintf(`{"variant":%q,"stockQuantity":9}`, variant))

	wantStatus(t, h.Client.Do("PUT", "/api/products/"+p.Id, map[string]any{"description": "Low fog"}, auth...), http.StatusOK, nil)
	if got := len(auditRows(t, h.App)); got != n+2 {
		t.Errorf("an edit of the description wrote %d entries", got-n-2)
	}
}

// catalogSKU is a variant's SKU.
func catalogSKU(t *testing.T, app core.App, variantID string) string {
	t.Helper()
	v, err := app.FindRecordById("product_variants", variantID)
	if err != nil {
		t.Fatal(err)
	}
	return v.GetString("sku")
}

// A change that rolls back leaves no entry: the entry is written in the
// change's transaction. The same change committed writes one, by the
// actor bound to the transaction; a save with no actor is "system".
func TestAuditRolledBackChangeWritesNone(t *testing.T) {
	app := testapp.New(t)
	staff := testapp.NewUser(t, app, true)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 1})
	variant := testapp.DefaultVariant(t, app, p.Id)
	n := len(auditRows(t, app))
	boom := errors.New("boom")
	setPrice := func(cents int, fail bool) error {
		return db.Write(audit.Acting(app, audit.User(staff.Record)), func(txApp core.App) error {
			v, err := txApp.FindRecordById("product_variants", variant)
			if err != nil {
				return err
			}
			v.Set("priceCents", cents)
			if err := txApp.Save(v); err != nil {
				return err
			}
			if fail {
				return boom
			}
			return nil
		})
	}
	if err := setPrice(2000, true); !errors.Is(err, boom) {
		t.Fatalf("rolled back change: %v", err)
	}
	if got := len(auditRows(t, app)); got != n {
		t.Fatalf("a rolled back change left %d entries", got-n)
	}
	if err := setPrice(3000, false); err != nil {
		t.Fatal(err)
	}
	byUser(t, oneEntry(t, app, n, audit.ProductPriceChanged), staff)

	v, err := app.FindRecordById("product_variants", variant)
	if err != nil {
		t.Fatal(err)
	}
	v.Set("stockQuantity", 7)
	if err := app.Save(v); err != nil {
		t.Fatal(err)
	}
	if r := oneEntry(t, app, n+1, audit.ProductStockChanged); r.ActorKind != "system" || r.Actor != "system" {
		t.Errorf("a save without an actor: %s %q, want system", r.ActorKind, r.Actor)
	}
}

// GET /api/admin/audit: Admin only (every other role 403, signed out
// 401), newest first, filtered by action, actor, target and dates, paged;
// a bad filter is a 400 in the envelope naming the field.
func TestAuditListFiltersAndAccess(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	staff := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Hazer", PriceCents: 5000, Stock: 2})
	wantStatus(t, c.Do("PUT", "/api/admin/users/"+staff.ID()+"/roles", map[string]any{"roles": []string{"Catalog"}}, auth...), http.StatusOK, nil)
	wantStatus(t, c.Do("PUT", "/api/products/"+p.Id, map[string]any{"price": 55}, auth...), http.StatusOK, nil)

	type page struct {
		Entries []struct {
			Action, Actor, ActorKind, Target, TargetID, Summary string
			Before, After                                       map[string]string
		} `json:"entries"`
		Pagination struct{ TotalCount, PageSize int } `json:"pagination"`
	}
	list := func(query string) page {
		t.Helper()
		var out page
		wantStatus(t, c.Do("GET", "/api/admin/audit"+query, nil, auth...), http.StatusOK, &out)
		return out
	}
	all := list("")
	if len(all.Entries) != 2 || all.Entries[0].Action != audit.ProductPriceChanged || all.Entries[1].Action != audit.RoleChanged ||
		all.Pagination.TotalCount != 2 || all.Pagination.PageSize != audit.DefaultPageSize {
		t.Fatalf("all entries: %+v", all)
	}
	if e := all.Entries[0]; e.Actor != admin.Record.Email() || e.ActorKind != "user" || e.TargetID != p.Id ||
		e.Summary != "priceCents: 5000 → 5500" || e.After["priceCents"] != "5500" {
		t.Errorf("price entry: %+v", e)
	}
	today := time.Now().UTC().Format("2006-01-02")
	yesterday := time.Now().UTC().Add(-24 * time.Hour).Format("2006-01-02")
	tomorrow := time.Now().UTC().Add(24 * time.Hour).Format("2006-01-02")
	for query, want := range map[string]int{
		"?action=role.changed":            1,
		"?action=refund.created":          0,
		"?actor=" + admin.ID():            2,
		"?actor=" + admin.Record.Email():  2,
		"?actor=nobody%40example.com":     0,
		"?target=" + p.Id:                 1,
		"?target=hAZ":                     1,
		"?target=" + staff.ID():           1,
		"?from=" + today + "&to=" + today: 2,
		"?from=" + tomorrow:               0,
		"?to=" + yesterday:                0,
		"?pageSize=1&page=2":              1,
		"?pageSize=1&page=3":              0,
	} {
		if got := list(query); len(got.Entries) != want {
			t.Errorf("%s: %d entries, want %d", query, len(got.Entries), want)
		}
	}
	for query, field := range map[string]string{
		"?action=nope":                       "action",
		"?from=yesterday":                    "from",
		"?to=2026-13-01":                     "to",
		"?from=" + tomorrow + "&to=" + today: "to",
		"?pageSize=101":                      "pageSize",
		"?page=0":                            "page",
		"?page=x":                            "page",
		"?actor=" + strings.Repeat("a", 201): "actor",
	} {
		e := expectErr(t, c.Do("GET", "/api/admin/audit"+query, nil, auth...), http.StatusBadRequest, "validation_failed")
		if e.Errors[field] == "" {
			t.Errorf("%s: errors %v, want one for %s", query, e.Errors, field)
		}
	}
	expectErr(t, c.Do("GET", "/api/admin/audit", nil), http.StatusUnauthorized, "")
	for _, role := range []string{"Manager", "Fulfilment", "Catalog", "Customer"} {
		u := staffUser(t, h.App, role)
		expectErr(t, c.Do("GET", "/api/admin/audit", nil, testapp.Auth(u.Token)...), http.StatusForbidden, "forbidden")
	}
}

// Entries older than two years are removed by the daily prune (the cron
// stageshopPruneAudit), younger ones kept.
func TestAuditPruneAfterTwoYears(t *testing.T) {
	app := testapp.New(t)
	for _, age := range []time.Duration{audit.Retention + time.Hour, audit.Retention - time.Hour, time.Hour} {
		if err := audit.Record(app, audit.System, audit.Entry{Action: audit.SettingsChanged,
			Target: audit.Target{Label: age.String()}}); err != nil {
			t.Fatal(err)
		}
		at, _ := types.ParseDateTime(time.Now().Add(-age).UTC())
		if _, err := app.DB().NewQuery("UPDATE audit_log SET created = {:at} WHERE targetLabel = {:label}").
			Bind(dbx.Params{"at": at.String(), "label": age.String()}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	var job func()
	for _, j := range app.Cron().Jobs() {
		if j.Id() == "stageshopPruneAudit" {
			job = j.Run
		}
	}
	if job == nil {
		t.Fatal("no stageshopPruneAudit cron")
	}
	job()
	rows := auditRows(t, app)
	if len(rows) != 2 {
		t.Fatalf("%d entries after the prune, want 2: %+v", len(rows), rows)
	}
	for _, r := range rows {
		if r.Label == (audit.Retention + time.Hour).String() {
			t.Errorf("the entry older than two years was kept")
		}
	}
}

// An API key's creation and revocation are an entry each by the Admin; a
// change made with a key names the key ("API key <name>"), not a user.
func TestAuditAPIKeys(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 1})
	n := len(auditRows(t, h.App))
	k := newKey(t, h, admin, map[string]any{"name": "ERP", "scopes": []string{"products:write"}})
	r := oneEntry(t, h.App, n, audit.APIKeyCreated)
	byUser(t, r, admin)
	if r.TargetCol != "api_keys" || r.TargetID != k["id"] || r.Label != "ERP" {
		t.Errorf("target %s/%s %q", r.TargetCol, r.TargetID, r.Label)
	}
	wantStatus(t, h.Client.Do("PUT", "/api/products/"+p.Id, map[string]any{"price": 12}, testapp.Auth(k["key"].(string))...), http.StatusOK, nil)
	r = oneEntry(t, h.App, n+1, audit.ProductPriceChanged)
	if r.ActorKind != "apikey" || r.ActorID != k["id"] || r.Actor != "API key ERP" {
		t.Errorf("actor of a key's change: %s %s %q", r.ActorKind, r.ActorID, r.Actor)
	}
	wantStatus(t, h.Client.Do("DELETE", "/api/admin/api-keys/"+k["id"].(string), nil, testapp.Auth(admin.Token)...), http.StatusNoContent, nil)
	byUser(t, oneEntry(t, h.App, n+2, audit.APIKeyRevoked), admin)
	wantStatus(t, h.Client.Do("DELETE", "/api/admin/api-keys/"+k["id"].(string), nil, testapp.Auth(admin.Token)...), http.StatusNoContent, nil)
	if got := len(auditRows(t, h.App)); got != n+3 {
		t.Errorf("revoking a revoked key wrote %d entries", got-n-3)
	}
}
