package routes_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// orderShop is where the tests that act on an order start: a shop with an
// admin, a customer and one product in stock.
type orderShop struct {
	h           testapp.Harness
	c           testapp.Client
	admin, user testapp.User
	product     *core.Record
}

// newOrderShop makes an orderShop whose product is p.
func newOrderShop(t *testing.T, p testapp.Product) orderShop {
	t.Helper()
	h := testapp.NewHarness(t)
	s := orderShop{h: h, c: h.Client, admin: testapp.NewUser(t, h.App, true), user: testapp.NewUser(t, h.App, false)}
	s.product = testapp.NewProduct(t, h.App, p)
	return s
}

// place puts qty of the product in the customer's cart and places the
// order with body (checkout's answer): an order ready to pay and ship.
func (s orderShop) place(t *testing.T, qty int, body map[string]any) orderJSON {
	t.Helper()
	addLine(t, s.c, s.user.Token, s.product.Id, qty)
	return placeOrder(t, s.c, s.user.Token, body)
}
