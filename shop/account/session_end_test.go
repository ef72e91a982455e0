package account_test

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop/account"
)

// ended records what OnSessionsEnded announced.
type ended struct {
	mu     sync.Mutex
	events []string
}

func listen(app core.App) *ended {
	got := &ended{}
	account.OnSessionsEnded(app).BindFunc(func(e *account.SessionsEndedEvent) error {
		got.mu.Lock()
		got.events = append(got.events, e.UserID+"/"+e.Family+"/"+e.Reason)
		got.mu.Unlock()
		return e.Next()
	})
	return got
}

func (g *ended) take() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.events
	g.events = nil
	return out
}

// Every way a session ends is announced once, after it is committed, with
// whose sessions and why: the place realtime streams are cut (issue 27, 4).
func TestEverySessionEndIsAnnounced(t *testing.T) {
	app := testapp.New(t)
	got := listen(app)
	admin := testapp.NewUser(t, app, true)
	other := testapp.NewUser(t, app, true)
	u := other.ID()
	fam, first, err := account.StartSession(app, u)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, want ...string) {
		t.Helper()
		if g := got.take(); !slices.Equal(g, want) {
			t.Fatalf("%s: announced %v, want %v", what, g, want)
		}
	}
	if _, err := account.RevokeRefreshFamily(app, u, first); err != nil {
		t.Fatal(err)
	}
	check("logout of one session", u+"/"+fam+"/"+account.EndLogout)

	fam, first, _ = account.StartSession(app, u)
	if _, err := account.RotateRefreshToken(app, first); err != nil {
		t.Fatal(err)
	}
	pastGrace(t, app, first)
	if _, err := account.RotateRefreshToken(app, first); !errors.Is(err, account.ErrRefreshTokenReused) {
		t.Fatal(err)
	}
	check("refresh token replayed", u+"/"+fam+"/"+account.EndTokenReuse)

	if err := account.Logout(app, u, account.RefreshInput{}); err != nil {
		t.Fatal(err)
	}
	check("logout everywhere", u+"//"+account.EndLogout)

	boom := errors.New("boom")
	err = app.RunInTransaction(func(txApp core.App) error {
		if err := account.EndAllSessions(txApp, u); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	check("a credential change that rolled back")
	if err := account.EndAllSessions(app, u); err != nil {
		t.Fatal(err)
	}
	check("credential change", u+"//"+account.EndCredentials)

	if _, err := account.SetUserRoles(app, admin.ID(), u, account.RolesInput{Roles: []string{account.RoleCustomer}}); err != nil {
		t.Fatal(err)
	}
	check("Admin role removed by an admin", u+"//"+account.EndAdminRoleLoss)
	rec, _ := app.FindRecordById(account.UsersCollection, admin.ID())
	rec.Set("roles", []string{account.RoleCustomer}) // as in the dashboard
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	check("Admin role removed in the dashboard", admin.ID()+"//"+account.EndAdminRoleLoss)
	rec.Set("firstName", "Renamed")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	check("a save that keeps the roles")
}
