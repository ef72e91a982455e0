package main

import (
	"fmt"
	"log"
	"math/rand/v2"
	"slices"
)

// runApp is `-only app`: test 6 alone (sizes, encodings, Lighthouse
// -lighthouse-runs times) against the server with a 10k-product catalog, as
// in the full run, without the load tests around it. It replaces section 6
// in c.out.
func runApp(c config, bin, dir, outDir string) error {
	log.Printf("app data dir %s", dir)
	if err := prepareDataDir(bin, dir, true, true); err != nil {
		return err
	}
	app, err := openApp(dir)
	if err != nil {
		return err
	}
	spec := genSpec{stock: func(r *rand.Rand) int { return r.IntN(200) }, inactivePc: 5}
	if _, err := growCatalog(app, 10_000, spec, 1); err == nil {
		err = optimize(app)
	}
	var ids []string
	if err == nil {
		err = app.DB().NewQuery("SELECT id FROM products WHERE isActive = 1 ORDER BY random() LIMIT 10").Column(&ids)
	}
	closeApp(app)
	if err != nil {
		return err
	}
	srv, err := startServer(bin, dir)
	if err != nil {
		return err
	}
	defer srv.stop()
	res := &results{encodings: map[string]string{}}
	appTests(c, srv, ids, outDir, res)
	var section []byte
	w := func(format string, a ...any) { section = fmt.Appendf(section, format, a...) }
	reportApp(w, c, res)
	reportLighthouse(w, c, res)
	return writeSection(c.out, "## 6. App", string(section))
}

// reportLighthouseSpread writes, when a page was audited more than once,
// each page's and form factor's lowest and median scores over the runs.
func reportLighthouseSpread(w writef, runs []lighthouseScore) {
	type key struct{ page, ff string }
	perf := map[key][]int{}
	var order []key
	for _, l := range runs {
		k := key{l.Page, l.FormFactor}
		if _, seen := perf[k]; !seen {
			order = append(order, k)
		}
		if l.Err == "" && l.Performance >= 0 {
			perf[k] = append(perf[k], l.Performance)
		} else {
			perf[k] = append(perf[k], -1) // a failed run counts as the lowest
		}
	}
	if len(runs) == len(order) {
		return // one run each: the table above says it all
	}
	w("Performance over the runs (a failed run counts as -1):\n\n| Page | Form factor | runs | min | median | all |\n|---|---|---:|---:|---:|---|\n")
	for _, k := range order {
		s := slices.Clone(perf[k])
		slices.Sort(s)
		w("| %s | %s | %d | %d | %d | %v |\n", k.page, k.ff, len(s), s[0], s[(len(s)-1)/2], perf[k])
	}
	w("\n")
}
