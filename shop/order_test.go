package shop_test

import (
	"errors"
	"regexp"
	"sync"
	"testing"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/field"
	"stageshop/shop/shipping"
)

func validInput() shop.OrderInput {
	return shop.OrderInput{
		Shipping: shop.ShippingInfo{PostalAddress: shop.PostalAddress{FirstName: "Ada", LastName: "Lovelace",
			Address: "1 Stage St", City: "London", State: "LDN", ZipCode: "N1", Country: "UK"}, Phone: "+44 20 7946 0000", Email: "ada@example.com"},
		UseShippingForBilling: true,
		ShippingMethod:        shipping.ShipIntlStandard,
	}
}

func TestOrderPlaceFromGo(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 2500, Stock: 4})
	owner := cart.Owner{UserID: u.ID()}
	if _, err := cart.Add(app, owner, p.Id, "", 3); err != nil {
		t.Fatal(err)
	}
	o, err := shop.PlaceOrder(app, u.ID(), validInput())
	if err != nil {
		t.Fatal(err)
	}
	// UK is abroad for a US shop: international standard, $49.99.
	if o.SubtotalAmount != 7500 || o.ShippingAmount != 4999 || o.TotalAmount != 12499 || o.ItemCount != 3 || o.Status != shop.StatusCreated || o.Billing.City != "London" {
		t.Fatalf("order %+v", o)
	}
	if s := testapp.Stock(t, app, p.Id); s != 1 {
		t.Fatalf("stock %d", s)
	}
	// The cart is gone; a second order finds it empty.
	if _, err := shop.PlaceOrder(app, u.ID(), validInput()); !errors.Is(err, shop.ErrCartEmpty) {
		t.Fatalf("second order: %v", err)
	}
	list, err := shop.ListUserOrders(app, u.ID())
	if err != nil || len(list) != 1 || list[0].ID != o.ID {
		t.Fatalf("list %v %v", list, err)
	}
	if _, err := shop.GetUserOrder(app, "someoneelse1234", o.ID); !errors.Is(err, shop.ErrOrderNotFound) {
		t.Fatalf("someone else's order: %v", err)
	}
}

func TestOrderInputValidation(t *testing.T) {
	in := validInput()
	in.Shipping.Email = "nope"
	in.Shipping.City = " "
	in.UseShippingForBilling = false
	in.Normalize()
	fields, _, isValidation := field.Messages(in.Validate())
	if !isValidation {
		t.Fatalf("err %v", fields)
	}
	for _, k := range []string{"shippingInfo.email", "shippingInfo.city", "billingInfo.firstName", "billingInfo.country"} {
		if _, has := fields[k]; !has {
			t.Errorf("no error for %s: %v", k, fields)
		}
	}
	if _, has := fields["shippingInfo.firstName"]; has {
		t.Errorf("unexpected error %v", fields)
	}
	ok := validInput()
	ok.Normalize()
	if err := ok.Validate(); err != nil || ok.Billing.ZipCode != "N1" {
		t.Fatalf("valid input: %v %+v", err, ok.Billing)
	}
}

func TestOrderNumberFormatAndCollisionRetry(t *testing.T) {
	re := regexp.MustCompile(`^ORD-20261122-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$`)
	day := time.Date(2026, 11, 22, 23, 59, 0, 0, time.UTC)
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		n := shop.NewOrderNumber(day)
		if !re.MatchString(n) {
			t.Fatalf("order number %q", n)
		}
		seen[n] = true
	}
	if len(seen) < 195 {
		t.Fatalf("only %d distinct numbers of 200", len(seen))
	}

	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 100, Stock: 10})
	orig := shop.NewOrderNumber
	t.Cleanup(func() { shop.NewOrderNumber = orig })
	// The first two draws collide with an existing order, the third is free.
	draws := []string{"ORD-20261122-AAAAAA", "ORD-20261122-AAAAAA", "ORD-20261122-AAAAAA", "ORD-20261122-BBBBBB"}
	calls := 0
	shop.NewOrderNumber = func(time.Time) string { calls++; return draws[min(calls-1, len(draws)-1)] }
	owner := cart.Owner{UserID: u.ID()}
	var numbers []string
	for i := 0; i < 2; i++ {
		if _, err := cart.Add(app, owner, p.Id, "", 1); err != nil {
			t.Fatal(err)
		}
		o, err := shop.PlaceOrder(app, u.ID(), validInput())
		if err != nil {
			t.Fatal(err)
		}
		numbers = append(numbers, o.OrderNumber)
	}
	if numbers[0] != "ORD-20261122-AAAAAA" || numbers[1] != "ORD-20261122-BBBBBB" || calls != 4 {
		t.Fatalf("numbers %v after %d draws", numbers, calls)
	}
}

