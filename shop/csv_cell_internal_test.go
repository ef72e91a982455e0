package shop

import "testing"

// plainCell gives back exactly what safeCell was given, for any text
// (the products' CSV is imported again as it was exported).
func FuzzSafeCellRoundTrip(f *testing.F) {
	for _, s := range []string{"", "=1", "'", "''", "'=x", "a;=b", "\t=x", "\r", " =x", `" =x`, "a,\t-2", "x\n@y", "'\t", "=", "+-@'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := plainCell(safeCell(s)); got != s {
			t.Fatalf("plainCell(safeCell(%q)) = %q", s, got)
		}
	})
}
