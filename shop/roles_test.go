package shop_test

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/account"
)

func rolesOf(t *testing.T, app core.App, id string) []string {
	t.Helper()
	rec, err := app.FindRecordById("users", id)
	if err != nil {
		t.Fatal(err)
	}
	return account.UserRoles(rec)
}

func TestSetUserRolesPromoteAndRecord(t *testing.T) {
	app := testapp.New(t)
	admin := testapp.NewUser(t, app, true)
	customer := testapp.NewUser(t, app, false)

	// Duplicates and order do not matter; roles are stored in one order.
	user, err := account.SetUserRoles(app, admin.ID(), customer.ID(), account.RolesInput{Roles: []string{"Customer", "Admin", "Customer"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := account.UserRoles(user); !slices.Equal(got, []string{"Admin", "Customer"}) {
		t.Fatalf("answer roles %v", got)
	}
	if got := rolesOf(t, app, customer.ID()); !slices.Equal(got, []string{"Admin", "Customer"}) {
		t.Fatalf("stored roles %v", got)
	}
	page, err := account.ListRoleChanges(app, account.PageQuery{Page: 1, PageSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	if page.Pagination.TotalCount != 1 || len(page.Changes) != 1 {
		t.Fatalf("changes %+v", page)
	}
	c := page.Changes[0]
	at, _ := time.Parse(time.RFC3339, c.At)
	if c.UserID != customer.ID() || c.UserEmail != customer.Record.Email() || c.By != admin.Record.Email() || c.ByID != admin.ID() ||
		!slices.Equal(c.From, []string{"Customer"}) || !slices.Equal(c.To, []string{"Admin", "Customer"}) || time.Since(at) > time.Minute {
		t.Fatalf("change %+v", c)
	}

	// The same roles again change nothing and record nothing.
	if _, err := account.SetUserRoles(app, admin.ID(), customer.ID(), account.RolesInput{Roles: []string{"Admin", "Customer"}}); err != nil {
		t.Fatal(err)
	}
	// Revoking is recorded too, newest first.
	if _, err := account.SetUserRoles(app, admin.ID(), customer.ID(), account.RolesInput{Roles: []string{"Customer"}}); err != nil {
		t.Fatal(err)
	}
	page, _ = account.ListRoleChanges(app, account.PageQuery{Page: 1, PageSize: 20})
	if page.Pagination.TotalCount != 2 || !slices.Equal(page.Changes[0].To, []string{"Customer"}) {
		t.Fatalf("after revoke %+v", page)
	}
}

func TestSetUserRolesRules(t *testing.T) {
	app := testapp.New(t)
	admin := testapp.NewUser(t, app, true)
	other := testapp.NewUser(t, app, true)
	customer := testapp.NewUser(t, app, false)
	set := func(actor, user string, roles ...string) error {
		_, err := account.SetUserRoles(app, actor, user, account.RolesInput{Roles: roles})
		return err
	}
	if err := set(admin.ID(), admin.ID(), "Customer"); !errors.Is(err, account.ErrOwnAdminRole) {
		t.Fatalf("own role: %v", err)
	}
	// Keeping one's own Admin role while changing others is fine.
	if err := set(admin.ID(), admin.ID(), "Admin"); err != nil {
		t.Fatalf("own roles without Customer: %v", err)
	}
	if err := set(admin.ID(), "nosuchuser1234", "Admin"); !errors.Is(err, account.ErrUserNotFound) {
		t.Fatalf("unknown user: %v", err)
	}
	if err := set(customer.ID(), other.ID(), "Customer"); !errors.Is(err, account.ErrNotAdmin) {
		t.Fatalf("customer as actor: %v", err)
	}
	var verrs validation.Errors
	if err := set(admin.ID(), customer.ID(), "Admin", "Owner"); !errors.As(err, &verrs) || verrs["roles"] == nil {
		t.Fatalf("unknown role: %v", err)
	}
	if _, err := account.SetUserRoles(app, admin.ID(), customer.ID(), account.RolesInput{}); !errors.As(err, &verrs) {
		t.Fatalf("no roles member: %v", err)
	}

	// other demotes admin; admin, still holding a request from before,
	// tries to demote other, who is now the only admin: 409, not zero admins.
	if err := set(other.ID(), admin.ID(), "Customer"); err != nil {
		t.Fatal(err)
	}
	if err := set(admin.ID(), other.ID(), "Customer"); !errors.Is(err, account.ErrLastAdmin) {
		t.Fatalf("last admin: %v", err)
	}
	if !slices.Contains(rolesOf(t, app, other.ID()), "Admin") {
		t.Fatal("the last admin lost the role")
	}
	// A former admin cannot grant roles either.
	if err := set(admin.ID(), customer.ID(), "Admin", "Customer"); !errors.Is(err, account.ErrNotAdmin) {
		t.Fatalf("former admin grants: %v", err)
	}
	// Recorded: admin dropping Customer from their own roles, other demoting admin.
	if page, _ := account.ListRoleChanges(app, account.PageQuery{Page: 1, PageSize: 5}); page.Pagination.TotalCount != 2 {
		t.Fatalf("refused changes were recorded: %+v", page)
	}
}

// Two admins demoting each other at the same moment: the transaction lets
// exactly one through, and one admin always remains.
func TestSetUserRolesConcurrentDemotions(t *testing.T) {
	app := testapp.New(t)
	for round := 0; round < 5; round++ {
		a := testapp.NewUser(t, app, true)
		b := testapp.NewUser(t, app, true)
		// Only these two are admins in this round.
		if round > 0 {
			demoteAllBut(t, app, a.ID(), b.ID())
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, pair := range [][2]string{{a.ID(), b.ID()}, {b.ID(), a.ID()}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = account.SetUserRoles(app, pair[0], pair[1], account.RolesInput{Roles: []string{"Customer"}})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, account.ErrLastAdmin), errors.Is(err, account.ErrNotAdmin):
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		admins := 0
		for _, id := range []string{a.ID(), b.ID()} {
			if slices.Contains(rolesOf(t, app, id), "Admin") {
				admins++
			}
		}
		if ok != 1 || admins != 1 {
			t.Fatalf("round %d: %d succeeded, %d admins left (%v)", round, ok, admins, errs)
		}
	}
}

// demoteAllBut takes the Admin role from every user but keep (straight in
// the database, as a superuser could).
func demoteAllBut(t *testing.T, app core.App, keep ...string) {
	t.Helper()
	recs, err := app.FindAllRecords("users")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if !slices.Contains(keep, r.Id) {
			r.Set("roles", []string{"Customer"})
			if err := app.Save(r); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestListUsersSearchPagesAndStats(t *testing.T) {
	app := testapp.New(t)
	ada := testapp.NewUser(t, app, false)
	ada.Record.Set("firstName", "Ada")
	ada.Record.Set("lastName", "Lovelace")
	ada.Record.SetEmail("ada.l@example.com")
	if err := app.Save(ada.Record); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		testapp.NewUser(t, app, i == 0)
	}
	p := testapp.NewProduct(t, app, testapp.Product{Stock: 5})
	now := time.Now().UTC()
	orderAt(t, app, ada.ID(), shop.StatusDelivered, now.Add(-time.Hour), line{p, 2, 1250})
	orderAt(t, app, ada.ID(), shop.StatusCancelled, now.Add(-time.Minute), line{p, 1, 9900})
	orderAt(t, app, ada.ID(), shop.StatusCreated, now, line{p, 1, 100})

	for _, search := range []string{"ada lovelace", "LOVELACE", "ada.l@", "Ada"} {
		page, err := account.ListUsers(app, account.UserQuery{PageQuery: account.PageQuery{Page: 1, PageSize: 20}, Search: search})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Users) != 1 || page.Users[0].Id != ada.ID() || page.Pagination.TotalCount != 1 {
			t.Fatalf("search %q: %d users", search, len(page.Users))
		}
		// Three orders; the cancelled one is not money spent: 25.00 + 1.00.
		if st := page.Stats[ada.ID()]; st.OrdersCount != 3 || st.TotalSpent != 2600 {
			t.Fatalf("stats %+v", st)
		}
	}
	// A LIKE wildcard in the search matches itself only.
	if page, _ := account.ListUsers(app, account.UserQuery{PageQuery: account.PageQuery{Page: 1, PageSize: 20}, Search: "%"}); len(page.Users) != 0 {
		t.Fatalf("%% matched %d users", len(page.Users))
	}
	all, _ := account.ListUsers(app, account.UserQuery{PageQuery: account.PageQuery{Page: 1, PageSize: 2}})
	if all.Pagination.TotalCount != 5 || all.Pagination.TotalPages != 3 || len(all.Users) != 2 {
		t.Fatalf("pages %+v", all.Pagination)
	}
	last, _ := account.ListUsers(app, account.UserQuery{PageQuery: account.PageQuery{Page: 3, PageSize: 2}})
	past, _ := account.ListUsers(app, account.UserQuery{PageQuery: account.PageQuery{Page: 4, PageSize: 2}})
	if len(last.Users) != 1 || len(past.Users) != 0 {
		t.Fatalf("last page %d, past the end %d", len(last.Users), len(past.Users))
	}
	if st := all.Stats[all.Users[0].Id]; st.OrdersCount != 0 && all.Users[0].Id != ada.ID() {
		t.Fatalf("stats of a user without orders %+v", st)
	}
	for _, q := range []account.PageQuery{{Page: 0, PageSize: 20}, {Page: 1, PageSize: 0}, {Page: 1, PageSize: 101}} {
		if _, err := account.ListUsers(app, account.UserQuery{PageQuery: q}); err == nil {
			t.Fatalf("page query %+v accepted", q)
		}
	}
	orders, err := shop.ListCustomerOrders(app, ada.ID())
	if err != nil || len(orders) != 3 || orders[0].TotalAmount != 100 {
		t.Fatalf("customer orders %v %v", orders, err)
	}
	if _, err := shop.ListCustomerOrders(app, "nosuchuser1234"); !errors.Is(err, account.ErrUserNotFound) {
		t.Fatalf("unknown customer: %v", err)
	}
}
