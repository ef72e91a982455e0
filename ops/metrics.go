package ops

import (
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"stageshop/internal/appstate"
)

// emailsCollection is the e-mail outbox (issue 17); while it does not exist
// its gauges read 0.
const emailsCollection = "emails"

// Metrics are one app's Prometheus metrics. Request figures are counted as
// requests pass; the rest (outbox, realtime, SQLite pools, Go runtime) are
// read when Prometheus scrapes, so serving costs nothing for them.
type Metrics struct {
	registry       *prometheus.Registry
	requests       *prometheus.HistogramVec
	ordersPlaced   prometheus.Counter
	stockConflicts *prometheus.CounterVec
}

// MetricsOf returns app's metrics, made on first use.
func MetricsOf(app core.App) *Metrics {
	return appstate.Of(app, func() *Metrics { return newMetrics(app) })
}

func newMetrics(app core.App) *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "stageshop_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern and status code (its _count is the request count).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "code"}),
		ordersPlaced: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "stageshop_orders_placed_total",
			Help: "Orders placed (checkout answered 201).",
		}),
		stockConflicts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stageshop_stock_conflicts_total",
			Help: "Cart and checkout requests refused for want of stock, by error code.",
		}, []string{"code"}),
	}
	m.registry.MustRegister(m.requests, m.ordersPlaced, m.stockConflicts,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&appCollector{app: app},
	)
	return m
}

// ObserveRequest records one answered request.
func (m *Metrics) ObserveRequest(route string, status int, took time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Observe(took.Seconds())
}

// OrderPlaced counts one placed order.
func (m *Metrics) OrderPlaced() { m.ordersPlaced.Inc() }

// StockConflict counts one request refused for want of stock.
func (m *Metrics) StockConflict(code string) { m.stockConflicts.WithLabelValues(code).Inc() }

// Handler writes the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// appCollector reads the app's state at scrape time.
type appCollector struct{ app core.App }

var (
	outboxDesc = prometheus.NewDesc("stageshop_email_outbox",
		"E-mails in the outbox by status (queued: waiting to be sent, failed: given up).", []string{"status"}, nil)
	realtimeDesc = prometheus.NewDesc("stageshop_realtime_subscribers",
		"Realtime (SSE) clients connected.", nil, nil)
	poolOpenDesc = prometheus.NewDesc("stageshop_sqlite_connections",
		"SQLite connections of the data database by pool (read: concurrent, write: the single writer) and state.", []string{"pool", "state"}, nil)
	poolWaitDesc = prometheus.NewDesc("stageshop_sqlite_wait_seconds_total",
		"Time spent waiting for a free SQLite connection, by pool.", []string{"pool"}, nil)
	poolWaitCountDesc = prometheus.NewDesc("stageshop_sqlite_waits_total",
		"Times a request waited for a free SQLite connection, by pool.", []string{"pool"}, nil)
)

// Describe implements prometheus.Collector.
func (c *appCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{outboxDesc, realtimeDesc, poolOpenDesc, poolWaitDesc, poolWaitCountDesc} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *appCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(realtimeDesc, prometheus.GaugeValue, float64(c.app.SubscriptionsBroker().TotalClients()))
	for _, status := range []string{"queued", "failed"} {
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(c.outbox(status)), status)
	}
	for pool, b := range map[string]dbx.Builder{"read": c.app.ConcurrentDB(), "write": c.app.NonconcurrentDB()} {
		db, ok := b.(interface{ DB() *sql.DB })
		if !ok {
			continue
		}
		s := db.DB().Stats()
		ch <- prometheus.MustNewConstMetric(poolOpenDesc, prometheus.GaugeValue, float64(s.InUse), pool, "in_use")
		ch <- prometheus.MustNewConstMetric(poolOpenDesc, prometheus.GaugeValue, float64(s.Idle), pool, "idle")
		ch <- prometheus.MustNewConstMetric(poolWaitDesc, prometheus.CounterValue, s.WaitDuration.Seconds(), pool)
		ch <- prometheus.MustNewConstMetric(poolWaitCountDesc, prometheus.CounterValue, float64(s.WaitCount), pool)
	}
}

// outbox counts the e-mails with status; 0 without the outbox collection.
func (c *appCollector) outbox(status string) int64 {
	col, err := c.app.FindCachedCollectionByNameOrId(emailsCollection)
	if err != nil {
		return 0
	}
	n, err := c.app.CountRecords(col, dbx.HashExp{"status": status})
	if err != nil {
		c.app.Logger().Warn("metrics: counting the outbox", "error", err.Error())
		return 0
	}
	return n
}
