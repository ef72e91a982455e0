package routes_test

import (
	"slices"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// synonymsCatalog: a microphone whose names say "microphone", "микрофон"
// and "话筒" (never "麦克风" nor "microfon"), and a cable.
var synonymsCatalog = []searchProduct{
	{key: "mic", en: "Vocal Pro 58 Dynamic Microphone", ru: "Динамический микрофон Vocal Pro 58", zh: "Vocal Pro 58 动圈话筒",
		desc: "Rugged cardioid vocal mic.", category: "Sound", priceCents: 9900, stock: 10},
	{key: "cable", en: "XLR Cable 10 m", ru: "Кабель XLR 10 м", zh: "XLR 线缆 10米",
		desc: "Balanced audio cable.", category: "Accessories", priceCents: 1900, stock: 50},
}

type apiSynonyms struct {
	Groups [][]string `json:"groups"`
}

// TestSearchSynonyms: 麦克风 and "microfon" find nothing until the owner
// puts them in a group with "microphone"; then they find the microphone
// (and not the cable) at once, and no longer once the group is gone.
func TestSearchSynonyms(t *testing.T) {
	h := testapp.NewHarness(t)
	ids := map[string]string{}
	for _, p := range synonymsCatalog {
		rec := newSearchProduct(t, h.App, p)
		ids[rec.Id] = p.key
	}
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	texts := []string{"麦克风", "microfon", "Microfon!", "麦克风 xlr"}
	for _, text := range texts {
		if keys := searchKeys(t, h.Client, ids, q(text)); len(keys) != 0 {
			t.Fatalf("%q before any synonyms found %v", text, keys)
		}
	}
	var got apiSynonyms
	wantStatus(t, h.Client.Do("GET", "/api/admin/search/synonyms", nil, auth...), 200, &got)
	if got.Groups == nil || len(got.Groups) != 0 {
		t.Fatalf("a new shop's synonyms %#v, want []", got.Groups)
	}

	body := map[string]any{"groups": [][]string{
		{" microphone ", "Microfon", "麦克风", "microphone", "话筒"},
		{"alone"}, // a group of one word means nothing: dropped
	}}
	wantStatus(t, h.Client.Do("PUT", "/api/admin/search/synonyms", body, auth...), 200, &got)
	want := [][]string{{"microphone", "Microfon", "麦克风", "话筒"}}
	if !slices.EqualFunc(got.Groups, want, slices.Equal) {
		t.Fatalf("saved %q, want %q", got.Groups, want)
	}
	for _, text := range texts[:3] {
		if keys := searchKeys(t, h.Client, ids, q(text)); !slices.Equal(keys, []string{"mic"}) {
			t.Errorf("%q after the edit found %v, want the microphone alone", text, keys)
		}
	}
	// Every word must still match: the microphone is no XLR cable.
	if keys := searchKeys(t, h.Client, ids, q("麦克风 xlr")); len(keys) != 0 {
		t.Errorf("麦克风 xlr found %v", keys)
	}
	// A Russian word form of a group word finds the group's products too.
	wantStatus(t, h.Client.Do("PUT", "/api/admin/search/synonyms",
		map[string]any{"groups": [][]string{{"шнур", "кабель"}, {"микрофон", "麦克风"}}}, auth...), 200, nil)
	for text, key := range map[string]string{"шнуры": "cable", "麦克风": "mic"} {
		if keys := searchKeys(t, h.Client, ids, q(text)); !slices.Equal(keys, []string{key}) {
			t.Errorf("%q found %v, want %s", text, keys, key)
		}
	}
	if keys := searchKeys(t, h.Client, ids, q("microfon")); len(keys) != 0 {
		t.Errorf("microfon still found %v after its group was removed", keys)
	}
	wantStatus(t, h.Client.Do("GET", "/api/admin/search/synonyms", nil, auth...), 200, &got)
	if len(got.Groups) != 2 || got.Groups[0][0] != "шнур" {
		t.Errorf("GET after the edit: %q", got.Groups)
	}
}

// TestSearchSynonymsRules: only admins read or edit the synonyms; a group
// past the limits is 400 naming groups, and nothing is saved.
func TestSearchSynonymsRules(t *testing.T) {
	h := testapp.NewHarness(t)
	customer := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	body := map[string]any{"groups": [][]string{{"a", "b"}}}
	wantError(t, h.Client.Do("GET", "/api/admin/search/synonyms", nil), 401, "")
	wantError(t, h.Client.Do("PUT", "/api/admin/search/synonyms", body), 401, "")
	wantError(t, h.Client.Do("PUT", "/api/admin/search/synonyms", body, testapp.Auth(customer.Token)...), 403, "")
	long := []string{"mic", strings.Repeat("x", 61)}
	many := make([]string, 21)
	for i := range many {
		many[i] = strings.Repeat("w", i+1)
	}
	for _, g := range [][]string{long, many} {
		env := wantError(t, h.Client.Do("PUT", "/api/admin/search/synonyms",
			map[string]any{"groups": [][]string{g}}, testapp.Auth(admin.Token)...), 400, "")
		wantFields(t, env, "groups")
	}
	wantError(t, h.Client.Do("PUT", "/api/admin/search/synonyms",
		map[string]any{"groups": "microphone"}, testapp.Auth(admin.Token)...), 400, "")
	// A body without groups erases nothing.
	wantFields(t, wantError(t, h.Client.Do("PUT", "/api/admin/search/synonyms",
		map[string]any{"name": "x"}, testapp.Auth(admin.Token)...), 400, ""), "groups")
	var got apiSynonyms
	wantStatus(t, h.Client.Do("GET", "/api/admin/search/synonyms", nil, testapp.Auth(admin.Token)...), 200, &got)
	if len(got.Groups) != 0 {
		t.Errorf("a refused edit saved %q", got.Groups)
	}
}
