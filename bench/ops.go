package main

// Operations sections (`-ops NAME`): each runs alone against the built
// binary and real tools on loopback, and writes its part of RESULTS.md
// between markers, leaving the rest of the file as it is. A full bench run
// keeps these parts (keepOpsSections).

import (
	"context"
	"flag"
	"fmt"
	"log"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// opsSections are the sections' titles, by name.
var opsSections = map[string]string{
	"varnish": "Ops: the catalog behind Varnish",
	"restore": "Ops: replication with Litestream, restore and RPO",
	"pages":   "Ops: pages and sitemap under wrk (issue 33)",
}

// syncIntervals are Litestream's sync intervals the restore section runs with.
var syncIntervals = flag.String("sync", "1s,10s", "ops restore: Litestream's sync intervals, one run each (comma-separated)")

// runOps runs section name and updates c.out with it.
func runOps(c config, name string) error {
	title, ok := opsSections[name]
	if !ok {
		return fmt.Errorf("unknown ops section %q (have: varnish, restore, pages)", name)
	}
	bin, err := filepath.Abs(c.bin)
	if err != nil {
		return err
	}
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("no binary at %s: run `make build` (or pass -bin)", bin)
	}
	work, err := os.MkdirTemp("", "stageshop-ops-")
	if err != nil {
		return err
	}
	if !c.keep {
		defer os.RemoveAll(work)
	}
	started := time.Now()
	load, _ := os.ReadFile("/proc/loadavg")
	var body string
	switch name {
	case "varnish":
		body, err = opsVarnish(c, bin, work)
	case "restore":
		body, err = opsRestore(c, bin, work)
	case "pages":
		body, err = opsPages(c, bin, work)
	}
	if err != nil {
		return err
	}
	cores, model := machine()
	section := fmt.Sprintf("## %s\n\n`go run . -ops %s` (`make bench-%s`), %s, commit %s, took %s; %d cores (%s) shared with other work, load average at the start %s (absolute req/s vary with it: compare within the table).\n\n%s",
		title, name, name, started.UTC().Format("2006-01-02 15:04 MST"), commit(), time.Since(started).Round(time.Second),
		cores, model, strings.Join(strings.Fields(string(load))[:3], " "), body)
	fmt.Print(section)
	return writeOpsSection(c.out, name, section)
}

func opsVarnish(c config, bin, work string) (string, error) {
	varnishBin, err := exec.LookPath("varnishd")
	if err != nil {
		varnishBin = "/usr/sbin/varnishd"
	}
	if _, err := os.Stat(varnishBin); err != nil {
		return "", fmt.Errorf("no varnishd: run scripts/ensure-varnish.sh (make bench-varnish does)")
	}
	r, err := varnishBench(context.Background(), bin, varnishBin, work, c.endpoint, c.conns)
	if err != nil {
		return "", err
	}
	return r.markdown(), nil
}

func opsRestore(c config, bin, work string) (string, error) {
	var runs []*restoreResult
	for i, v := range strings.Split(*syncIntervals, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil {
			return "", fmt.Errorf("-sync: %w", err)
		}
		r, err := restoreBench(bin, filepath.Join(work, fmt.Sprint(i)), c.cartFor, 0, d)
		if err != nil {
			return "", err
		}
		runs = append(runs, r)
	}
	return restoreMarkdown(runs), nil
}

// opsBlock matches section name's part of RESULTS.md.
func opsBlock(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)<!-- ops:` + regexp.QuoteMeta(name) + ` -->.*?<!-- /ops:` + regexp.QuoteMeta(name) + ` -->\n?`)
}

// writeOpsSection puts section into file out, in place of its earlier run.
func writeOpsSection(out, name, section string) error {
	old, err := os.ReadFile(out)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	block := fmt.Sprintf("<!-- ops:%s -->\n%s<!-- /ops:%s -->\n", name, section, name)
	re := opsBlock(name)
	var next string
	if re.Match(old) {
		next = re.ReplaceAllLiteralString(string(old), block)
	} else {
		next = strings.TrimRight(string(old), "\n") + "\n\n" + block
	}
	log.Printf("ops section %s written to %s", name, out)
	return os.WriteFile(out, []byte(next), 0o644)
}

// keepOpsSections appends to a full run's report the ops sections of the
// file it replaces, and its dated logs (the "history" block, which no run
// writes).
//
// It keeps too the sections the full report does not hold, which only
// `-only` runs write (search, payments, variants, import, the SEO audit):
// without them a full run would erase their figures.
func keepOpsSections(report, out string) string {
	old, err := os.ReadFile(out)
	if err != nil {
		return report
	}
	names := append(slices.Sorted(maps.Keys(opsSections)), "history")
	rest := old
	for _, name := range names {
		rest = opsBlock(name).ReplaceAll(rest, nil)
	}
	for _, sec := range strings.Split("\n"+string(rest), "\n## ")[1:] {
		heading, _, _ := strings.Cut(sec, "\n")
		// A numbered heading carries its run's parameters: its number names it.
		key := heading
		if number, _, ok := strings.Cut(heading, ". "); ok && !strings.Contains(number, " ") {
			key = number + ". "
		}
		if strings.Contains(report, "\n## "+key) || strings.HasPrefix(report, "## "+key) {
			continue
		}
		report = strings.TrimRight(report, "\n") + "\n\n## " + strings.TrimRight(sec, "\n") + "\n"
	}
	for _, name := range names {
		if block := opsBlock(name).Find(old); block != nil {
			report = strings.TrimRight(report, "\n") + "\n\n" + string(block)
		}
	}
	return report
}
