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
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// opsSections are the sections' titles, by name.
var opsSections = map[string]string{
	"varnish": "Ops: the catalog behind Varnish",
	"restore": "Ops: replication with Litestream, restore and RPO",
}

// syncInterval is Litestream's sync interval in the restore section.
var syncInterval = flag.Duration("sync", time.Second, "ops restore: Litestream's sync interval")

// runOps runs section name and updates c.out with it.
func runOps(c config, name string) error {
	title, ok := opsSections[name]
	if !ok {
		return fmt.Errorf("unknown ops section %q (have: varnish, restore)", name)
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
	var body string
	switch name {
	case "varnish":
		body, err = opsVarnish(c, bin, work)
	case "restore":
		var r *restoreResult
		if r, err = restoreBench(bin, work, c.cartFor, *syncInterval); err == nil {
			body = r.markdown()
		}
	}
	if err != nil {
		return err
	}
	section := fmt.Sprintf("## %s\n\n`go run . -ops %s` (`make bench-%s`), %s, commit %s, took %s.\n\n%s",
		title, name, name, started.UTC().Format("2006-01-02 15:04 MST"), commit(), time.Since(started).Round(time.Second), body)
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
// file it replaces.
func keepOpsSections(report, out string) string {
	old, err := os.ReadFile(out)
	if err != nil {
		return report
	}
	for name := range opsSections {
		if block := opsBlock(name).Find(old); block != nil {
			report = strings.TrimRight(report, "\n") + "\n\n" + string(block)
		}
	}
	return report
}
