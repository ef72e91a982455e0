package account

import (
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// RefreshTokensCollection stores refresh tokens, as SHA-256 hashes only.
const RefreshTokensCollection = "refresh_tokens"

// refreshTokenTTL is how long a refresh token may be used.
const refreshTokenTTL = 30 * 24 * time.Hour

// maxRefreshTokenLen bounds what is worth hashing and looking up: issued
// tokens are 43 characters.
const maxRefreshTokenLen = 256

var (
	// ErrRefreshTokenInvalid: unknown, expired or malformed refresh token.
	ErrRefreshTokenInvalid = wire.Unauthorized("invalid_refresh_token", "Invalid or expired refresh token")
	// ErrRefreshTokenReused: a retired (used or revoked) token was presented
	// again; its whole family has been revoked. Its answer is
	// ErrRefreshTokenInvalid's: the client is told nothing more.
	ErrRefreshTokenReused = wire.Unauthorized("invalid_refresh_token", "Invalid or expired refresh token")
)

// HashRefreshToken is the stored form of a refresh token: hex SHA-256. The
// token carries 256 random bits, so a fast hash is enough.
func HashRefreshToken(raw string) string {
	sum := sha256.Sum256([]byte(raw))
	return hex.EncodeToString(sum[:])
}

// randomToken returns n random bytes, URL-safe base64 encoded.
func randomToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func issueRefreshToken(app core.App, userID, family string) (string, error) {
	raw, err := randomToken(32)
	if err != nil {
		return "", err
	}
	col, err := app.FindCachedCollectionByNameOrId(RefreshTokensCollection)
	if err != nil {
		return "", err
	}
	rec := core.NewRecord(col)
	rec.Set("user", userID)
	rec.Set("tokenHash", HashRefreshToken(raw))
	rec.Set("familyId", family)
	rec.Set("expiresAt", time.Now().Add(refreshTokenTTL))
	if err := app.Save(rec); err != nil {
		return "", err
	}
	return raw, nil
}

// findRefreshToken looks a raw token up by its hash; nil when unknown.
func findRefreshToken(app core.App, raw string) (*core.Record, error) {
	if raw == "" || len(raw) > maxRefreshTokenLen {
		return nil, nil
	}
	rec, err := app.FindFirstRecordByData(RefreshTokensCollection, "tokenHash", HashRefreshToken(raw))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return rec, err
}

// RotateRefreshToken spends a refresh token: it retires it and returns the
// user, the session and a new token of the same family. A token rotated
// less than RefreshGraceWindow ago gives the same successor again (two tabs
// refreshing at once). Any other retired token revokes the whole family
// (someone replayed a stolen token) and gives ErrRefreshTokenReused; unknown
// or expired tokens give ErrRefreshTokenInvalid.
func RotateRefreshToken(app core.App, raw string) (Rotation, error) {
	var out Rotation
	var reused bool
	err := db.Write(app, func(tx core.App) error {
		out, reused = Rotation{}, false // a busy retry starts again
		rec, err := findRefreshToken(tx, raw)
		if err != nil {
			return err
		}
		if rec == nil {
			return ErrRefreshTokenInvalid
		}
		out = Rotation{UserID: rec.GetString("user"), Family: rec.GetString("familyId")}
		if !rec.GetDateTime("usedAt").IsZero() || !rec.GetDateTime("revokedAt").IsZero() {
			next, err := graceSuccessor(tx, rec, raw)
			if err != nil || next != "" {
				out.RefreshToken = next
				return err
			}
			reused = true
			return endSessions(tx, out.UserID, out.Family, EndTokenReuse)
		}
		if rec.GetDateTime("expiresAt").Time().Before(time.Now()) {
			return ErrRefreshTokenInvalid
		}
		if out.RefreshToken, err = issueRefreshToken(tx, out.UserID, out.Family); err != nil {
			return err
		}
		sealed, err := sealSuccessor(raw, out.RefreshToken)
		if err != nil {
			return err
		}
		rec.Set("usedAt", types.NowDateTime())
		rec.Set("successorSealed", sealed)
		return tx.Save(rec)
	})
	if err == nil && reused {
		err = ErrRefreshTokenReused
	}
	if err != nil {
		return Rotation{}, err
	}
	return out, nil
}

// RevokeRefreshFamily revokes the family of the given token if it belongs to
// the user. It reports whether such a token was found.
func RevokeRefreshFamily(app core.App, userID, raw string) (bool, error) {
	found := false
	err := db.Write(app, func(tx core.App) error {
		found = false // a busy retry starts again
		rec, err := findRefreshToken(tx, raw)
		if err != nil || rec == nil || rec.GetString("user") != userID {
			return err
		}
		found = true
		return endSessions(tx, userID, rec.GetString("familyId"), EndLogout)
	})
	return found, err
}

// revokeUserRefreshTokens revokes every refresh token of the user: logout
// everywhere (a credential change goes through EndAllSessions).
func revokeUserRefreshTokens(app core.App, userID string) error {
	return db.Write(app, func(tx core.App) error {
		return endSessions(tx, userID, noFamily, EndLogout)
	})
}

// revokeWhere marks the matching tokens that are not revoked yet as revoked.
func revokeWhere(app core.App, where dbx.Expression) error {
	recs, err := app.FindAllRecords(RefreshTokensCollection, where, dbx.HashExp{"revokedAt": ""})
	if err != nil {
		return err
	}
	now := types.NowDateTime()
	for _, rec := range recs {
		rec.Set("revokedAt", now)
		if err := app.Save(rec); err != nil {
			return err
		}
	}
	return nil
}

// PruneRefreshTokens deletes tokens that expired more than a day ago; they
// can no longer be refreshed nor reveal reuse worth acting on.
func PruneRefreshTokens(app core.App) error {
	cutoff := types.NowDateTime().Add(-24 * time.Hour)
	recs, err := app.FindAllRecords(RefreshTokensCollection,
		dbx.NewExp("[[expiresAt]] < {:cutoff}", dbx.Params{"cutoff": cutoff.String()}))
	if err != nil {
		return err
	}
	for _, rec := range recs {
		if err := app.Delete(rec); err != nil {
			return err
		}
	}
	return nil
}
