package mail

import (
	"errors"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/shop/wire"
)

// Some e-mails carry a secret: a password-reset link works as the user's
// password for an hour. Admins read the outbox (and a stolen admin token
// would too), so such an e-mail is stored with a placeholder in place of
// the link, and the link itself is kept only in this process's memory
// until the worker puts it into the message it sends. The outbox keeps the
// e-mail as the admins see it, never as the user got it; it cannot be sent
// again (a new request makes a new link). A link lost with a restart, or
// one that expired before it could be sent, fails the e-mail: the user
// asks again.

// RedactedLinkToken stands for the token in a stored password-reset link.
const RedactedLinkToken = "REDACTED"

// ErrNotResendable: the e-mail carried a one-time secret that only its
// recipient ever saw; it cannot be sent again.
var ErrNotResendable = wire.Conflict("not_resendable",
	"A password reset e-mail cannot be sent again: its one-time link went only to the user. The user can ask for a new link on the sign-in page.")

// errSecretGone is the last error of a secret e-mail whose link is no
// longer held (the server restarted, or the link expired unsent).
var errSecretGone = errors.New("the one-time link is no longer available (expired, or the server restarted before it was sent); the user can ask for a new one")

// HasSecret reports whether e-mails of kind carry a secret that is kept
// out of the outbox: only password resets do.
func HasSecret(kind string) bool { return kind == KindPasswordReset }

// maxSecrets bounds the links held at once (forgot-password is rate
// limited per IP; this bounds a flood from many).
const maxSecrets = 20000

// secretLink is a link's token, held until it is sent or expires.
type secretLink struct {
	token   string
	expires time.Time
}

// secrets holds the tokens of queued secret e-mails, by e-mail id.
type secrets struct {
	mu    sync.Mutex
	links map[string]secretLink
}

// secretsOf is app's held tokens (a transaction's app shares them).
func secretsOf(app core.App) *secrets {
	return appstate.Of(app, func() *secrets { return &secrets{links: map[string]secretLink{}} })
}

// holdSecret keeps token for the e-mail id until expires. When the
// transaction of txApp rolls back, it is dropped with the e-mail.
func holdSecret(txApp core.App, id, token string, expires time.Time) {
	s := secretsOf(txApp)
	s.mu.Lock()
	now := time.Now()
	if len(s.links) >= maxSecrets {
		for k, l := range s.links {
			if now.After(l.expires) {
				delete(s.links, k)
			}
		}
	}
	if len(s.links) < maxSecrets {
		s.links[id] = secretLink{token: token, expires: expires}
	}
	s.mu.Unlock()
	if tx := txApp.TxInfo(); tx != nil {
		tx.OnComplete(func(txErr error) error {
			if txErr != nil {
				s.drop(id)
			}
			return nil
		})
	}
}

// token returns the held token of the e-mail id while it is valid.
func (s *secrets) token(id string, now time.Time) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.links[id]
	if ok && now.After(l.expires) {
		delete(s.links, id)
		return "", false
	}
	return l.token, ok
}

func (s *secrets) drop(id string) {
	s.mu.Lock()
	delete(s.links, id)
	s.mu.Unlock()
}

// withSecret puts the held token of a secret e-mail into its view's link:
// the content that goes out. errSecretGone when it is no longer held.
func withSecret(app core.App, rec *core.Record, now time.Time) (html, text string, err error) {
	token, ok := secretsOf(app).token(rec.Id, now)
	if !ok {
		return "", "", errSecretGone
	}
	v, err := storedView(rec)
	if err != nil {
		return "", "", err
	}
	if v.Button != nil {
		v.Button.URL = strings.Replace(v.Button.URL, "token="+RedactedLinkToken, "token="+url.QueryEscape(token), 1)
	}
	return v.execute()
}
