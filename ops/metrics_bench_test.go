package ops_test

import (
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/ops"
)

// BenchmarkObserveRequest is the metrics' cost on every request (one
// histogram observation by route and status): go test -bench . ./ops
func BenchmarkObserveRequest(b *testing.B) {
	app := testapp.New(b)
	m := ops.MetricsOf(app)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			m.ObserveRequest("GET /api/products", 200, 3*time.Millisecond)
		}
	})
}
