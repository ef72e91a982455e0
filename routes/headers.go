package routes

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Browser hardening headers. Every answer gets the referrer and
// permissions policies (and HSTS over HTTPS); the app's HTML pages also get
// a Content-Security-Policy that allows scripts from the shop only, plus
// the inline scripts of index.html by their hashes (the language guard and
// start-up preloads, and the loader scripts/boot-after-paint.ts adds at
// build time).
const (
	referrerPolicy    = "strict-origin-when-cross-origin"
	permissionsPolicy = "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
		"magnetometer=(), microphone=(), midi=(), payment=(), usb=()"
	hsts = "max-age=31536000; includeSubDomains"
)

// inlineScript finds the inline scripts of a page: <script> elements
// without a src attribute, and their text.
var inlineScript = regexp.MustCompile(`(?is)<script(\s[^>]*)?>(.*?)</script>`)

// contentSecurityPolicy is the CSP of page: same-origin everything, its
// inline scripts by hash, inline styles (the first screen's markup and
// React set style attributes), no plugins, no framing by other sites.
func contentSecurityPolicy(page []byte) string {
	scripts := []string{"'self'"}
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		if strings.Contains(strings.ToLower(string(m[1])), "src=") {
			continue
		}
		sum := sha256.Sum256(m[2])
		scripts = append(scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(scripts, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// setPageHeaders marks an HTML answer of the app with its CSP; no site may
// frame it.
func setPageHeaders(e *core.RequestEvent, csp string) {
	h := e.Response.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Frame-Options", "DENY")
}

// securityHeaders sets the headers every answer carries. HSTS is sent only
// over HTTPS (directly, or behind a proxy that says so): over plain HTTP
// browsers ignore it, and loopback development stays on HTTP.
func securityHeaders() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "shopSecurityHeaders",
		Priority: apis.DefaultSecurityHeadersMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			h := e.Response.Header()
			h.Set("Referrer-Policy", referrerPolicy)
			h.Set("Permissions-Policy", permissionsPolicy)
			if e.Request.TLS != nil || strings.EqualFold(e.Request.Header.Get("X-Forwarded-Proto"), "https") {
				h.Set("Strict-Transport-Security", hsts)
			}
			return e.Next()
		},
	}
}
