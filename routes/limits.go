package routes

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/shop/account"
)

// shopPaths are the prefixes of the shop's own routes. PocketBase's routes
// (/api/collections/..., the dashboard) keep PocketBase's error format.
var shopPaths = []string{
	"/api/auth/", "/api/products", "/api/upload/", "/api/cart",
	"/api/checkout/", "/api/contact/", "/images/",
}

func isShopPath(p string) bool {
	for _, prefix := range shopPaths {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// registerMiddlewareErrors rewraps the errors that PocketBase's own
// middlewares return before a shop handler runs (the rate limiter's 429,
// the body limit's 413) into the contract's envelope. It runs just outside
// the rate limiter.
func registerMiddlewareErrors(se *core.ServeEvent) {
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id:       "shopMiddlewareErrors",
		Priority: apis.DefaultRateLimitMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			err := e.Next()
			if err == nil || e.Written() || !isShopPath(e.Request.URL.Path) {
				return err
			}
			var pbErr *router.ApiError
			if !errors.As(err, &pbErr) {
				return err
			}
			switch pbErr.Status {
			case http.StatusTooManyRequests:
				if rule, ok := e.App.Settings().RateLimits.FindRateLimitRule(
					[]string{e.Request.Method + " " + e.Request.URL.Path, e.Request.URL.Path}); ok {
					e.Response.Header().Set("Retry-After", strconv.FormatInt(rule.Duration, 10))
				}
				return writeError(e, errRateLimited)
			case http.StatusRequestEntityTooLarge:
				return writeError(e, newError(http.StatusRequestEntityTooLarge, "body_too_large", "Request body is too large"))
			}
			return err
		},
	})
}

// errRateLimited is the 429 of every limit.
var errRateLimited = newError(http.StatusTooManyRequests, "rate_limited", "Too many requests. Please wait a moment and try again.")

// perUserLimit limits a signed-in route per customer with the rate-limit
// rule labelled label (shop.AllowUserAction), on top of PocketBase's own
// limit per IP by the route's path. Superusers are not limited, as in
// PocketBase.
func perUserLimit(label string) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Func: func(e *core.RequestEvent) error {
		if e.Auth == nil || e.HasSuperuserAuth() {
			return e.Next()
		}
		var limited *account.RateLimitedError
		if err := account.AllowUserAction(e.App, label, e.Auth.Id, e.RealIP()); errors.As(err, &limited) {
			e.Response.Header().Set("Retry-After", strconv.FormatInt(int64(limited.RetryAfter/time.Second), 10))
			return errRateLimited
		}
		return e.Next()
	}}
}
