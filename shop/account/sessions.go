package account

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// A session is one sign-in: a family of refresh tokens (each rotation adds
// one) and the access tokens issued with them, which carry the family id.
// Revoking the family ends both at once (see SessionActive).

// RefreshGraceWindow is how long a just-rotated refresh token may be
// presented again and get the same successor instead of counting as theft:
// two tabs (or a retried request) refreshing at the same moment.
const RefreshGraceWindow = 10 * time.Second

// SessionClaim is the access-token claim that names the token's session
// (its refresh-token family).
const SessionClaim = "sid"

// AccessToken issues an access token of the session family for user: a
// PocketBase auth token (PocketBase's own checks, realtime included, accept
// it) that names its session in an extra claim and that PocketBase's
// auth-refresh does not renew. ttl <= 0 is the users collection's setting.
func AccessToken(user *core.Record, family string, ttl time.Duration) (string, error) {
	if ttl <= 0 {
		ttl = user.Collection().AuthToken.DurationTime()
	}
	claims := jwt.MapClaims{
		core.TokenClaimType:         core.TokenTypeAuth,
		core.TokenClaimId:           user.Id,
		core.TokenClaimCollectionId: user.Collection().Id,
		core.TokenClaimRefreshable:  false,
		SessionClaim:                family,
	}
	return security.NewJWT(claims, user.TokenKey()+user.Collection().AuthToken.Secret, ttl)
}

// FileToken issues a short-lived file token for user (PocketBase's, for
// POST /api/files/token) that names its session like an access token, so
// it ends with the session (issue 43: an invoice's file token still opened
// it after logout). FileTokenSession tells whether one still counts.
func FileToken(user *core.Record, family string) (string, error) {
	claims := jwt.MapClaims{
		core.TokenClaimType:         core.TokenTypeFile,
		core.TokenClaimId:           user.Id,
		core.TokenClaimCollectionId: user.Collection().Id,
		SessionClaim:                family,
	}
	return security.NewJWT(claims, user.TokenKey()+user.Collection().FileToken.Secret, user.Collection().FileToken.DurationTime())
}

// FileTokenUser is the user of a file token that FileToken issued while
// its session is still active, or nil (a token PocketBase issued itself
// names no session and is refused too).
func FileTokenUser(app core.App, token string) (*core.Record, error) {
	rec, err := app.FindAuthRecordByToken(token, core.TokenTypeFile)
	if err != nil || rec.Collection().Name != UsersCollection {
		return nil, nil //nolint:nilerr // a bad token is no viewer, not a failure
	}
	claims, err := security.ParseUnverifiedJWT(token) // verified above
	if err != nil {
		return nil, nil //nolint:nilerr
	}
	sid, _ := claims[SessionClaim].(string)
	active, err := SessionActive(app, rec.Id, sid)
	if err != nil || !active {
		return nil, err
	}
	return rec, nil
}

// Rotation is the outcome of spending a refresh token.
type Rotation struct {
	UserID       string
	Family       string // the session, for the new access token
	RefreshToken string // the successor
}

// StartSession begins a new session (one sign-in) for the user and returns
// its family id and first refresh token.
func StartSession(app core.App, userID string) (family, refresh string, err error) {
	family, err = randomToken(16)
	if err != nil {
		return "", "", err
	}
	refresh, err = issueRefreshToken(app, userID, family)
	return family, refresh, err
}

// SessionActive reports whether the user's session (refresh-token family)
// still has a token that is not revoked: logout, reuse detection and
// EndAllSessions revoke every token of a family, so its access tokens stop
// working with the next request. One indexed look-up.
func SessionActive(app core.App, userID, family string) (bool, error) {
	if userID == "" || family == "" {
		return false, nil
	}
	var n int
	err := app.DB().Select("count(*)").From(RefreshTokensCollection).
		Where(dbx.HashExp{"familyId": family, "user": userID, "revokedAt": ""}).
		Limit(1).Row(&n)
	return n > 0, err
}

// graceSuccessor returns the successor of a refresh token rotated within
// RefreshGraceWindow, when that successor is still unused and live; ""
// otherwise. Only the holder of the spent raw token can unseal it.
func graceSuccessor(app core.App, rec *core.Record, raw string) (string, error) {
	used := rec.GetDateTime("usedAt")
	sealed := rec.GetString("successorSealed")
	if used.IsZero() || sealed == "" || !rec.GetDateTime("revokedAt").IsZero() ||
		time.Since(used.Time()) > RefreshGraceWindow {
		return "", nil
	}
	next, err := unsealSuccessor(raw, sealed)
	if err != nil {
		return "", nil //nolint:nilerr // not sealed for this token: no grace
	}
	succ, err := findRefreshToken(app, next)
	if err != nil || succ == nil {
		return "", err
	}
	if !succ.GetDateTime("usedAt").IsZero() || !succ.GetDateTime("revokedAt").IsZero() ||
		succ.GetString("familyId") != rec.GetString("familyId") {
		return "", nil
	}
	return next, nil
}

// graceKey derives the key that seals a token's successor from the spent
// token itself, which is stored only as a hash.
func graceKey(raw string) []byte {
	sum := sha256.Sum256([]byte("stageshop refresh grace\x00" + raw))
	return sum[:]
}

// sealSuccessor encrypts next (AES-256-GCM) under the spent token raw.
func sealSuccessor(raw, next string) (string, error) {
	gcm, err := newGCM(raw)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(gcm.Seal(nonce, nonce, []byte(next), nil)), nil
}

// unsealSuccessor reverses sealSuccessor.
func unsealSuccessor(raw, sealed string) (string, error) {
	gcm, err := newGCM(raw)
	if err != nil {
		return "", err
	}
	b, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(b) < gcm.NonceSize() {
		return "", errors.New("malformed sealed successor")
	}
	plain, err := gcm.Open(nil, b[:gcm.NonceSize()], b[gcm.NonceSize():], nil)
	return string(plain), err
}

func newGCM(raw string) (cipher.AEAD, error) {
	block, err := aes.NewCipher(graceKey(raw))
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
