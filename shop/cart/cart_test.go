package cart_test

import (
	"errors"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/internal/testapp"
	"stageshop/shop/cart"
)

func TestCartSessionIDs(t *testing.T) {
	for id, want := range map[string]bool{
		"abcdefgh": true, "session_1763800000_x-Y_z": true, strings.Repeat("a", 128): true,
		"": false, "abcdefg": false, strings.Repeat("a", 129): false, "abc defgh": false,
		"abc/defgh": false, "abc.defgh": false, "абвгдежз": false, "abcdefgh\n": false,
	} {
		if got := cart.ValidSessionID(id); got != want {
			t.Errorf("ValidSessionID(%q) = %v", id, got)
		}
	}
	app := testapp.New(t)
	if _, err := cart.Get(app, cart.Owner{}); !errors.Is(err, cart.ErrSessionRequired) {
		t.Fatalf("no owner: %v", err)
	}
	if _, err := cart.Get(app, cart.Owner{SessionID: "bad"}); !errors.Is(err, cart.ErrBadSessionID) {
		t.Fatalf("bad session: %v", err)
	}
}

func TestCartStockRulesFromGo(t *testing.T) {
	app := testapp.New(t)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 199, Stock: 2})
	guest := cart.Owner{SessionID: "session_go_1234"}
	got, err := cart.Add(app, guest, p.Id, "", 2)
	if err != nil || got.TotalItems != 2 || got.TotalPrice != 398 {
		t.Fatalf("add: %+v %v", got, err)
	}
	var stock *cart.StockError
	if _, err := cart.Add(app, guest, p.Id, "", 1); !errors.As(err, &stock) || stock.Available != 2 || stock.Error() != "Only 2 left in stock" {
		t.Fatalf("over stock: %v", err)
	}
	var fields validation.Errors
	if _, err := cart.Add(app, guest, p.Id, "", 0); !errors.As(err, &fields) {
		t.Fatalf("zero: %v", err)
	}
	if _, err := cart.Add(app, guest, "missing", "", 1); !errors.Is(err, cart.ErrProductNotFound) {
		t.Fatalf("unknown product: %v", err)
	}
	if _, err := cart.UpdateItem(app, guest, "missing", 1); !errors.Is(err, cart.ErrItemNotFound) {
		t.Fatalf("unknown item: %v", err)
	}
	// A product taken off sale shows no stock in the cart.
	p.Set("isActive", false)
	if err := app.Save(p); err != nil {
		t.Fatal(err)
	}
	got, err = cart.Get(app, guest)
	if err != nil || got.Items[0].AvailableStock != 0 {
		t.Fatalf("inactive line: %+v %v", got, err)
	}
	if _, err := cart.UpdateItem(app, guest, got.Items[0].ID, 1); !errors.Is(err, cart.ErrProductNotFound) {
		t.Fatalf("update of an inactive line: %v", err)
	}
}

func TestCartMergeFromGo(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 100, Stock: 5})
	guest := cart.Owner{SessionID: "session_merge_go"}
	user := cart.Owner{UserID: u.ID()}
	if _, err := cart.Add(app, guest, p.Id, "", 4); err != nil {
		t.Fatal(err)
	}
	if _, err := cart.Add(app, user, p.Id, "", 3); err != nil {
		t.Fatal(err)
	}
	got, err := cart.Merge(app, u.ID(), guest.SessionID)
	if err != nil || len(got.Items) != 1 || got.Items[0].Quantity != 5 {
		t.Fatalf("merge: %+v %v", got, err)
	}
	// 3 + 4 asked for, 5 in stock: one line raised by 2 units, capped.
	if r := got.MergeReport; r.AddedLines != 1 || r.AddedUnits != 2 || len(r.Capped) != 1 ||
		r.Capped[0].Requested != 7 || r.Capped[0].Kept != 5 || len(r.Dropped) != 0 {
		t.Fatalf("merge: %+v %v", got, err)
	}
	if c, _ := cart.Get(app, guest); c.ID != "" {
		t.Fatal("guest cart survived")
	}
	if n := testapp.Count(t, app, "carts"); n != 1 {
		t.Fatalf("%d carts", n)
	}
	// A malformed session id names no cart: nothing is merged.
	if got, err := cart.Merge(app, u.ID(), "no"); err != nil || len(got.Items) != 1 || got.Items[0].Quantity != 5 {
		t.Fatalf("bad session: %+v %v", got, err)
	}
}
