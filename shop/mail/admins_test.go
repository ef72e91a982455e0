package mail

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// saveUser stores a user with the roles given.
func saveUser(t *testing.T, app core.App, email string, roles ...string) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	u := core.NewRecord(col)
	u.SetEmail(email)
	u.SetPassword("a-long-password")
	u.Set("roles", roles)
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	return u
}

// adminEmails is the admin list as notices see it.
func adminEmails(t *testing.T, app core.App) []string {
	t.Helper()
	admins, err := adminRecipients(app)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range admins {
		out = append(out, a.Email)
	}
	slices.Sort(out)
	return out
}

// The admin list stays kept while customers sign up and edit their
// profiles (an order's notice does not read every user's roles again),
// and is read again when a user becomes an admin, an admin changes or
// stops being one.
func TestAdminListKeptForCustomersDroppedForAdmins(t *testing.T) {
	app := newApp(t)
	keepAdmins(app)
	k := stateOf(app).admins.Load()
	a := saveUser(t, app, "a@shop.example", "Admin")
	if got := adminEmails(t, app); !slices.Equal(got, []string{"a@shop.example"}) {
		t.Fatalf("admins %v", got)
	}
	c := saveUser(t, app, "c@shop.example")
	c.Set("firstName", "Cee")
	if err := app.Save(c); err != nil {
		t.Fatal(err)
	}
	if _, ok := k.Peek(); !ok {
		t.Fatal("a customer's sign-up and profile edit dropped the admin list")
	}

	c.Set("roles", []string{"Admin"})
	if err := app.Save(c); err != nil {
		t.Fatal(err)
	}
	if got := adminEmails(t, app); !slices.Equal(got, []string{"a@shop.example", "c@shop.example"}) {
		t.Fatalf("after a promotion: %v", got)
	}
	a.SetEmail("a2@shop.example")
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	if got := adminEmails(t, app); !slices.Equal(got, []string{"a2@shop.example", "c@shop.example"}) {
		t.Fatalf("after an admin's new address: %v", got)
	}
	a.Set("roles", []string{})
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	if got := adminEmails(t, app); !slices.Equal(got, []string{"c@shop.example"}) {
		t.Fatalf("after a demotion: %v", got)
	}
	if err := app.Delete(c); err != nil {
		t.Fatal(err)
	}
	if got := adminEmails(t, app); len(got) != 0 {
		t.Fatalf("after the admin's deletion: %v", got)
	}
}
