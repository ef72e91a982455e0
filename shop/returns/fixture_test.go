package returns_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/promo"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
)

// shopFix is a shop with Texas tax (8.25 %), an automatic 10 % off the
// order, a $19.99 cable and an admin.
type shopFix struct {
	t     *testing.T
	h     testapp.Harness
	app   core.App
	cable *core.Record
	admin testapp.User
}

func newShop(t *testing.T) *shopFix {
	t.Helper()
	h := testapp.NewHarness(t)
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 8.25, "Texas sales tax")
	if _, err := promo.Create(h.App, promo.Terms{Name: []byte(`{"en":"Ten off"}`), Target: promo.TargetOrder,
		Automatic: true, Kind: promo.Percentage, Value: "10", Combinable: true}); err != nil {
		t.Fatal(err)
	}
	return &shopFix{t: t, h: h, app: h.App, admin: testapp.NewUser(t, h.App, true),
		cable: testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1999, Stock: 20})}
}

// texas is an order to Austin by standard shipping.
func texas(method string) shop.OrderInput {
	return shop.OrderInput{
		Shipping: shop.ShippingInfo{PostalAddress: shop.PostalAddress{FirstName: "Tex", LastName: "Ritter",
			Address: "1 Congress Ave", City: "Austin", State: "TX", ZipCode: "78701", Country: "US"},
			Phone: "+1 512 555 0100", Email: "tex@example.com"},
		UseShippingForBilling: true, ShippingMethod: shipping.ShipStandard, PaymentMethod: method,
	}
}

// place orders qty cables for a new customer by method.
func (f *shopFix) place(qty int, method string) (testapp.User, *shop.OrderDetail) {
	f.t.Helper()
	u := testapp.NewUser(f.t, f.app, false)
	if _, err := cart.Add(f.app, cart.Owner{UserID: u.ID()}, f.cable.Id, "", qty); err != nil {
		f.t.Fatal(err)
	}
	d, err := shop.PlaceOrder(f.app, u.ID(), texas(method))
	if err != nil {
		f.t.Fatal(err)
	}
	return u, d
}

// delivered is a paid (bank transfer received) order of qty cables,
// delivered.
func (f *shopFix) delivered(qty int) (testapp.User, *shop.OrderDetail) {
	f.t.Helper()
	u, d := f.place(qty, shop.MethodBankTransfer)
	if _, err := shop.RecordPayment(f.app, f.admin.Record, d.ID, shop.PaymentInput{Amount: d.Payment.AmountDue}); err != nil {
		f.t.Fatal(err)
	}
	return u, f.deliver(d.ID)
}

// deliver moves an order to Delivered.
func (f *shopFix) deliver(orderID string) *shop.OrderDetail {
	f.t.Helper()
	d, err := shop.UpdateOrderStatus(f.app, orderID, shop.StatusUpdate{Status: shop.StatusDelivered})
	if err != nil {
		f.t.Fatal(err)
	}
	return d
}

// do sends a request as user (token "" : signed out).
func (f *shopFix) do(method, url, token string, body any) testapp.Response {
	if token == "" {
		return f.h.Client.Do(method, url, body)
	}
	return f.h.Client.Do(method, url, body, testapp.Auth(token)...)
}

// ask requests a return of qty units of the order's first line.
func (f *shopFix) ask(u testapp.User, d *shop.OrderDetail, qty int) testapp.Response {
	return f.do("POST", "/api/checkout/orders/"+d.ID+"/returns", u.Token, map[string]any{
		"lines": []map[string]any{{"orderItemId": d.Items[0].ID, "quantity": qty, "reason": "damaged"}}, "note": "Cable frayed"})
}

// step takes a return a step as the admin and returns its answer.
func (f *shopFix) step(id string, body map[string]any) testapp.Response {
	return f.do("PUT", "/api/admin/returns/"+id, f.admin.Token, body)
}

// mustID is the id of a created return.
func (f *shopFix) mustID(r testapp.Response) string {
	f.t.Helper()
	if r.Status != http.StatusCreated {
		f.t.Fatalf("return: %d %s", r.Status, r.Body)
	}
	return r.Map(f.t)["id"].(string)
}

// count counts records of collection matching where.
func (f *shopFix) count(collection string, where dbx.Expression) int {
	f.t.Helper()
	n, err := f.app.CountRecords(collection, where)
	if err != nil {
		f.t.Fatal(err)
	}
	return int(n)
}
