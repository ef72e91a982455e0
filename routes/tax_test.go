package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/tax"
)

// taxedOrderJSON is what the tax contract adds to an order.
type taxedOrderJSON struct {
	orderJSON
	Payment struct {
		Status string `json:"status"`
	} `json:"payment"`
	TaxAmount     float64 `json:"taxAmount"`
	InvoiceNumber string  `json:"invoiceNumber"`
	TaxLines      []struct {
		Name   string  `json:"name"`
		Rate   float64 `json:"rate"`
		Base   float64 `json:"base"`
		Amount float64 `json:"amount"`
	} `json:"taxLines"`
	Billing struct {
		CompanyName string `json:"companyName"`
		TaxID       string `json:"taxId"`
		City        string `json:"city"`
	} `json:"billing"`
	Items []struct {
		TaxRate   float64 `json:"taxRate"`
		TaxAmount float64 `json:"taxAmount"`
	} `json:"items"`
}

type estimateJSON struct {
	TaxEstimate *struct {
		ShippingAmount float64 `json:"shippingAmount"`
		TaxAmount      float64 `json:"taxAmount"`
		TotalAmount    float64 `json:"totalAmount"`
		TaxLines       []struct {
			Name   string  `json:"name"`
			Rate   float64 `json:"rate"`
			Amount float64 `json:"amount"`
		} `json:"taxLines"`
	} `json:"taxEstimate"`
}

func texasBody(method string) map[string]any {
	s := shippingBody()
	s["country"], s["state"], s["city"], s["zipCode"] = "US", "TX", "Austin", "78701"
	return map[string]any{"shippingInfo": s, "useShippingForBilling": true, "shippingMethod": method,
		"billingInfo": map[string]any{"companyName": " Stage Rentals LLC ", "taxId": "12-3456789"}}
}

// The cart learns the address from the request: with ?country= it carries
// the estimate that checkout's total and the order then repeat to the
// cent; without, none. The order keeps the billing step's company and tax ID.
func TestCartEstimateAndOrderAgree(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 8.25, "Texas sales tax")
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1999, Stock: 10})
	addLine(t, c, u.Token, p.Id, 3)

	var plain estimateJSON
	c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...).JSON(t, &plain)
	if plain.TaxEstimate != nil {
		t.Fatalf("an estimate without an address: %+v", plain.TaxEstimate)
	}
	var est estimateJSON
	r := c.Do("GET", "/api/cart?country=United%20States&state=Texas&shippingMethod=express", nil, testapp.Auth(u.Token)...)
	r.JSON(t, &est)
	// $59.97 at 8.25 % = 494.7525 cents -> $4.95; express $19.99 untaxed.
	if r.Status != http.StatusOK || est.TaxEstimate == nil || est.TaxEstimate.TaxAmount != 4.95 ||
		est.TaxEstimate.TotalAmount != 84.91 || len(est.TaxEstimate.TaxLines) != 1 || est.TaxEstimate.TaxLines[0].Rate != 8.25 {
		t.Fatalf("estimate %d %s", r.Status, r.Body)
	}
	body := texasBody("express")
	body["expectedTotal"] = est.TaxEstimate.TotalAmount
	r = c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
	var o taxedOrderJSON
	r.JSON(t, &o)
	if r.Status != http.StatusCreated || o.TaxAmount != 4.95 || o.TotalAmount != 84.91 || o.Items[0].TaxRate != 8.25 ||
		o.Items[0].TaxAmount != 4.95 || o.Billing.CompanyName != "Stage Rentals LLC" || o.Billing.TaxID != "12-3456789" || o.Billing.City != "Austin" {
		t.Fatalf("order %d %s", r.Status, r.Body)
	}
	// The admin records the transfer of what is owed, tax included: the order is paid and invoiced.
	admin := testapp.NewUser(t, h.App, true)
	if o.InvoiceNumber != "" {
		t.Fatalf("invoiced before it was paid: %q", o.InvoiceNumber)
	}
	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+o.ID+"/payments", map[string]any{"amount": 84.91}, testapp.Auth(admin.Token)...), http.StatusCreated, nil)
	var read taxedOrderJSON
	c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...).JSON(t, &read)
	if read.TaxAmount != 4.95 || read.InvoiceNumber == "" || read.Payment.Status != shop.PayPaid || len(read.TaxLines) != 1 || read.TaxLines[0].Amount != 4.95 || read.Billing.TaxID != "12-3456789" {
		t.Fatalf("read back %+v", read)
	}
	var list []taxedOrderJSON
	c.Do("GET", "/api/checkout/orders", nil, testapp.Auth(u.Token)...).JSON(t, &list)
	if len(list) != 1 || list[0].TaxAmount != 4.95 || list[0].InvoiceNumber != read.InvoiceNumber {
		t.Fatalf("list %+v", list)
	}
}

