package account

import (
	"net/netip"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
)

// PocketBase's rate limiter (Settings > Rate limits) counts requests per
// client IP. Placing and cancelling orders are limited per customer too, so
// one account cannot flood from many addresses: rules labelled with these
// tags hold the per-customer limits, edited in the same dashboard list, and
// are counted here by user id, in fixed windows as PocketBase counts.
const (
	LimitPlaceOrderPerUser  = "perUser:createOrder"
	LimitCancelOrderPerUser = "perUser:cancelOrder"
)

// RateLimitedError refuses an action made too often; RetryAfter is the
// rule's window.
type RateLimitedError struct{ RetryAfter time.Duration }

func (e *RateLimitedError) Error() string { return "too many requests" }

// userWindow is one user's count in the current window of one rule.
type userWindow struct {
	start time.Time
	used  int
}

// userLimits counts per rule (label, size and window, so an edited rule
// starts afresh) and user.
type userLimits struct {
	mu      sync.Mutex
	windows map[string]*userWindow
}

// AllowUserAction counts one action of the user against the rate-limit
// rule labelled label, and refuses it with *RateLimitedError once the
// rule's count is spent in its window. Without such a rule, with rate
// limits off, or from an IP the settings exclude, everything is allowed.
func AllowUserAction(app core.App, label, userID, ip string) error {
	s := app.Settings().RateLimits
	if !s.Enabled || userID == "" || excludedIP(s.ExcludedIPs, ip) {
		return nil
	}
	rule, ok := s.FindRateLimitRule([]string{label})
	if !ok {
		return nil
	}
	l := appstate.Of(app, func() *userLimits { return &userLimits{windows: map[string]*userWindow{}} })
	now := time.Now()
	window := rule.DurationTime()
	key := rule.String() + "|" + userID
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.windows) > 100_000 { // bound the memory of many users
		l.sweep(now)
	}
	w := l.windows[key]
	if w == nil || now.Sub(w.start) >= window {
		w = &userWindow{start: now}
		l.windows[key] = w
	}
	if w.used >= rule.MaxRequests {
		return &RateLimitedError{RetryAfter: window}
	}
	w.used++
	return nil
}

// sweep drops the windows that started over a day ago (longer rules start
// afresh: a rare gift to a user, never a wrong refusal).
func (l *userLimits) sweep(now time.Time) {
	for k, w := range l.windows {
		if now.Sub(w.start) > 24*time.Hour {
			delete(l.windows, k)
		}
	}
}

// excludedIP reports whether ip is one of the settings' excluded IPs or
// subnets, as PocketBase's limiter reads them.
func excludedIP(list []string, ip string) bool {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	for _, item := range list {
		if p, err := netip.ParsePrefix(item); err == nil && p.Contains(addr) {
			return true
		}
		if a, err := netip.ParseAddr(item); err == nil && a == addr {
			return true
		}
	}
	return false
}
