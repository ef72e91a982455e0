package routes_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// One card order holds its stock for at most two holds (issue 43 item 3):
// the first pay-again starts the hold again; later ones keep it as it is
// (nine pay-agains held the units for about 10 hours).
func TestPayAgainExtendsTheHoldOnce(t *testing.T) {
	testapp.UseStripe(t, testapp.StripeMock(t))
	h := testapp.NewHarness(t)
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 10})
	var o payOrder
	r := placeWith(t, h, u, p.Id, shop.MethodCard, "")
	r.JSON(t, &o)
	if r.Status != http.StatusCreated {
		t.Fatalf("card order: %d %s", r.Status, r.Body)
	}
	hold := func() time.Time {
		var s string
		if err := h.App.DB().Select("holdUntil").From(shop.OrdersCollection).Where(dbx.HashExp{"id": o.ID}).Row(&s); err != nil {
			t.Fatal(err)
		}
		at, _ := types.ParseDateTime(s)
		return at.Time()
	}
	// As if most of the hold had passed: ten minutes left.
	nearlyOver := func() time.Time {
		at := time.Now().Add(10 * time.Minute).UTC().Truncate(time.Millisecond)
		if _, err := h.App.DB().Update(shop.OrdersCollection, dbx.Params{"holdUntil": at.Format(types.DefaultDateLayout)}, dbx.HashExp{"id": o.ID}).Execute(); err != nil {
			t.Fatal(err)
		}
		return at
	}
	pay := "/api/checkout/orders/" + o.ID + "/pay"
	nearlyOver()
	wantStatus(t, h.Client.Do("POST", pay, nil, testapp.Auth(u.Token)...), http.StatusOK, nil)
	if got := hold(); got.Before(time.Now().Add(50 * time.Minute)) {
		t.Fatalf("the first pay-again holds until %v, want a new hold", got)
	}
	for i := range 3 {
		at := nearlyOver()
		wantStatus(t, h.Client.Do("POST", pay, nil, testapp.Auth(u.Token)...), http.StatusOK, nil)
		if got := hold(); !got.Equal(at) {
			t.Fatalf("pay-again %d holds until %v, want the hold kept at %v", i+2, got, at)
		}
	}
}
