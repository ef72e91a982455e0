package field

import "testing"

// PlainCell gives back exactly what SafeCell was given, for any text
// (the products' CSV is imported again as it was exported).
func FuzzSafeCellRoundTrip(f *testing.F) {
	for _, s := range []string{"", "=1", "'", "''", "'=x", "a;=b", "\t=x", "\r", " =x", `" =x`, "a,\t-2", "x\n@y", "'\t", "=", "+-@'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := PlainCell(SafeCell(s)); got != s {
			t.Fatalf("PlainCell(SafeCell(%q)) = %q", s, got)
		}
	})
}
