package ops_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/cron"

	"stageshop/internal/testapp"
	"stageshop/shop/cart"
)

// cronJob is app's scheduled job id; the test fails when there is none.
func cronJob(t *testing.T, app core.App, id string) *cron.Job {
	t.Helper()
	for _, j := range app.Cron().Jobs() {
		if j.Id() == id {
			return j
		}
	}
	t.Fatalf("no cron job %s", id)
	return nil
}

// The app that ships schedules every clean-up (test apps get them from the
// same wiring), and a test app's scheduler is stopped once it has served,
// so no job fires in the middle of a test.
func TestCronsScheduled(t *testing.T) {
	app := testapp.New(t)
	// A scheduler ticking every 5 ms with a job due every minute would run
	// it at once if it were running.
	app.Cron().SetInterval(5 * time.Millisecond)
	var fired atomic.Int32
	app.Cron().MustAdd("testEveryMinute", "* * * * *", func() { fired.Add(1) })
	testapp.Server(t, app) // serving starts PocketBase's scheduler
	time.Sleep(50 * time.Millisecond)
	if n := fired.Load(); n > 0 {
		t.Errorf("a cron job fired %d times in a test app", n)
	}
	for id, expr := range map[string]string{
		"stageshopUnusedImages":       "23 * * * *",
		"stageshopPruneRefreshTokens": "17 4 * * *",
		"stageshopPruneGuestCarts":    "41 4 * * *",
	} {
		if got := cronJob(t, app, id).Expression(); got != expr {
			t.Errorf("%s at %q, want %q", id, got, expr)
		}
	}
}

// session is a strong guest session id.
func session(i int) string {
	return fmt.Sprintf("session_1763800000_%016x", uint64(i+1)*0x9e3779b97f4a7c15)
}

// backdate sets a record's updated time d ago.
func backdate(t *testing.T, app core.App, table, id string, d time.Duration) {
	t.Helper()
	_, err := app.DB().Update(table, dbx.Params{"updated": time.Now().Add(-d).UTC().Format("2006-01-02 15:04:05.000Z")},
		dbx.HashExp{"id": id}).Execute()
	if err != nil {
		t.Fatal(err)
	}
}

// The daily cron job deletes guest carts untouched for 30 days (lines
// included) and nothing else.
func TestGuestCartCleanupCron(t *testing.T) {
	app := testapp.New(t)
	p := testapp.NewProduct(t, app, testapp.Product{Stock: 100})
	user := testapp.NewUser(t, app, false)
	fill := func(owner cart.Owner) (cartID, lineID string) {
		c, err := cart.Add(app, owner, p.Id, "", 1)
		if err != nil {
			t.Fatal(err)
		}
		return c.ID, c.Items[0].ID
	}
	oldID, oldLine := fill(cart.Owner{SessionID: session(1)})
	backdate(t, app, "carts", oldID, 31*24*time.Hour)
	backdate(t, app, "cart_items", oldLine, 31*24*time.Hour)
	touchedID, _ := fill(cart.Owner{SessionID: session(2)}) // its line changed lately
	backdate(t, app, "carts", touchedID, 31*24*time.Hour)
	freshID, _ := fill(cart.Owner{SessionID: session(3)})
	userID, userLine := fill(cart.Owner{UserID: user.ID()})
	backdate(t, app, "carts", userID, 90*24*time.Hour)
	backdate(t, app, "cart_items", userLine, 90*24*time.Hour)

	cronJob(t, app, "stageshopPruneGuestCarts").Run()
	for id, kept := range map[string]bool{oldID: false, touchedID: true, freshID: true, userID: true} {
		if _, err := app.FindRecordById("carts", id); (err == nil) != kept {
			t.Errorf("cart %s kept=%v, want %v", id, err == nil, kept)
		}
	}
	if _, err := app.FindRecordById("cart_items", oldLine); err == nil {
		t.Error("the deleted cart's line is still there")
	}
}
