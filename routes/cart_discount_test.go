package routes_test

import (
	"fmt"
	"net/http"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/promo"
)

// promoCart is the cart answer's discount part.
type promoCart struct {
	TotalPrice     float64 `json:"totalPrice"`
	DiscountAmount float64 `json:"discountAmount"`
	// DiscountedPrice is the lines less the discounts, so the app never subtracts.
	DiscountedPrice float64 `json:"discountedPrice"`
	PromoCode       string  `json:"promoCode"`
	PromoIssue      *struct {
		Reason  string   `json:"reason"`
		Missing *float64 `json:"missing"`
	} `json:"promoIssue"`
	Discounts []struct {
		Code   string            `json:"code"`
		Name   map[string]string `json:"name"`
		Amount float64           `json:"amount"`
	} `json:"discounts"`
	Items []struct {
		DiscountAmount float64 `json:"discountAmount"`
	} `json:"items"`
	TaxEstimate *struct {
		SubtotalAmount float64 `json:"subtotalAmount"`
		DiscountAmount float64 `json:"discountAmount"`
		ShippingAmount float64 `json:"shippingAmount"`
		TotalAmount    float64 `json:"totalAmount"`
	} `json:"taxEstimate"`
}

// codeError is the envelope of a code that does not apply.
type codeError struct {
	errJSON
	Reason  string   `json:"reason"`
	Missing *float64 `json:"missing"`
}

// newCode saves a live promotion of code.
func newCode(t *testing.T, h testapp.Harness, terms promo.Terms) {
	t.Helper()
	if terms.Name == nil {
		terms.Name = []byte(`{"en":"Touring","ru":"Гастроли","zh":"巡演"}`)
	}
	if terms.Target == "" {
		terms.Target = promo.TargetOrder
	}
	if _, err := promo.Create(h.App, terms); err != nil {
		t.Fatal(err)
	}
}

// A code through the API: unknown codes are one 404; a code short of its
// minimum is 409 with reason and missing (and the message says how much
// to add); once the cart reaches it the code applies, the cart lists it
// with each line's share, the estimate takes it off, and the order placed
// at the estimate's total carries it. DELETE takes it off.
func TestCartDiscountCode(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	newCode(t, h, promo.Terms{Code: "TOURING25", Kind: promo.Fixed, Value: "25", MinSubtotal: "200", Combinable: true})
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 16300, Stock: 10})
	addLine(t, c, u.Token, p.Id, 1)
	auth := testapp.Auth(u.Token)

	r := c.Do("POST", "/api/cart/discount", map[string]any{"code": "NOPE"}, auth...)
	var e codeError
	if r.JSON(t, &e); r.Status != http.StatusNotFound || e.Code != "promotion_not_found" {
		t.Fatalf("unknown code: %d %s", r.Status, r.Body)
	}
	r = c.Do("POST", "/api/cart/discount", map[string]any{"code": "touring25"}, auth...)
	if r.JSON(t, &e); r.Status != http.StatusConflict || e.Code != "promotion_not_applicable" || e.Reason != "min_subtotal" ||
		e.Missing == nil || *e.Missing != 37 || e.Message != "Add $37.00 more to use TOURING25" {
		t.Fatalf("below the minimum: %d %s", r.Status, r.Body)
	}
	var cart promoCart
	if c.Do("GET", "/api/cart", nil, auth...).JSON(t, &cart); cart.PromoCode != "" || len(cart.Discounts) != 0 {
		t.Fatalf("a refused code stayed: %+v", cart)
	}

	addLine(t, c, u.Token, testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 3700, Stock: 10}).Id, 1)
	r = c.Do("POST", "/api/cart/discount", map[string]any{"code": " touring25 "}, auth...)
	if r.JSON(t, &cart); r.Status != http.StatusOK || cart.PromoCode != "TOURING25" || cart.TotalPrice != 200 || cart.DiscountAmount != 25 || cart.DiscountedPrice != 175 ||
		len(cart.Discounts) != 1 || cart.Discounts[0].Name["ru"] != "Гастроли" || cart.Items[0].DiscountAmount+cart.Items[1].DiscountAmount != 25 {
		t.Fatalf("applied: %d %s", r.Status, r.Body)
	}
	if c.Do("GET", "/api/cart?country=US&state=IL&shippingMethod=standard", nil, auth...).JSON(t, &cart); cart.TaxEstimate == nil ||
		cart.TaxEstimate.SubtotalAmount != 200 || cart.TaxEstimate.DiscountAmount != 25 || cart.TaxEstimate.TotalAmount != 184.99 {
		t.Fatalf("estimate: %+v", cart.TaxEstimate)
	}
	body := usBody("standard")
	body["expectedTotal"] = cart.TaxEstimate.TotalAmount
	r = c.Do("POST", "/api/checkout/create-order", body, auth...)
	var o struct {
		orderJSON
		DiscountAmount float64 `json:"discountAmount"`
		Discounts      []struct {
			Code string `json:"code"`
		} `json:"discounts"`
	}
	if r.JSON(t, &o); r.Status != http.StatusCreated || o.TotalAmount != 184.99 || o.DiscountAmount != 25 || len(o.Discounts) != 1 || o.Discounts[0].Code != "TOURING25" {
		t.Fatalf("order: %d %s", r.Status, r.Body)
	}

	addLine(t, c, u.Token, p.Id, 2)
	c.Do("POST", "/api/cart/discount", map[string]any{"code": "TOURING25"}, auth...)
	r = c.Do("DELETE", "/api/cart/discount", nil, auth...)
	if r.JSON(t, &cart); r.Status != http.StatusOK || cart.PromoCode != "" || cart.DiscountAmount != 0 || len(cart.Discounts) != 0 {
		t.Fatalf("removed: %d %s", r.Status, r.Body)
	}
}

