package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A full run rewrites RESULTS.md but keeps the ops sections and the dated
// logs, which no run writes (issue 28 moved them there from the READMEs).
func TestFullRunKeepsDatedLogs(t *testing.T) {
	out := filepath.Join(t.TempDir(), "RESULTS.md")
	old := "# old\n\n<!-- ops:varnish -->\nvarnish figures\n<!-- /ops:varnish -->\n\n<!-- ops:history -->\n## Dated logs\n2026-11-23 figures\n<!-- /ops:history -->\n"
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	got := keepOpsSections("# new report\n", out)
	for _, want := range []string{"# new report", "varnish figures", "2026-11-23 figures"} {
		if !strings.Contains(got, want) {
			t.Errorf("the new report lost %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "# old") {
		t.Errorf("the old report's own sections stayed:\n%s", got)
	}
}
