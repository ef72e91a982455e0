package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

type savedAddress struct {
	ID        string `json:"id"`
	Label     string `json:"label"`
	Country   string `json:"country"`
	State     string `json:"state"`
	IsDefault bool   `json:"isDefault"`
}

func addressBody(label, country string) map[string]any {
	return map[string]any{"label": label, "firstName": "Ada", "lastName": "Lovelace", "address": "1 Stage St",
		"city": "Springfield", "state": "IL", "zipCode": "62701", "country": country, "phone": "+1 555 0100"}
}

// The address book over HTTP: success, bad input, signed out, another
// user's address (404) and a full book (409).
func TestAddressRoutes(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u, other := testapp.NewUser(t, h.App, false), testapp.NewUser(t, h.App, false)
	auth := testapp.Auth(u.Token)

	var a savedAddress
	wantStatus(t, c.Do("POST", "/api/auth/addresses", addressBody("Home", "США"), auth...), http.StatusCreated, &a)
	if a.ID == "" || a.Country != "US" || !a.IsDefault {
		t.Fatalf("created %+v", a)
	}
	var b savedAddress
	body := addressBody("Work", "US")
	body["isDefault"] = true
	wantStatus(t, c.Do("POST", "/api/auth/addresses", body, auth...), http.StatusCreated, &b)
	var list []savedAddress
	wantStatus(t, c.Do("GET", "/api/auth/addresses", nil, auth...), http.StatusOK, &list)
	if len(list) != 2 || list[0].ID != b.ID || !list[0].IsDefault || list[1].IsDefault {
		t.Fatalf("list %+v: want Work first and the one default", list)
	}

	e := expectErr(t, c.Do("POST", "/api/auth/addresses", addressBody("Bad", "Atlantis"), auth...), http.StatusBadRequest, "validation_failed")
	if e.Errors["country"] == "" {
		t.Errorf("errors %v", e.Errors)
	}
	expectErr(t, c.Do("POST", "/api/auth/addresses", `{"label": 5}`, auth...), http.StatusBadRequest, "")
	expectErr(t, c.Do("GET", "/api/auth/addresses", nil), http.StatusUnauthorized, "")
	expectErr(t, c.Do("POST", "/api/auth/addresses", addressBody("Home", "US")), http.StatusUnauthorized, "")

	theirs := testapp.Auth(other.Token)
	expectErr(t, c.Do("PUT", "/api/auth/addresses/"+a.ID, addressBody("Mine", "US"), theirs...), http.StatusNotFound, "not_found")
	expectErr(t, c.Do("DELETE", "/api/auth/addresses/"+a.ID, nil, theirs...), http.StatusNotFound, "not_found")

	var changed savedAddress
	wantStatus(t, c.Do("PUT", "/api/auth/addresses/"+a.ID, addressBody("Home again", "United States"), auth...), http.StatusOK, &changed)
	if changed.Label != "Home again" || changed.Country != "US" {
		t.Errorf("changed %+v", changed)
	}
	wantStatus(t, c.Do("DELETE", "/api/auth/addresses/"+a.ID, nil, auth...), http.StatusOK, nil)
	expectErr(t, c.Do("DELETE", "/api/auth/addresses/"+a.ID, nil, auth...), http.StatusNotFound, "not_found")

	for i := 1; i < 20; i++ {
		wantStatus(t, c.Do("POST", "/api/auth/addresses", addressBody("More", "US"), auth...), http.StatusCreated, nil)
	}
	expectErr(t, c.Do("POST", "/api/auth/addresses", addressBody("Too many", "US"), auth...), http.StatusConflict, "address_book_full")
}
