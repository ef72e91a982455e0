package routes_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"stageshop/internal/testapp"
)

type storeJSON struct {
	Name    string            `json:"name"`
	LogoURL string            `json:"logoUrl"`
	Email   string            `json:"email"`
	Phone   string            `json:"phone"`
	Address string            `json:"address"`
	Hours   map[string]string `json:"hours"`
	Hero    struct {
		Title map[string]string `json:"title"`
		Text  map[string]string `json:"text"`
	} `json:"hero"`
	Social []struct {
		Kind string `json:"kind"`
		URL  string `json:"url"`
	} `json:"social"`
}

func validStore() map[string]any {
	return map[string]any{
		"name": "Rig & Roll", "email": "desk@rigandroll.example", "phone": "+44 20 7946 0000",
		"address": "1 Stage Lane\nLondon", "hours": map[string]string{"en": "Mon-Fri 9-17", "zh": "周一至周五 9-17"},
		"hero":   map[string]any{"title": map[string]string{"en": "Gear for every show", "zh": "每场演出的装备"}, "text": "Lights and sound"},
		"social": []map[string]string{{"kind": "youtube", "url": "https://youtube.com/@rig"}},
	}
}

// GET /api/shop is public and shows the owner's change at once (no
// restart, revalidated: 304 while unchanged); PUT /api/admin/shop is for
// admins only and refuses bad input field by field, writing nothing.
func TestStoreRoutes(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)

	var before storeJSON
	r := c.Do("GET", "/api/shop", nil)
	wantStatus(t, r, 200, &before)
	if before.Name != "StageShop" || before.Hero.Title["zh"] != "专业舞台设备" || before.Social == nil {
		t.Fatalf("defaults %+v", before)
	}
	etag := r.Header.Get("ETag")
	if r2 := c.Do("GET", "/api/shop", nil, "If-None-Match", etag); etag == "" || r2.Status != http.StatusNotModified {
		t.Fatalf("revalidation: etag %q, %d", etag, r2.Status)
	}

	expectErr(t, c.Do("PUT", "/api/admin/shop", validStore()), 401, "unauthorized")
	expectErr(t, c.Do("PUT", "/api/admin/shop", validStore(), testapp.Auth(customer.Token)...), 403, "forbidden")
	bad := validStore()
	bad["email"], bad["phone"] = "nope", "<script>"
	bad["social"] = []map[string]string{{"kind": "website", "url": "javascript:alert(1)"}}
	env := wantError(t, c.Do("PUT", "/api/admin/shop", bad, testapp.Auth(admin.Token)...), 400, "validation_failed")
	wantFields(t, env, "email", "phone", "social.0.url")
	expectErr(t, c.Do("PUT", "/api/admin/shop", `{"name": 5}`, testapp.Auth(admin.Token)...), 400, "")
	var unchanged storeJSON
	wantStatus(t, c.Do("GET", "/api/shop", nil), 200, &unchanged)
	if unchanged.Name != before.Name || unchanged.Email != before.Email {
		t.Fatalf("a refused change was written: %+v", unchanged)
	}

	var saved storeJSON
	wantStatus(t, c.Do("PUT", "/api/admin/shop", validStore(), testapp.Auth(admin.Token)...), 200, &saved)
	var now storeJSON
	r = c.Do("GET", "/api/shop", nil, "If-None-Match", etag)
	wantStatus(t, r, 200, &now)
	if now.Name != "Rig & Roll" || now.Phone != "+44 20 7946 0000" || now.Hero.Title["zh"] != "每场演出的装备" ||
		now.Hero.Text["en"] != "Lights and sound" || now.Hours["zh"] != "周一至周五 9-17" || len(now.Social) != 1 || now.Address != "1 Stage Lane\nLondon" {
		t.Fatalf("after the change %+v", now)
	}
}

// The dashboard is held to the same rules for the store details.
func TestStoreDetailsThroughTheDashboard(t *testing.T) {
	h := testapp.NewHarness(t)
	su := superuserToken(t, h.App)
	recs, _ := h.App.FindAllRecords("shop_settings")
	url := "/api/collections/shop_settings/records/" + recs[0].Id
	for _, bad := range []map[string]any{
		{"contactEmail": "not-an-address"}, {"contactPhone": "call me"},
		{"social": []map[string]string{{"kind": "website", "url": "javascript:alert(1)"}}},
		{"heroText": map[string]string{"en": strings.Repeat("a", 401)}},
	} {
		if r := h.Client.Do("PATCH", url, bad, "Authorization", su); r.Status != http.StatusBadRequest {
			t.Errorf("%v: %d %s", bad, r.Status, r.Body)
		}
	}
	wantStatus(t, h.Client.Do("PATCH", url, map[string]any{"contactPhone": "+1 555 0100"}, "Authorization", su), 200, nil)
	var now storeJSON
	wantStatus(t, h.Client.Do("GET", "/api/shop", nil), 200, &now)
	if now.Phone != "+1 555 0100" {
		t.Errorf("dashboard change not shown: %+v", now)
	}
}

// The shop's time zone is one of its settings (issue 46): an unknown zone
// or the host's "Local" is refused as a field error, writing nothing; a
// known one is kept (a body without it keeps it too) and the answer says
// the shop's date in it, the date the bookings calendar starts from.
func TestStoreTimeZone(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	type zoneJSON struct{ TimeZone, Today string }
	var got zoneJSON
	wantStatus(t, h.Client.Do("GET", "/api/shop", nil), 200, &got)
	chicago, _ := time.LoadLocation("America/Chicago")
	if got.TimeZone != "America/Chicago" || !dateNow(got.Today, chicago) {
		t.Fatalf("default zone %+v", got)
	}
	for _, zone := range []string{"Mars/Olympus", "Local", "../../etc/passwd", strings.Repeat("A", 65)} {
		body := validStore()
		body["timeZone"] = zone
		wantFields(t, wantError(t, h.Client.Do("PUT", "/api/admin/shop", body, admin...), 400, "validation_failed"), "timeZone")
	}
	body := validStore()
	body["timeZone"] = " Asia/Tokyo "
	wantStatus(t, h.Client.Do("PUT", "/api/admin/shop", body, admin...), 200, &got)
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	if got.TimeZone != "Asia/Tokyo" || !dateNow(got.Today, tokyo) {
		t.Fatalf("saved zone %+v", got)
	}
	wantStatus(t, h.Client.Do("PUT", "/api/admin/shop", validStore(), admin...), 200, nil)
	wantStatus(t, h.Client.Do("GET", "/api/shop", nil), 200, &got)
	if got.TimeZone != "Asia/Tokyo" {
		t.Fatalf("a body without the zone changed it: %+v", got)
	}
}

// dateNow says whether date is today in loc (or was a second ago: the
// answer may have been made before midnight).
func dateNow(date string, loc *time.Location) bool {
	now := time.Now().In(loc)
	return date == now.Format(time.DateOnly) || date == now.Add(-time.Second).Format(time.DateOnly)
}
