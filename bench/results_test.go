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

// Sections only -only runs write (10 and up, the SEO audit) survive a full
// run, which rewrites 1 to 9; its own sections are not doubled.
func TestFullRunKeepsOnlySections(t *testing.T) {
	out := filepath.Join(t.TempDir(), "RESULTS.md")
	old := "# old\n\n## 1. Catalog reads\nold catalog\n\n## 12. Variants\nvariant figures\n\n## 13. Product import\nimport figures\n\n## Search engines (issue 33): Lighthouse SEO\nseo figures\n\n" +
		"<!-- ops:history -->\n## Dated logs\n2026-11-23 figures\n<!-- /ops:history -->\n"
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	got := keepOpsSections("# new report\n\n## 1. Catalog reads\nnew catalog\n", out)
	for _, want := range []string{"new catalog", "## 12. Variants\nvariant figures", "## 13. Product import\nimport figures", "seo figures", "2026-11-23 figures"} {
		if !strings.Contains(got, want) {
			t.Errorf("the new report lost %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "old catalog") || strings.Count(got, "## Dated logs") != 1 {
		t.Errorf("a rewritten section stayed or a block doubled:\n%s", got)
	}
	if strings.Index(got, "## 13.") > strings.Index(got, "## Dated logs") {
		t.Errorf("the kept sections come after the dated logs:\n%s", got)
	}
}
