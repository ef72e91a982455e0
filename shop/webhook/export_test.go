package webhook

import (
	"context"
	"net/netip"
	"time"

	"stageshop/internal/publicnet"
)

// SetClock makes w read the time from now.
func SetClock(w *Worker, now func() time.Time) { w.now = now }

// SetLookup resolves host names with fn until the returned restore runs.
func SetLookup(fn func(ctx context.Context, host string) ([]netip.Addr, error)) (restore func()) {
	old := publicnet.Lookup
	publicnet.Lookup = fn
	return func() { publicnet.Lookup = old }
}

// RetryDelays are the waits after each failed attempt.
var RetryDelays = retryDelays
