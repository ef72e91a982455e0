// Package publicnet fetches from the public internet only: the outgoing
// requests a shop makes on an admin's word (webhook deliveries, the
// import's image URLs) may never reach this host, its private networks or
// the cloud's metadata service, whatever the name resolves to at the time
// (every connection is checked at connect time, every redirect like the
// URL). STAGESHOP_WEBHOOKS_ALLOW_PRIVATE=1 lets tests reach loopback over
// plain http (api.md).
package publicnet

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"
)

// allowPrivateEnv names the environment variable that, set to 1, lets
// requests reach loopback addresses over http too (tests; api.md).
const allowPrivateEnv = "STAGESHOP_WEBHOOKS_ALLOW_PRIVATE"

// allowPrivate reports whether STAGESHOP_WEBHOOKS_ALLOW_PRIVATE=1.
func allowPrivate() bool { return os.Getenv(allowPrivateEnv) == "1" }

// blocked are the address ranges a request may never reach: this host,
// private networks, link-local (169.254.169.254, the clouds' metadata
// service, is in it), carrier-grade NAT, multicast, reserved and the
// IPv6 forms that embed an IPv4 address (mapped forms are unmapped first).
var blocked = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"::/96", "::1/128", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001:db8::/32", "2002::/16",
		"fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// checkAddr refuses an address a request may not reach: loopback is
// allowed only with STAGESHOP_WEBHOOKS_ALLOW_PRIVATE=1.
func checkAddr(a netip.Addr) error {
	a = a.Unmap() // ::ffff:10.0.0.1 is 10.0.0.1
	if !a.IsValid() {
		return errors.New("no address")
	}
	if a.IsLoopback() && allowPrivate() {
		return nil
	}
	if a.IsUnspecified() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() ||
		a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast() || a.IsMulticast() {
		return fmt.Errorf("%s is not a public address", a)
	}
	for _, p := range blocked {
		if p.Contains(a) {
			return fmt.Errorf("%s is not a public address", a)
		}
	}
	return nil
}

// Lookup resolves a host name to its addresses; tests replace it to make
// a name resolve to a private address.
var Lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// CheckURL tells why raw may not be requested, or nil: https (http too
// with the test flag), a host, no credentials, at most 2,000 characters,
// and every address the host resolves to public.
func CheckURL(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || len(raw) > 2000 {
		return errors.New("not a URL with a host and no credentials")
	}
	if u.Scheme != "https" && !(u.Scheme == "http" && allowPrivate()) {
		return errors.New("not https")
	}
	_, err = resolvePublic(ctx, u.Hostname())
	return err
}

// resolvePublic is the addresses of host (an IP literal or a name), or an
// error when any of them may not be reached: one private answer among
// public ones refuses the name (DNS rebinding picks among them).
func resolvePublic(ctx context.Context, host string) ([]netip.Addr, error) {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "" {
		return nil, errors.New("no host")
	}
	if a, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{a}, checkAddr(a)
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		if !allowPrivate() {
			return nil, errors.New("localhost")
		}
	}
	addrs, err := Lookup(ctx, host)
	if err != nil {
		return nil, err
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("%s has no address", host)
	}
	for _, a := range addrs {
		if err := checkAddr(a); err != nil {
			return nil, err
		}
	}
	return addrs, nil
}

// dialControl checks the address a connection is about to be made to,
// after every resolution: the last word, whatever resolved it.
func dialControl(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return err
	}
	return checkAddr(ap.Addr())
}

// dialContext resolves the host with Lookup, refuses it when any answer
// is not public and dials the answers in turn (dialControl checks each
// again at connect time).
func dialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	addrs, err := resolvePublic(ctx, host)
	if err != nil {
		return nil, err
	}
	d := &net.Dialer{Timeout: 10 * time.Second, Control: dialControl}
	var last error
	for _, a := range addrs {
		c, err := d.DialContext(ctx, network, net.JoinHostPort(a.String(), port))
		if err == nil {
			return c, nil
		}
		last = err
	}
	return nil, last
}

// maxRedirects is how many redirects a request follows, each checked.
const maxRedirects = 3

// NewClient is an HTTP client that reaches public addresses only: no
// proxy (it would reach what the checks refuse), every connection through
// dialContext, every redirect checked like the URL, timeout the whole
// request's limit.
func NewClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			Proxy: nil, DialContext: dialContext, ForceAttemptHTTP2: true,
			TLSHandshakeTimeout: 10 * time.Second, MaxIdleConns: 10, IdleConnTimeout: 30 * time.Second,
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return errors.New("too many redirects")
			}
			if err := CheckURL(req.Context(), req.URL.String()); err != nil {
				return fmt.Errorf("redirect to %s refused: not https to a public address", req.URL.Redacted())
			}
			return nil
		},
	}
}
