package account_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop/account"
)

// pastGrace moves a rotated token's use back beyond the grace window, as if
// the seconds had passed.
func pastGrace(t *testing.T, app core.App, raw string) {
	t.Helper()
	rec, err := app.FindFirstRecordByData(account.RefreshTokensCollection, "tokenHash", account.HashRefreshToken(raw))
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("usedAt", time.Now().Add(-account.RefreshGraceWindow-time.Second))
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
}

func active(t *testing.T, app core.App, userID, family string) bool {
	t.Helper()
	ok, err := account.SessionActive(app, userID, family)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// Two tabs refreshing with the same token within the grace window get the
// same successor; the session stays whole. After the window, a replay is
// theft and ends the session.
func TestRefreshGraceWindowGivesTheSameSuccessor(t *testing.T) {
	app := testapp.New(t)
	user := testapp.NewUser(t, app, false)
	family, first, err := account.StartSession(app, user.ID())
	if err != nil {
		t.Fatal(err)
	}

	const tabs = 8
	var wg sync.WaitGroup
	got := make([]account.Rotation, tabs)
	errs := make([]error, tabs)
	for i := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = account.RotateRefreshToken(app, first)
		}()
	}
	wg.Wait()
	for i := range tabs {
		if errs[i] != nil || got[i].RefreshToken != got[0].RefreshToken || got[i].Family != family {
			t.Fatalf("tab %d: %+v %v, want the successor %q of family %q", i, got[i], errs[i], got[0].RefreshToken, family)
		}
	}
	if recs, _ := app.FindAllRecords(account.RefreshTokensCollection, dbx.HashExp{"familyId": family}); len(recs) != 2 {
		t.Fatalf("%d tokens stored, want the spent one and one successor", len(recs))
	}
	// The successor rotates normally; once it is spent, the first token's
	// grace no longer hands it out (it would be a retired token).
	next, err := account.RotateRefreshToken(app, got[0].RefreshToken)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := account.RotateRefreshToken(app, first); !errors.Is(err, account.ErrRefreshTokenReused) {
		t.Fatalf("first token after its successor was spent: %v, want reuse", err)
	}
	if active(t, app, user.ID(), family) {
		t.Fatal("session still active after reuse detection")
	}
	if _, err := account.RotateRefreshToken(app, next.RefreshToken); !errors.Is(err, account.ErrRefreshTokenReused) {
		t.Fatalf("newest token after reuse: %v", err)
	}
}

func TestRefreshReplayAfterGraceEndsTheSession(t *testing.T) {
	app := testapp.New(t)
	user := testapp.NewUser(t, app, false)
	family, first, _ := account.StartSession(app, user.ID())
	rot, err := account.RotateRefreshToken(app, first)
	if err != nil {
		t.Fatal(err)
	}
	pastGrace(t, app, first)
	if _, err := account.RotateRefreshToken(app, first); !errors.Is(err, account.ErrRefreshTokenReused) {
		t.Fatalf("replay after the window: %v", err)
	}
	if active(t, app, user.ID(), family) {
		t.Fatal("session active after reuse")
	}
	if _, err := account.RotateRefreshToken(app, rot.RefreshToken); !errors.Is(err, account.ErrRefreshTokenReused) {
		t.Fatalf("successor after reuse: %v", err)
	}
	// The successor is kept only sealed under the spent token.
	rec, _ := app.FindFirstRecordByData(account.RefreshTokensCollection, "tokenHash", account.HashRefreshToken(first))
	if sealed := rec.GetString("successorSealed"); sealed == "" || sealed == rot.RefreshToken {
		t.Fatalf("successor stored as %q", sealed)
	}
}

func TestEndAllSessions(t *testing.T) {
	app := testapp.New(t)
	user := testapp.NewUser(t, app, false)
	other := testapp.NewUser(t, app, false)
	f1, r1, _ := account.StartSession(app, user.ID())
	f2, _, _ := account.StartSession(app, user.ID())
	f3, r3, _ := account.StartSession(app, other.ID())
	if !active(t, app, user.ID(), f1) || !active(t, app, user.ID(), f2) {
		t.Fatal("new sessions not active")
	}
	if active(t, app, other.ID(), f1) || active(t, app, user.ID(), "") {
		t.Fatal("a session counts for another user or without an id")
	}
	err := db.Write(app, func(tx core.App) error { return account.EndAllSessions(tx, user.ID()) })
	if err != nil {
		t.Fatal(err)
	}
	if active(t, app, user.ID(), f1) || active(t, app, user.ID(), f2) {
		t.Fatal("session active after EndAllSessions")
	}
	if _, err := account.RotateRefreshToken(app, r1); err == nil {
		t.Fatal("refresh token works after EndAllSessions")
	}
	if !active(t, app, other.ID(), f3) {
		t.Fatal("another user's session ended")
	}
	if _, err := account.RotateRefreshToken(app, r3); err != nil {
		t.Fatalf("another user's refresh: %v", err)
	}
}
