package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

func usBody(method string) map[string]any {
	s := shippingBody()
	s["country"], s["state"], s["zipCode"] = "United States", "IL", "62701" // US ZIP codes are digits
	return map[string]any{"shippingInfo": s, "useShippingForBilling": true, "shippingMethod": method}
}

type conflictJSON struct {
	errJSON
	Available map[string]int `json:"available"`
	Total     float64        `json:"total"`
	Subtotal  float64        `json:"subtotal"`
	Shipping  float64        `json:"shipping"`
}

// Shipping is priced on the server by the method and the address; totals
// add up in cents.
func TestCreateOrderPricesShipping(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	cheap := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 3333, Stock: 10})
	addLine(t, c, u.Token, cheap.Id, 3) // 99.99: three thirds that float math would get wrong
	o := placeOrder(t, c, u.Token, usBody("express"))
	if o.SubtotalAmount != 99.99 || o.ShippingMethod != "express" || o.ShippingAmount != 19.99 || o.TotalAmount != 119.98 {
		t.Fatalf("express order: %+v", o)
	}

	// Exactly $500.00 ships free by standard; a cent less does not.
	half := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 25000, Stock: 10})
	addLine(t, c, u.Token, half.Id, 2)
	o = placeOrder(t, c, u.Token, usBody("standard"))
	if o.SubtotalAmount != 500 || o.ShippingAmount != 0 || o.TotalAmount != 500 {
		t.Fatalf("at the threshold: %+v", o)
	}
	below := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 49999, Stock: 10})
	addLine(t, c, u.Token, below.Id, 1)
	o = placeOrder(t, c, u.Token, usBody("standard"))
	if o.ShippingAmount != 9.99 || o.TotalAmount != 509.98 {
		t.Fatalf("a cent below: %+v", o)
	}
}

// A method that does not fit the address, or none, is a 400 on
// errors.shippingMethod and changes nothing.
func TestCreateOrderRejectsWrongShippingMethod(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 5})
	addLine(t, c, u.Token, p.Id, 2)
	uk := orderBody()
	uk["shippingMethod"] = "overnight"
	number := orderBody()
	number["shippingMethod"] = 5
	none := map[string]int{"orders:create": 0, "cart_items:delete": 0}
	var scenarios []testapp.Scenario
	for name, body := range map[string]any{"international to the US": usBody("intl_express"), "none": usBody(""),
		"an unknown method": usBody("teleport"), "overnight to the UK": uk, "a number": number} {
		scenarios = append(scenarios, testapp.Scenario{Name: name, Method: "POST", URL: "/api/checkout/create-order", Body: body, Token: u.Token,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"shippingMethod"}, ExpectedRecords: none})
	}
	testapp.RunScenarios(t, h, scenarios)
	if testapp.Stock(t, h.App, p.Id) != 5 || testapp.Count(t, h.App, "orders") != 0 || testapp.Count(t, h.App, "cart_items") != 1 {
		t.Fatal("a refused order changed something")
	}
}

// A price raised by an admin after the shopper's review is not charged:
// the answer is 409 total_changed with the new figures, nothing changes,
// and the order goes through once the shopper confirms the new total.
func TestCreateOrderExpectedTotalMismatchChangesNothing(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 2490, Stock: 5})
	addLine(t, c, u.Token, p.Id, 2)
	body := usBody("express")
	body["expectedTotal"] = 69.79 // 49.80 + 19.99, what the review showed

	p.Set("priceCents", 99999999)
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
	var e conflictJSON
	r.JSON(t, &e)
	if r.Status != http.StatusConflict || e.Code != "total_changed" || e.Total != 2000019.97 || e.Subtotal != 1999999.98 || e.Shipping != 19.99 {
		t.Fatalf("answer %d %s", r.Status, r.Body)
	}
	if testapp.Stock(t, h.App, p.Id) != 5 || testapp.Count(t, h.App, "orders") != 0 || testapp.Count(t, h.App, "cart_items") != 1 {
		t.Fatal("a total_changed answer changed something")
	}
	for _, bad := range []any{"abc", -1, 1.234} {
		body["expectedTotal"] = bad
		expectErr(t, c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...), http.StatusBadRequest, "")
	}
	body["expectedTotal"] = e.Total
	o := placeOrder(t, c, u.Token, body)
	if o.TotalAmount != e.Total {
		t.Fatalf("confirmed order %+v", o)
	}
}

// Stock that ran out before the order names the line and what is left.
func TestCreateOrderShortStockCarriesAvailable(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 5})
	addLine(t, c, u.Token, p.Id, 4)
	p.Set("stockQuantity", 2)
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	r := c.Do("POST", "/api/checkout/create-order", usBody("standard"), testapp.Auth(u.Token)...)
	var e conflictJSON
	r.JSON(t, &e)
	if r.Status != http.StatusConflict || e.Code != "insufficient_stock" || e.Available[p.Id] != 2 || e.Errors["items."+p.Id] == "" {
		t.Fatalf("answer %d %s", r.Status, r.Body)
	}
}
