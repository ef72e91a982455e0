package promo_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop/promo"
	"stageshop/shop/wire"
)

// Candidates reads promotions with a plain statement, not as records: a
// promotion with every term set comes back with each of them as saved,
// and with the customer's uses; a use Redeem writes with a plain INSERT
// reads back as a record with its order, customer, amount and time.
func TestCandidatesReadEveryTermAndUsesAreRecords(t *testing.T) {
	app := testapp.New(t)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 5000, Stock: 5})
	starts, ends := now.Add(-time.Hour).Truncate(time.Second), now.Add(time.Hour).Truncate(time.Second)
	startsText, endsText := starts.Format(time.RFC3339), ends.Format(time.RFC3339)
	saved, err := promo.Create(app, promo.Terms{Code: "every-term", Name: []byte(`{"en":"Every","ru":"Все"}`),
		Kind: promo.Percentage, Value: "12.5", Target: promo.TargetProducts, ProductIDs: []string{p.Id},
		MinSubtotal: "20", StartsAt: &startsText, EndsAt: &endsText, UsageLimit: 9, PerCustomerLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	customer := testapp.NewUser(t, app, false).ID()
	var orderID string
	err = db.Write(app, func(txApp core.App) error {
		orderID = newOrder(t, txApp, customer)
		return promo.Redeem(txApp, orderID, customer, promo.Result{Discounts: []promo.Discount{{ID: saved.ID, Amount: 625}}})
	})
	if err != nil {
		t.Fatal(err)
	}
	rules, err := promo.Candidates(app, "every-term", customer, now)
	if err != nil || len(rules) != 1 {
		t.Fatalf("candidates: %v %v", rules, err)
	}
	want := promo.Rule{ID: saved.ID, Code: "EVERY-TERM", Name: wire.Localized{"en": "Every", "ru": "Все"},
		Kind: promo.Percentage, Value: 1250, Target: promo.TargetProducts, ProductIDs: []string{p.Id}, CategoryIDs: []string{},
		MinSubtotal: 2000, StartsAt: starts.UTC(), EndsAt: ends.UTC(), UsageLimit: 9, PerCustomerLimit: 3,
		TimesUsed: 1, CustomerUses: 1, IsActive: true}
	if got := *rules[0]; !reflect.DeepEqual(got, want) {
		t.Errorf("read\n%+v\nwant\n%+v", got, want)
	}
	use, err := app.FindFirstRecordByFilter(promo.UsesCollection, "promotion = {:p}", dbx.Params{"p": saved.ID})
	if err != nil {
		t.Fatal(err)
	}
	if use.GetString("order") != orderID || use.GetString("user") != customer || use.GetInt("amountCents") != 625 ||
		time.Since(use.GetDateTime("created").Time()) > time.Minute || len(use.Id) != core.DefaultIdLength {
		t.Errorf("use %v: want order %s, customer %s, 625 cents and now", use.PublicExport(), orderID, customer)
	}
}
