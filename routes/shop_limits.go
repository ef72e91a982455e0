package routes

import (
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// maxTrackedIPs bounds a counter's memory (then it starts over).
const maxTrackedIPs = 100000

// ipWindows counts requests per client IP in fixed windows: the shop's own
// rate-limit rules (labels "shop:..."), which PocketBase's limiter cannot
// tell apart by path (a search is GET /api/products like a plain list).
type ipWindows struct {
	mu    sync.Mutex
	start map[string]time.Time
	count map[string]int
}

// allow counts one request of ip and reports whether it is within max
// per window.
func (c *ipWindows) allow(ip string, max int, window time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if now.Sub(c.start[ip]) >= window {
		if c.start == nil || len(c.start) >= maxTrackedIPs {
			c.start, c.count = map[string]time.Time{}, map[string]int{}
		}
		c.start[ip], c.count[ip] = now, 0
	}
	c.count[ip]++
	return c.count[ip] <= max
}

// overShopLimit counts one request against the app's rate-limit rule label
// (the dashboard's Settings > Rate limits, where admins tune it) and
// reports whether it is over, with Retry-After set. Superusers are never
// limited, as with PocketBase's own rules; no rule, or the limiter off,
// limits nothing.
func overShopLimit(e *core.RequestEvent, c *ipWindows, label string) bool {
	limits := e.App.Settings().RateLimits
	rule, ok := limits.FindRateLimitRule([]string{label})
	if !limits.Enabled || !ok || e.HasSuperuserAuth() || c.allow(e.RealIP(), rule.MaxRequests, rule.DurationTime()) {
		return false
	}
	e.Response.Header().Set("Retry-After", strconv.FormatInt(rule.Duration, 10))
	return true
}
