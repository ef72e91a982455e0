package search

import (
	"slices"
	"testing"
)

// Every written form of a model number or a size yields the form a query
// joins its words into.
func TestCodeTermsJoinWrittenForms(t *testing.T) {
	for text, want := range map[string]string{
		"Shure SM58": "sm58", "SM-58": "sm58", "sm 58": "sm58", "E.835": "e835",
		"10 m": "10m", "10m": "10m", "1.5m": "15m", "2x500W": "2x500w",
	} {
		if got := codeTerms(text); !slices.Contains(got, want) {
			t.Errorf("%q: %v lacks %q", text, got, want)
		}
	}
	if got := codeTerms("Vocal Microphone"); len(got) != 0 {
		t.Errorf("words without digits are no codes: %v", got)
	}
}

func TestEditDistanceCountsASwapOnce(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"hazr", "hazer", 1}, {"micrphone", "microphone", 1}, {"stnad", "stand", 1}, {"lde", "led", 1}, {"прожектор", "прожекторы", 1}, {"abc", "xyz", 3}} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("%s -> %s: %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestFuzzinessByLength(t *testing.T) {
	for n, want := range map[int]int{3: 0, 4: 1, 7: 1, 8: 2, 12: 2} {
		if got := fuzziness(n); got != want {
			t.Errorf("%d letters: %d edits, want %d", n, got, want)
		}
	}
}