// A rate changed after the review is total_changed with the new tax, and
// nothing changes; bad estimate queries and business details are 400s.
func TestTaxRateChangeAndBadInput(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	rate := testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 10})
	addLine(t, c, u.Token, p.Id, 1)
	body := texasBody("standard")
	body["expectedTotal"] = 100 + 9.99 + 6.25
	rate.Set("rate", 7)
	if err := h.App.Save(rate); err != nil {
		t.Fatal(err)
	}
	r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
	var e struct {
		conflictJSON
		Tax float64 `json:"tax"`
	}
	r.JSON(t, &e)
	if r.Status != http.StatusConflict || e.Code != "total_changed" || e.Tax != 7 || e.Total != 116.99 {
		t.Fatalf("answer %d %s", r.Status, r.Body)
	}
	if testapp.Count(t, h.App, "orders") != 0 || testapp.Stock(t, h.App, p.Id) != 10 {
		t.Fatal("a total_changed answer changed something")
	}
	expectErr(t, c.Do("GET", "/api/cart?country=US&shippingMethod=intl_express", nil, testapp.Auth(u.Token)...), http.StatusBadRequest, "validation_failed")
	bad := texasBody("standard")
	bad["billingInfo"] = map[string]any{"taxId": "<script>"}
	if e := expectErr(t, c.Do("POST", "/api/checkout/create-order", bad, testapp.Auth(u.Token)...), http.StatusBadRequest, "validation_failed"); e.Errors["billingInfo.taxId"] == "" {
		t.Fatalf("errors %v", e.Errors)
	}
}

// Products carry a tax class (standard by default) that admins set; an
// unknown class is a 400 on taxClass.
func TestProductTaxClass(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	image := testapp.NewImage(t, h.App)
	var got struct {
		ID       string `json:"id"`
		TaxClass string `json:"taxClass"`
	}
	wantStatus(t, c.Do("POST", "/api/products", validProductBody(image), testapp.Auth(admin.Token)...), http.StatusCreated, &got)
	if got.TaxClass != "standard" {
		t.Fatalf("default class %q", got.TaxClass)
	}
	wantStatus(t, c.Do("PUT", "/api/products/"+got.ID, map[string]any{"taxClass": "reduced"}, testapp.Auth(admin.Token)...), http.StatusOK, &got)
	wantStatus(t, c.Do("GET", "/api/products/"+got.ID, nil), http.StatusOK, &got)
	if got.TaxClass != "reduced" {
		t.Fatalf("class after the update %q", got.TaxClass)
	}
	for _, bad := range []any{"luxury", 1, ""} {
		wantFields(t, wantError(t, c.Do("PUT", "/api/products/"+got.ID, map[string]any{"taxClass": bad}, testapp.Auth(admin.Token)...),
			http.StatusBadRequest, "validation_failed"), "taxClass")
	}
}

