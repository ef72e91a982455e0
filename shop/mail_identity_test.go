package shop_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/mail"
	"stageshop/shop/site"
)

// E-mails come from the store details' name and e-mail and carry the logo
// (issue 44: they said "StageShop <support@example.com>" after the owner
// renamed the shop); the SMTP settings' sender stays the fallback for an
// empty store e-mail.
func TestEmailsComeFromTheStoreDetails(t *testing.T) {
	app := testapp.New(t)
	testapp.SetAppURL(t, app, "https://shop.example")
	testapp.UpdateSettings(t, app, func(s *core.Settings) {
		s.Meta.SenderName, s.Meta.SenderAddress = "StageShop", "support@example.com"
	})
	logo := testapp.NewImage(t, app)
	in := site.StoreInput{Name: "Lumen Stage Supply", Email: "hello@lumen-stage.test", Logo: logo, Phone: "+1 555 010 2030"}
	in.Hero.Title = json.RawMessage(`{"en":"Light for every show"}`)
	if _, err := site.SaveStoreDetails(app, in); err != nil {
		t.Fatal(err)
	}
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 5})
	if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 1); err != nil {
		t.Fatal(err)
	}
	order, err := shop.PlaceOrder(app, u.ID(), validInput())
	if err != nil {
		t.Fatal(err)
	}
	var sent bool
	for _, m := range testapp.Deliver(t, app) {
		if len(m.To) != 1 || m.To[0].Address != u.Record.Email() || !strings.Contains(m.Subject, order.OrderNumber) {
			continue
		}
		sent = true
		if m.From.Name != "Lumen Stage Supply" || m.From.Address != "hello@lumen-stage.test" {
			t.Errorf("From %q <%s>, want the store details'", m.From.Name, m.From.Address)
		}
		if !strings.Contains(m.HTML, `<img src="https://shop.example/images/products/`+logo+`"`) || !strings.Contains(m.HTML, "Lumen Stage Supply") {
			t.Errorf("the e-mail lacks the shop's logo or name:\n%s", m.HTML)
		}
		if _, ok := m.Headers["Reply-To"]; ok {
			t.Errorf("Reply-To %q beside a From that already is the contact address", m.Headers["Reply-To"])
		}
	}
	if !sent {
		t.Fatal("no order confirmation sent")
	}
}

// A customer's cancel tells every admin by e-mail, as a new order does,
// and both notices link to the order's own page /admin/orders/{id}; an
// admin's own cancel notifies no admin.
func TestCustomerCancelNotifiesAdmins(t *testing.T) {
	app := testapp.New(t)
	testapp.SetAppURL(t, app, "https://shop.example")
	admin := testapp.NewUser(t, app, true)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{Name: "Fog Machine", PriceCents: 25000, Stock: 5})
	place := func() *shop.OrderDetail {
		if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 1); err != nil {
			t.Fatal(err)
		}
		d, err := shop.PlaceOrder(app, u.ID(), validInput())
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	order := place()
	if _, err := shop.CancelOwnOrder(app, u.ID(), order.ID); err != nil {
		t.Fatal(err)
	}
	page := "https://shop.example/admin/orders/" + order.ID
	notice := one(t, app, mail.KindOrderCancelAdmin)
	if notice.To != admin.Record.Email() || !strings.Contains(notice.Subject, order.OrderNumber) || !strings.Contains(notice.Subject, "cancelled") {
		t.Fatalf("cancel notice to %s: %q", notice.To, notice.Subject)
	}
	has(t, notice, u.Record.Email(), order.OrderNumber, "Fog Machine", page)
	has(t, one(t, app, mail.KindOrderAdmin), page)

	other := place()
	if _, err := shop.UpdateOrderStatus(app, other.ID, shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
		t.Fatal(err)
	}
	if n := len(emailsOf(t, app, mail.KindOrderCancelAdmin)); n != 1 {
		t.Fatalf("%d cancel notices after an admin's cancel, want still 1", n)
	}
}
