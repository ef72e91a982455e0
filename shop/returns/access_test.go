package returns_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/returns"
)

// Who may do what, and bad input: another customer's order is 404 (as
// it is everywhere: its existence is not told), signed out 401, a
// customer on the admin routes 403, and a bad body the contract's
// envelope with nothing recorded.
func TestReturnAccessAndBadInput(t *testing.T) {
	f := newShop(t)
	u, d := f.delivered(2)
	other := testapp.NewUser(t, f.app, false)
	line := d.Items[0].ID
	ok := map[string]any{"lines": []map[string]any{{"orderItemId": line, "quantity": 1, "reason": "changed_mind"}}}
	cases := []struct {
		name, method, url, token string
		body                     any
		status                   int
		code                     string
	}{
		{"another's order", "POST", "/api/checkout/orders/" + d.ID + "/returns", other.Token, ok, 404, "not_found"},
		{"another's list", "GET", "/api/checkout/orders/" + d.ID + "/returns", other.Token, nil, 404, "not_found"},
		{"signed out", "POST", "/api/checkout/orders/" + d.ID + "/returns", "", ok, 401, ""},
		{"customer lists all", "GET", "/api/admin/returns", u.Token, nil, 403, ""},
		{"customer steps", "PUT", "/api/admin/returns/x", u.Token, map[string]any{"status": "received"}, 403, ""},
		{"customer refunds lines", "POST", "/api/checkout/admin/orders/" + d.ID + "/refunds", u.Token, ok, 403, ""},
		{"no lines", "POST", "/api/checkout/orders/" + d.ID + "/returns", u.Token, map[string]any{"lines": []any{}}, 400, ""},
		{"no reason", "POST", "/api/checkout/orders/" + d.ID + "/returns", u.Token,
			map[string]any{"lines": []map[string]any{{"orderItemId": line, "quantity": 1}}}, 400, ""},
		{"zero units", "POST", "/api/checkout/orders/" + d.ID + "/returns", u.Token,
			map[string]any{"lines": []map[string]any{{"orderItemId": line, "quantity": 0, "reason": "damaged"}}}, 400, ""},
		{"quantity a text", "POST", "/api/checkout/orders/" + d.ID + "/returns", u.Token,
			map[string]any{"lines": []map[string]any{{"orderItemId": line, "quantity": "1", "reason": "damaged"}}}, 400, ""},
		{"another order's line", "POST", "/api/checkout/orders/" + d.ID + "/returns", u.Token,
			map[string]any{"lines": []map[string]any{{"orderItemId": "nope", "quantity": 1, "reason": "damaged"}}}, 400, "unknown_line"},
		{"more than delivered", "POST", "/api/checkout/orders/" + d.ID + "/returns", u.Token,
			map[string]any{"lines": []map[string]any{{"orderItemId": line, "quantity": 3, "reason": "damaged"}}}, 409, "return_exceeds_order"},
		{"split over two rows", "POST", "/api/checkout/orders/" + d.ID + "/returns", u.Token,
			map[string]any{"lines": []map[string]any{{"orderItemId": line, "quantity": 2, "reason": "damaged"}, {"orderItemId": line, "quantity": 1, "reason": "damaged"}}}, 409, "return_exceeds_order"},
		{"unknown status filter", "GET", "/api/admin/returns?status=lost", f.admin.Token, nil, 400, "invalid_status"},
		{"unknown step", "PUT", "/api/admin/returns/x", f.admin.Token, map[string]any{"status": "lost"}, 400, ""},
		{"unknown return", "PUT", "/api/admin/returns/x", f.admin.Token, map[string]any{"status": "approved"}, 404, "not_found"},
		{"refund lines over", "POST", "/api/checkout/admin/orders/" + d.ID + "/refunds", f.admin.Token,
			map[string]any{"lines": []map[string]any{{"orderItemId": line, "quantity": 5}}}, 409, "return_exceeds_order"},
	}
	for _, c := range cases {
		r := f.do(c.method, c.url, c.token, c.body)
		if r.Status != c.status || (c.code != "" && r.Map(t)["code"] != c.code) {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
		}
	}
	if n := f.count(returns.Collection, nil); n != 0 {
		t.Fatalf("bad requests recorded %d returns", n)
	}
	// The customer and the admin see the order's returns; the admin's list filters.
	id := f.mustID(f.ask(u, d, 1))
	if r := f.do("GET", "/api/checkout/orders/"+d.ID+"/returns", u.Token, nil); r.Status != http.StatusOK || len(list(t, r)) != 1 {
		t.Fatalf("own list: %d %s", r.Status, r.Body)
	}
	if r := f.do("GET", "/api/admin/returns?status=approved", f.admin.Token, nil); r.Status != http.StatusOK || len(list(t, r)) != 0 {
		t.Fatalf("approved list: %d %s", r.Status, r.Body)
	}
	if r := f.do("GET", "/api/admin/returns?status=requested", f.admin.Token, nil); len(list(t, r)) != 1 || list(t, r)[0]["id"] != id {
		t.Fatalf("requested list: %s", r.Body)
	}
}

// list reads an answer that is a JSON array.
func list(t *testing.T, r testapp.Response) []map[string]any {
	t.Helper()
	out := []map[string]any{}
	r.JSON(t, &out)
	return out
}
