package hire

import "time"

// SetNow sets the package's clock until the test ends.
func SetNow(t interface{ Cleanup(func()) }, at time.Time) {
	old := now
	now = func() time.Time { return at }
	t.Cleanup(func() { now = old })
}
