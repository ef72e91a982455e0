package routes

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/ops"
)

// metricsTokenEnv names the environment variable whose value, sent as
// "Authorization: Bearer <value>", lets a scraper read GET /api/metrics
// without a superuser token. Unset: superusers only.
const metricsTokenEnv = "STAGESHOP_METRICS_TOKEN"

// metricsPriority runs the request metrics before every other middleware,
// so the time counted is the whole answer.
const metricsPriority = -99998

// Error codes counted as stock conflicts (see docs/api.md, cart and
// checkout).
var stockConflictCodes = map[string]bool{"insufficient_stock": true, "product_unavailable": true}

func registerMetrics(se *core.ServeEvent) {
	m := ops.MetricsOf(se.App)
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id:       "stageshopMetrics",
		Priority: metricsPriority,
		Func:     func(e *core.RequestEvent) error { return observe(m, e) },
	})
	scrape := m.Handler()
	se.Router.GET("/api/metrics", func(e *core.RequestEvent) error {
		if !canScrape(e) {
			return newError(http.StatusUnauthorized, "unauthorized", "A superuser token or the metrics token is required")
		}
		scrape.ServeHTTP(e.Response, e.Request)
		return nil
	}).Bind(shopErrors(), quietRead())
}

// observe times the request and counts what it did: its route pattern and
// status, a placed order, a stock conflict.
func observe(m *ops.Metrics, e *core.RequestEvent) error {
	start := time.Now()
	err := e.Next()
	status := e.Status()
	if status == 0 {
		// Not written yet: PocketBase's error handler answers after us.
		status = http.StatusOK
		if err != nil {
			status = http.StatusInternalServerError
			var ae *router.ApiError
			if errors.As(err, &ae) {
				status = ae.Status
			}
		}
	}
	route := e.Request.Pattern
	if route == "" {
		route = "unmatched"
	}
	m.ObserveRequest(route, status, time.Since(start))
	switch {
	case status == http.StatusCreated && route == "POST /api/checkout/create-order":
		m.OrderPlaced()
	case status == http.StatusConflict:
		if ae, ok := e.Get(answeredErrorKey).(*apiError); ok && stockConflictCodes[ae.Code] {
			m.StockConflict(ae.Code)
		}
	}
	return err
}

// canScrape lets superusers and holders of the metrics token read metrics.
func canScrape(e *core.RequestEvent) bool {
	if e.HasSuperuserAuth() {
		return true
	}
	want := os.Getenv(metricsTokenEnv)
	got, ok := strings.CutPrefix(e.Request.Header.Get("Authorization"), "Bearer ")
	return ok && want != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
