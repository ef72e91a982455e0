// Package replica is what a StageShop read replica (LiteFS, issue 51)
// decides differently from the primary: whether it is one (Detect), and
// where the requests it must not answer itself go (Forwarder): every write,
// login and token refresh (all of them POST/PATCH/PUT/DELETE) and the
// realtime stream go to the primary; GET and HEAD are served locally from
// the replica's own copy of data.db.
package replica

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"stageshop/shop/wire"
)

// PrimaryFile is the file LiteFS keeps in its mount on a replica only:
// it holds the primary's lease.hostname (empty when the static lease sets
// none; not its advertise-url), and is absent on the primary. Its
// contents serve as the primary's address only without
// STAGESHOP_PRIMARY_URL, so a hostname of host:port names the primary's
// StageShop.
const PrimaryFile = ".primary"

// Role is what Detect found.
type Role struct {
	Replica bool
	// Primary is where a replica forwards to (empty on the primary).
	Primary string
}

// Detect tells whether this process is a read replica: STAGESHOP_REPLICA=1,
// or LiteFS's .primary file in dbDir (the LiteFS mount, STAGESHOP_DB_DIR).
// The primary's URL is STAGESHOP_PRIMARY_URL when set, else the .primary
// file's contents. A replica without a primary to forward to is an error:
// it could not take a single write: Detect returns that error with Replica
// set, so a command other than serve still starts as a replica.
func Detect(dbDir string) (Role, error) {
	forced := os.Getenv("STAGESHOP_REPLICA") == "1"
	primary := strings.TrimSpace(os.Getenv("STAGESHOP_PRIMARY_URL"))
	fromFile := ""
	if dbDir != "" {
		if b, err := os.ReadFile(filepath.Join(dbDir, PrimaryFile)); err == nil {
			fromFile = strings.TrimSpace(string(b))
			forced = true
		}
	}
	if !forced {
		return Role{}, nil
	}
	if primary == "" {
		primary = fromFile
	}
	if primary == "" {
		return Role{Replica: true}, errors.New("replica: no primary to forward to (set STAGESHOP_PRIMARY_URL or LiteFS's lease.advertise-url)")
	}
	if !strings.Contains(primary, "://") {
		primary = "http://" + primary
	}
	if _, err := url.Parse(primary); err != nil {
		return Role{}, err
	}
	return Role{Replica: true, Primary: primary}, nil
}

// Forwarded reports whether a replica hands r to the primary: anything but
// GET and HEAD (writes, login, token refresh) and the realtime stream,
// which lives on the primary.
func Forwarded(r *http.Request) bool {
	if r.URL.Path == "/api/realtime" || strings.HasPrefix(r.URL.Path, "/api/realtime/") {
		return true
	}
	return r.Method != http.MethodGet && r.Method != http.MethodHead
}

// Forwarder is the replica's reverse proxy to the primary.
type Forwarder struct {
	proxy *httputil.ReverseProxy
}

// NewForwarder proxies to primary (a URL). A primary that cannot be reached
// answers 503 primary_unavailable in the contract's envelope, never a 500.
func NewForwarder(primary string) (*Forwarder, error) {
	target, err := url.Parse(primary)
	if err != nil {
		return nil, err
	}
	p := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.Host = pr.In.Host
			pr.SetXForwarded()
		},
		FlushInterval: -1, // the realtime stream's events as they come
		ErrorHandler:  unavailable,
	}
	return &Forwarder{proxy: p}, nil
}

// ServeHTTP forwards r to the primary.
func (f *Forwarder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-StageShop-Forwarded", "primary")
	f.proxy.ServeHTTP(w, r)
}

// Wrap serves what Forwarded picks through f and the rest through local.
func (f *Forwarder) Wrap(local http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if Forwarded(r) {
			f.ServeHTTP(w, r)
			return
		}
		local.ServeHTTP(w, r)
	})
}

// unavailable is the answer when the primary cannot be reached: 503 with
// Retry-After, in the envelope, so a shopper's write is retried, not lost
// behind a 500.
func unavailable(w http.ResponseWriter, _ *http.Request, _ error) {
	p := wire.NewProblem(http.StatusServiceUnavailable, "primary_unavailable",
		"The shop is busy for a moment. Please try again.")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "2")
	w.WriteHeader(http.StatusServiceUnavailable)
	_ = json.NewEncoder(w).Encode(p)
}
