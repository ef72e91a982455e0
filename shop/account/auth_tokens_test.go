package account_test

import (
	"errors"
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/shop/account"
)

func TestRefreshTokensRotateRevokeAndPrune(t *testing.T) {
	app := testapp.New(t)
	user := testapp.NewUser(t, app, false)

	_, first, err := account.StartSession(app, user.ID())
	if err != nil || len(first) < 43 {
		t.Fatalf("issued %q, %v (want >= 256 bits)", first, err)
	}
	rot, err := account.RotateRefreshToken(app, first)
	second := rot.RefreshToken
	if err != nil || rot.UserID != user.ID() || second == first || rot.Family == "" {
		t.Fatalf("rotate: %+v %v", rot, err)
	}
	pastGrace(t, app, first)
	if _, err := account.RotateRefreshToken(app, first); !errors.Is(err, account.ErrRefreshTokenReused) {
		t.Fatalf("replay: %v, want ErrRefreshTokenReused", err)
	}
	if _, err := account.RotateRefreshToken(app, second); !errors.Is(err, account.ErrRefreshTokenReused) {
		t.Fatalf("family member after replay: %v", err)
	}
	if _, err := account.RotateRefreshToken(app, "unknown"); !errors.Is(err, account.ErrRefreshTokenInvalid) {
		t.Fatalf("unknown: %v", err)
	}

	// Another user's token is not revoked through someone else's logout.
	other := testapp.NewUser(t, app, false)
	_, theirs, _ := account.StartSession(app, other.ID())
	if found, err := account.RevokeRefreshFamily(app, user.ID(), theirs); found || err != nil {
		t.Fatalf("revoked someone else's family: %v %v", found, err)
	}
	if _, err := account.RotateRefreshToken(app, theirs); err != nil {
		t.Fatalf("their token after a foreign logout: %v", err)
	}

	// Pruning drops long-expired tokens only.
	_, live, _ := account.StartSession(app, user.ID())
	old, err := app.FindFirstRecordByData(account.RefreshTokensCollection, "tokenHash", account.HashRefreshToken(first))
	if err != nil {
		t.Fatal(err)
	}
	old.Set("expiresAt", time.Now().Add(-48*time.Hour))
	if err := app.Save(old); err != nil {
		t.Fatal(err)
	}
	before := testapp.Count(t, app, account.RefreshTokensCollection)
	if err := account.PruneRefreshTokens(app); err != nil {
		t.Fatal(err)
	}
	if after := testapp.Count(t, app, account.RefreshTokensCollection); after != before-1 {
		t.Fatalf("pruned %d tokens, want 1", before-after)
	}
	if _, err := account.RotateRefreshToken(app, live); err != nil {
		t.Fatalf("live token after prune: %v", err)
	}
}
