package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// runLive measures live updates on bin (and on before, when given, for the
// comparison) and writes their section into out.
func runLive(ctx context.Context, bin, before, work, out string) error {
	var runs []*liveRun
	bins := []string{bin}
	if before != "" {
		bins = []string{before, bin}
	}
	for _, sc := range []liveScenario{attackScenario, targetScenario} {
		for i, b := range bins {
			run, err := liveBench(ctx, b, filepath.Join(work, fmt.Sprintf("live-%d-%d", len(runs), i)), sc)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", sc.name, filepath.Base(b), err)
			}
			runs = append(runs, run)
		}
	}
	section := renderLive(runs)
	fmt.Print(section)
	return writeLiveSection(out, section)
}

// renderLive writes the section in Markdown.
func renderLive(runs []*liveRun) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", liveSection)
	b.WriteString("Realtime clients on loopback from many addresses (`127.0.x.y`, as visitors; the server admits 20 streams per address): " +
		"readers subscribe to `products/*` as the app does (20 per address); clients that stop reading (10 per address) first ask for " +
		"1,000 topics on `products/*` (variants by options, as issue 27's attacker did) and, when that is refused, for `products/*` alone. " +
		"Customers (each from its own address) then move one product's stock one change after another: order one unit, cancel that order. " +
		"Goroutines (the server's `go_goroutines`) / RSS at each step, idle meaning after 10 stock changes with no client connected (the first orders warm caches up); the probes after the changes wait 12 s (past the 10 s write deadline) and " +
		"130 s (past Go's forced collection, every 2 min when idle: the broadcasts' garbage is freed then), the one after the clients left 12 s. " +
		"In brackets: change from the probe with the clients connected.\n\n")
	b.WriteString("| Scenario | binary | 1,000 topics answered | idle | clients connected | 12 s after the changes | 130 s after | after the clients left | peak RSS |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range runs {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s%s | %s%s | %s | %s |\n", r.sc.name, r.bin, r.topicsReply, r.idle, r.connected,
			r.afterChanges, changeNote(r, r.afterChanges), r.afterGC, changeNote(r, r.afterGC), r.afterLeft, mb(r.peak))
	}
	b.WriteString("\n")
	for _, r := range runs {
		if !r.sc.measureReadness {
			continue
		}
		fmt.Fprintf(&b, "- %s, %s: %d readers connected in %s; %d changes; deliveries %d of %d (missing after 10 s: %d); "+
			"from sending the request to arrival p50 %s ms, p99 %s ms, max %s ms (worst change's p99 %s ms); order or cancel answered p50 %s ms, p99 %s ms.\n",
			r.sc.name, r.bin, r.sc.readers, r.connectFor.Round(time.Millisecond), r.changesDone, len(r.deliveries), r.changesDone*r.sc.readers, r.missing,
			ms(pctOf(sorted(r.deliveries), 0.5)), ms(pctOf(sorted(r.deliveries), 0.99)), ms(pctOf(sorted(r.deliveries), 1)), ms(r.worstP99),
			ms(pctOf(sorted(r.requests), 0.5)), ms(pctOf(sorted(r.requests), 0.99)))
	}
	cores, model := machine()
	fmt.Fprintf(&b, "\nMeasured %s at %s on %d cores (%s) with `go run . -only live` (`-before BIN` adds the runs of an older binary).\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), commit(), cores, model)
	return b.String()
}

// changeNote says how the probe after the changes compares with the one
// with the clients connected, or why the changes stopped.
func changeNote(r *liveRun, p probe) string {
	if r.stoppedEarly != "" {
		return " (" + r.stoppedEarly + ")"
	}
	if r.connected.goroutines == 0 || r.connected.rss == 0 {
		return ""
	}
	return fmt.Sprintf(" (%+.0f%% / %+.0f%%)", 100*float64(p.goroutines-r.connected.goroutines)/float64(r.connected.goroutines),
		100*float64(p.rss-r.connected.rss)/float64(r.connected.rss))
}

func sorted(d []time.Duration) []time.Duration {
	out := append([]time.Duration(nil), d...)
	slices.Sort(out)
	return out
}

// pctOf is the p-quantile (0..1) of sorted durations.
func pctOf(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// procRSS is VmRSS of process pid in bytes (0 when unknown).
func procRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}

// writeLiveSection puts the section into the results file, replacing an
// earlier one (the rest of the file is left as it is).
func writeLiveSection(path, section string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	text := string(old)
	if i := strings.Index(text, liveSection); i >= 0 {
		end := len(text)
		if j := strings.Index(text[i+len(liveSection):], "\n## "); j >= 0 {
			end = i + len(liveSection) + j + 1
		}
		text = text[:i] + section + "\n" + text[end:]
	} else {
		text = strings.TrimRight(text, "\n") + "\n\n" + section
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