func TestOrderConcurrentBuyersFromGo(t *testing.T) {
	app := testapp.New(t)
	const buyers, units = 50, 10
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 100, Stock: units})
	ids := make([]string, buyers)
	for i := range ids {
		ids[i] = testapp.NewUser(t, app, false).ID()
		if _, err := cart.Add(app, cart.Owner{UserID: ids[i]}, p.Id, "", 1); err != nil {
			t.Fatal(err)
		}
	}
	errs := make([]error, buyers)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, errs[i] = shop.PlaceOrder(app, ids[i], validInput())
		}(i)
	}
	wg.Wait()
	placed := 0
	for _, err := range errs {
		var lines shop.LineErrors
		switch {
		case err == nil:
			placed++
		case errors.As(err, &lines):
			if l, ok := lines[testapp.DefaultVariant(t, app, p.Id)]; !ok || l.ProductID != p.Id {
				t.Errorf("conflict without the product: %v", lines)
			}
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	if placed != units || testapp.Stock(t, app, p.Id) != 0 || testapp.Count(t, app, "orders") != units {
		t.Fatalf("%d placed, stock %d, %d orders", placed, testapp.Stock(t, app, p.Id), testapp.Count(t, app, "orders"))
	}
}

func TestOrderStatusCancelAndRevive(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 100, Stock: 3})
	if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 3); err != nil {
		t.Fatal(err)
	}
	o, err := shop.PlaceOrder(app, u.ID(), validInput())
	if err != nil {
		t.Fatal(err)
	}
	var fields validation.Errors
	if _, err := shop.UpdateOrderStatus(app, o.ID, shop.StatusUpdate{Status: "Gone"}); !errors.As(err, &fields) {
		t.Fatalf("unknown status: %v", err)
	}
	if _, err := shop.UpdateOrderStatus(app, "nosuchorder123", shop.StatusUpdate{Status: shop.StatusShipped}); !errors.Is(err, shop.ErrOrderNotFound) {
		t.Fatalf("unknown order: %v", err)
	}
	for i := 0; i < 3; i++ {
		if _, err := shop.UpdateOrderStatus(app, o.ID, shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
	}
	if s := testapp.Stock(t, app, p.Id); s != 3 {
		t.Fatalf("stock %d after cancels, want 3", s)
	}
	// Someone else buys one; the cancelled order cannot come back.
	other := testapp.NewUser(t, app, false)
	if _, err := cart.Add(app, cart.Owner{UserID: other.ID()}, p.Id, "", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := shop.PlaceOrder(app, other.ID(), validInput()); err != nil {
		t.Fatal(err)
	}
	var lines shop.LineErrors
	if _, err := shop.UpdateOrderStatus(app, o.ID, shop.StatusUpdate{Status: shop.StatusShipped}); !errors.As(err, &lines) ||
		lines[testapp.DefaultVariant(t, app, p.Id)].Error() != "Only 2 left in stock" || lines[testapp.DefaultVariant(t, app, p.Id)].Available != 2 {
		t.Fatalf("revive: %v", err)
	}
	got, err := shop.GetOrder(app, o.ID)
	if err != nil || got.Status != shop.StatusCancelled || testapp.Stock(t, app, p.Id) != 2 {
		t.Fatalf("after refused revive: %v %+v stock %d", err, got, testapp.Stock(t, app, p.Id))
	}
	// A deleted product cannot be taken again either.
	if err := app.Delete(p); err != nil {
		t.Fatal(err)
	}
	if _, err := shop.UpdateOrderStatus(app, o.ID, shop.StatusUpdate{Status: shop.StatusCreated}); !errors.As(err, &lines) {
		t.Fatalf("revive with a deleted product: %v", err)
	}
}

func TestDeletingAnOrderReturnsUnshippedStock(t *testing.T) {
	app := testapp.New(t)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 100, Stock: 10})
	place := func() string {
		u := testapp.NewUser(t, app, false)
		if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 2); err != nil {
			t.Fatal(err)
		}
		o, err := shop.PlaceOrder(app, u.ID(), validInput())
		if err != nil {
			t.Fatal(err)
		}
		return o.ID
	}
	processing, shipped, cancelled := place(), place(), place()
	for id, status := range map[string]string{
		processing: shop.StatusProcessing, shipped: shop.StatusShipped, cancelled: shop.StatusCancelled,
	} {
		if _, err := shop.UpdateOrderStatus(app, id, shop.StatusUpdate{Status: status}); err != nil {
			t.Fatal(err)
		}
	}
	if s := testapp.Stock(t, app, p.Id); s != 6 {
		t.Fatalf("stock %d before deleting, want 6 (10 - 3 orders of 2 + 2 cancelled)", s)
	}
	del := func(id string) {
		rec, err := app.FindRecordById(shop.OrdersCollection, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := app.Delete(rec); err != nil {
			t.Fatal(err)
		}
	}
	del(shipped)   // the goods left the shop
	del(cancelled) // already restocked
	if s := testapp.Stock(t, app, p.Id); s != 6 {
		t.Fatalf("stock %d after deleting shipped and cancelled orders, want 6", s)
	}
	del(processing) // never shipped: its 2 units come back
	if s := testapp.Stock(t, app, p.Id); s != 8 {
		t.Fatalf("stock %d after deleting a processing order, want 8", s)
	}
	if n := testapp.Count(t, app, shop.OrderItemsCollection); n != 0 {
		t.Fatalf("%d order lines left after deleting every order", n)
	}
}
