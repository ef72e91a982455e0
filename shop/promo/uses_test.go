package promo_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop/promo"
)

var now = time.Now().UTC()

// newPromotion saves a live fixed promotion by code with the limits.
func newPromotion(t *testing.T, app core.App, code string, total, perCustomer int64) string {
	t.Helper()
	p, err := promo.Create(app, promo.Terms{Code: code, Name: []byte(`"` + code + `"`), Kind: promo.Fixed, Value: "10",
		Target: promo.TargetOrder, UsageLimit: total, PerCustomerLimit: perCustomer, Combinable: true})
	if err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// newOrder saves a bare order record of the customer for uses to name.
func newOrder(t testing.TB, txApp core.App, customer string) string {
	col, err := txApp.FindCachedCollectionByNameOrId("orders")
	if err != nil {
		t.Error(err)
		return ""
	}
	o := core.NewRecord(col)
	o.Set("user", customer)
	o.Set("status", "Created")
	o.Set("orderNumber", "ORD-TEST-"+core.GenerateDefaultRandomId())
	if err := txApp.SaveNoValidate(o); err != nil {
		t.Error(err)
	}
	return o.Id
}

// placeAtOnce places one order per customer, all at once: each is priced
// first (as the checkout's review is, outside the transaction: every one
// sees the promotion unused) and then counts its discount in its own
// transaction. It answers how many orders got the discount.
func placeAtOnce(t *testing.T, app core.App, code string, customers []string) int {
	t.Helper()
	var mu sync.Mutex
	counted := 0
	var wg sync.WaitGroup
	for _, c := range customers {
		rules, err := promo.Candidates(app, code, c, now)
		if err != nil {
			t.Fatal(err)
		}
		res := promo.Apply(promo.Input{Now: now, Customer: c, Lines: []promo.Line{{ProductID: "p", Amount: 10000, Quantity: 1}}}, rules)
		if len(res.Discounts) != 1 {
			continue // priced without it: nothing to count
		}
		wg.Go(func() {
			err := db.Write(app, func(txApp core.App) error {
				return promo.Redeem(txApp, newOrder(t, txApp, c), c, res)
			})
			var used *promo.UsedUpError
			switch {
			case err == nil:
				mu.Lock()
				counted++
				mu.Unlock()
			case !errors.As(err, &used):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	return counted
}

// Vendure PR #4660 and Magento #31798: concurrent
// checkouts passed a single-use code's limit. Here 50 orders at once
// against a limit of 1 count exactly one use; the others are
// *UsedUpError and their transactions roll back.
func TestVendure4660Magento31798FiftyConcurrentOrdersAgainstALimitOfOne(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, "ONCE", 1, 0)
	customers := make([]string, 50)
	for i := range customers {
		customers[i] = testapp.NewUser(t, app, false).ID()
	}
	if n := placeAtOnce(t, app, "ONCE", customers); n != 1 {
		t.Fatalf("%d orders got the discount, want 1", n)
	}
	if used, uses := testapp.TimesUsed(t, app, id), testapp.Count(t, app, promo.UsesCollection); used != 1 || uses != 1 {
		t.Fatalf("timesUsed %d, %d uses: want 1 and 1", used, uses)
	}
}

// Vendure PR #4660 for the per-customer limit: one customer's 20 orders at once
// against a limit of 2 count two, while another customer still may.
func TestVendure4660ConcurrentOrdersOfOneCustomerAgainstTheirLimit(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, "TWICE-EACH", 0, 2)
	ada := testapp.NewUser(t, app, false).ID()
	same := make([]string, 20)
	for i := range same {
		same[i] = ada
	}
	if n := placeAtOnce(t, app, "TWICE-EACH", same); n != 2 {
		t.Fatalf("%d of one customer's orders got the discount, want 2", n)
	}
	if n := placeAtOnce(t, app, "TWICE-EACH", []string{testapp.NewUser(t, app, false).ID()}); n != 1 {
		t.Fatal("another customer's order did not get the discount")
	}
	in := promo.Input{Now: now, Customer: ada, Lines: []promo.Line{{ProductID: "p", Amount: 10000, Quantity: 1}}}
	var na *promo.NotApplicableError
	if _, err := promo.CheckCode(app, "twice-each", in); !errors.As(err, &na) || na.Reason != promo.ReasonCustomerLimit {
		t.Fatalf("the code for a customer at their limit: %v", err)
	}
	if used := testapp.TimesUsed(t, app, id); used != 3 {
		t.Fatalf("timesUsed %d, want 3", used)
	}
}

// A cancelled unpaid order gives its use back once: the code may be used
// again, and releasing the same order twice gives back nothing more.
func TestReleaseGivesTheUseBackOnce(t *testing.T) {
	app := testapp.New(t)
	id := newPromotion(t, app, "COMEBACK", 1, 0)
	other := newPromotion(t, app, "OTHER", 0, 0)
	c := testapp.NewUser(t, app, false).ID()
	if placeAtOnce(t, app, "COMEBACK", []string{c}) != 1 || placeAtOnce(t, app, "OTHER", []string{c}) != 1 {
		t.Fatal("the first uses did not count")
	}
	var orderID string
	if err := app.DB().Select("order").From(promo.UsesCollection).Where(dbx.HashExp{"promotion": id}).Row(&orderID); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := db.Write(app, func(txApp core.App) error { return promo.Release(txApp, orderID) }); err != nil {
			t.Fatal(err)
		}
	}
	if used := testapp.TimesUsed(t, app, id); used != 0 {
		t.Fatalf("timesUsed %d after the release, want 0", used)
	}
	if used := testapp.TimesUsed(t, app, other); used != 1 {
		t.Fatalf("another promotion's uses changed: %d", used)
	}
	if placeAtOnce(t, app, "COMEBACK", []string{c}) != 1 {
		t.Fatal("the code given back could not be used again")
	}
}

// Codes that are not live are one answer, not found, whatever the reason.
func TestCodesNotLiveAreNotFound(t *testing.T) {
	app := testapp.New(t)
	newPromotion(t, app, "LIVE", 0, 0)
	paused := false
	if _, err := promo.Create(app, promo.Terms{Code: "PAUSED", Name: []byte(`"Paused"`), Kind: promo.Fixed, Value: "5",
		Target: promo.TargetOrder, IsActive: &paused}); err != nil {
		t.Fatal(err)
	}
	ended := now.Add(-time.Hour).Format(time.RFC3339)
	if _, err := promo.Create(app, promo.Terms{Code: "ENDED", Name: []byte(`"Ended"`), Kind: promo.Fixed, Value: "5",
		Target: promo.TargetOrder, EndsAt: &ended}); err != nil {
		t.Fatal(err)
	}
	in := promo.Input{Now: now, Lines: []promo.Line{{ProductID: "p", Amount: 100, Quantity: 1}}}
	if r, err := promo.CheckCode(app, " live ", in); err != nil || r.Code != "LIVE" {
		t.Fatalf("live code: %v", err)
	}
	for _, code := range []string{"PAUSED", "ENDED", "NOPE", ""} {
		if _, err := promo.CheckCode(app, code, in); !errors.Is(err, promo.ErrCodeNotFound) {
			t.Errorf("%q: %v, want not found", code, err)
		}
	}
}