// A code the cart carries that no longer applies (a line went) stays on
// the cart with why: the app can say "Add $37.00 more".
func TestCartCodeThatStopsApplyingSaysWhy(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	newCode(t, h, promo.Terms{Code: "VENUE10", Kind: promo.Percentage, Value: "10", MinSubtotal: "200", Combinable: true})
	session := sess("guest-cart-7f3a9c21")
	r := c.Do("POST", "/api/cart/items", map[string]any{"productId": testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 16300, Stock: 10}).Id, "quantity": 1}, session...)
	more := c.Do("POST", "/api/cart/items", map[string]any{"productId": testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 3700, Stock: 10}).Id, "quantity": 1}, session...)
	if r.Status != 200 || more.Status != 200 {
		t.Fatalf("guest cart: %s %s", r.Body, more.Body)
	}
	var cart struct {
		promoCart
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	r = c.Do("POST", "/api/cart/discount", map[string]any{"code": "VENUE10"}, session...)
	if r.JSON(t, &cart); r.Status != 200 || cart.DiscountAmount != 20 {
		t.Fatalf("guest applies: %d %s", r.Status, r.Body)
	}
	r = c.Do("DELETE", "/api/cart/items/"+cart.Items[1].ID, nil, session...)
	if r.JSON(t, &cart); cart.PromoCode != "VENUE10" || cart.DiscountAmount != 0 || cart.PromoIssue == nil ||
		cart.PromoIssue.Reason != "min_subtotal" || *cart.PromoIssue.Missing != 37 {
		t.Fatalf("after the line went: %s", r.Body)
	}
}

// Applying codes is limited per address: the eleventh try in a minute is
// 429 in the envelope, so codes cannot be guessed by the thousand.
func TestCartCodesAreRateLimited(t *testing.T) {
	h := newLimitedHarness(t)
	u := testapp.NewUser(t, h.App, false)
	last := 0
	for i := range 11 {
		r := h.Client.Do("POST", "/api/cart/discount", map[string]any{"code": fmt.Sprintf("GUESS%d", i)}, testapp.Auth(u.Token)...)
		last = r.Status
		if i < 10 && r.Status != http.StatusNotFound {
			t.Fatalf("try %d: %d %s", i, r.Status, r.Body)
		}
	}
	if last != http.StatusTooManyRequests {
		t.Fatalf("eleventh try: %d", last)
	}
}

// A guest's code comes along when they sign in: the merge puts it on the
// user's cart (replacing the code the user's cart had), priced for the
// user; one the user may not use any more stays with why.
func TestCartMergeCarriesTheGuestsCode(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	newCode(t, h, promo.Terms{Code: "TOURING25", Kind: promo.Fixed, Value: "25", Combinable: true})
	newCode(t, h, promo.Terms{Code: "OLDCODE", Kind: promo.Fixed, Value: "5", Combinable: true})
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 20000, Stock: 10})
	addLine(t, c, u.Token, p.Id, 1)
	if r := c.Do("POST", "/api/cart/discount", map[string]any{"code": "OLDCODE"}, testapp.Auth(u.Token)...); r.Status != http.StatusOK {
		t.Fatalf("user's code: %s", r.Body)
	}
	guest := sess(guestSession)
	if r := c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, guest...); r.Status != http.StatusOK {
		t.Fatalf("guest add: %s", r.Body)
	}
	if r := c.Do("POST", "/api/cart/discount", map[string]any{"code": "touring25"}, guest...); r.Status != http.StatusOK {
		t.Fatalf("guest code: %s", r.Body)
	}
	var cart promoCart
	r := c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, testapp.Auth(u.Token)...)
	if r.JSON(t, &cart); r.Status != http.StatusOK || cart.PromoCode != "TOURING25" || cart.DiscountAmount != 25 ||
		cart.TotalPrice != 400 || cart.DiscountedPrice != 375 || len(cart.Discounts) != 1 || cart.PromoIssue != nil {
		t.Fatalf("merged: %d %s", r.Status, r.Body)
	}
	if c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...).JSON(t, &cart); cart.PromoCode != "TOURING25" {
		t.Fatalf("the code did not stay: %+v", cart)
	}
}
