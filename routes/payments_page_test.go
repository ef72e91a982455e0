package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// The hosted payment page names the order in the customer's language, as
// Stripe writes the page around it (the page's locale): it said "Order"
// to every customer.
func TestHostedPageNamesTheOrderInTheCustomersLanguage(t *testing.T) {
	sessions, base := recordSessions(t, testapp.StripeMock(t))
	testapp.UseStripe(t, base)
	h := testapp.NewHarness(t)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 10})
	for i, c := range []struct{ lang, want string }{{"en", "Order "}, {"ru", "Заказ "}, {"zh", "订单 "}} {
		u := testapp.NewUser(t, h.App, false)
		u.Record.Set("language", c.lang)
		if err := h.App.Save(u.Record); err != nil {
			t.Fatal(err)
		}
		var o payOrder
		if r := placeWith(t, h, u, p.Id, "card", ""); r.Status != http.StatusCreated {
			t.Fatalf("%s card order: %d %s", c.lang, r.Status, r.Body)
		} else {
			r.JSON(t, &o)
		}
		forms := sessions.all()
		if len(forms) != i+1 {
			t.Fatalf("%d hosted pages asked for, want %d", len(forms), i+1)
		}
		f := forms[i]
		if got := f.Get("line_items[0][price_data][product_data][name]"); got != c.want+o.OrderNumber || f.Get("locale") != c.lang {
			t.Errorf("%s: the page's line is %q (locale %s), want %q", c.lang, got, f.Get("locale"), c.want+o.OrderNumber)
		}
	}
}