// A customer keeps a company name and tax ID on the account (checked like
// the billing step's); only admins mark a customer tax-exempt.
func TestBusinessCustomer(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	profile := map[string]any{"firstName": "Test", "lastName": "User", "email": u.Record.Email(),
		"companyName": " Stage  Rentals LLC", "taxId": " DE 123456789 "}
	var answer struct {
		User struct {
			CompanyName string `json:"companyName"`
			TaxID       string `json:"taxId"`
			TaxExempt   bool   `json:"taxExempt"`
		} `json:"user"`
	}
	wantStatus(t, c.Do("PUT", "/api/auth/profile", profile, testapp.Auth(u.Token)...), http.StatusOK, &answer)
	if answer.User.CompanyName != "Stage  Rentals LLC" || answer.User.TaxID != "DE 123456789" || answer.User.TaxExempt {
		t.Fatalf("profile %+v", answer.User)
	}
	profile["taxId"] = "DE=1"
	wantFields(t, wantError(t, c.Do("PUT", "/api/auth/profile", profile, testapp.Auth(u.Token)...), http.StatusBadRequest, "validation_failed"), "taxId")

	url := "/api/admin/users/" + u.ID() + "/tax-exempt"
	wantError(t, c.Do("PUT", url, map[string]any{"taxExempt": true}), http.StatusUnauthorized, "unauthorized")
	wantError(t, c.Do("PUT", url, map[string]any{"taxExempt": true}, testapp.Auth(u.Token)...), http.StatusForbidden, "forbidden")
	wantFields(t, wantError(t, c.Do("PUT", url, map[string]any{}, testapp.Auth(admin.Token)...), http.StatusBadRequest, "validation_failed"), "taxExempt")
	wantError(t, c.Do("PUT", url, map[string]any{"taxExempt": "yes"}, testapp.Auth(admin.Token)...), http.StatusBadRequest, "")
	wantError(t, c.Do("PUT", "/api/admin/users/nosuchuser12345/tax-exempt", map[string]any{"taxExempt": true}, testapp.Auth(admin.Token)...), http.StatusNotFound, "")
	var user struct {
		TaxExempt bool `json:"taxExempt"`
	}
	wantStatus(t, c.Do("PUT", url, map[string]any{"taxExempt": true}, testapp.Auth(admin.Token)...), http.StatusOK, &user)
	if !user.TaxExempt {
		t.Fatal("not exempt after the admin's change")
	}
	// The customer cannot clear it through the profile.
	profile["taxId"], profile["taxExempt"] = "DE123456789", false
	wantStatus(t, c.Do("PUT", "/api/auth/profile", profile, testapp.Auth(u.Token)...), http.StatusOK, &answer)
	if !answer.User.TaxExempt {
		t.Fatal("the profile cleared the exemption")
	}
}

// The estimate normalizes the address as the order does (issue 43 item
// 10): Texas by name, by code, in any case, with the country by code or
// name, is estimated at the tax the order then charges.
func TestCartEstimateReadsStateNames(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 8.25, "Texas sales tax")
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1999, Stock: 10})
	addLine(t, c, u.Token, p.Id, 3)
	for _, q := range []string{"country=US&state=Texas", "country=US&state=texas", "country=us&state=tx", "country=USA&state=%20Texas%20",
		"country=United%20States&state=TX", "country=US&state=TX"} {
		var est estimateJSON
		r := c.Do("GET", "/api/cart?"+q+"&shippingMethod=express", nil, testapp.Auth(u.Token)...)
		r.JSON(t, &est)
		if r.Status != http.StatusOK || est.TaxEstimate == nil || est.TaxEstimate.TaxAmount != 4.95 {
			t.Errorf("estimate for %s: %d %s, want tax 4.95", q, r.Status, r.Body)
		}
	}
	// A guest's cart, and no shipping method yet.
	wantStatus(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 3}, sess("session_estimate_12345")...), http.StatusOK, nil)
	for _, q := range []string{"country=US&state=Texas", "country=United%20States&state=Texas&shippingMethod=standard"} {
		var est estimateJSON
		r := c.Do("GET", "/api/cart?"+q, nil, sess("session_estimate_12345")...)
		r.JSON(t, &est)
		if r.Status != http.StatusOK || est.TaxEstimate == nil || est.TaxEstimate.TaxAmount != 4.95 {
			t.Errorf("guest estimate for %s: %d %s, want tax 4.95", q, r.Status, r.Body)
		}
	}
}
