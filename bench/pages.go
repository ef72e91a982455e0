package main

// Ops section "pages" (issue 33's speed item): the pages search engines
// send shoppers to, under wrk (Debian's package, scripts/ensure-wrk.sh) as
// the issue measures them: 2 threads, 32 connections, gzip asked as
// browsers ask, beside /api/health on the same run at 10,000 products;
// then the sitemap of 100,000 products, its time and the server's memory.

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// pageRow is one address under wrk, in each round.
type pageRow struct {
	name, path string
	script     []string // paths a Lua script rotates over (path unused)
	rps        []float64
	p50, p99   []time.Duration
	non2xx     []int
}

// pagesResult is the section's figures.
type pagesResult struct {
	products int
	each     time.Duration
	health   []float64 // /api/health req/s per round (mean of its runs in the round)
	rows     []*pageRow
	sitemap  *sitemapRun
}

// sitemapRun is one crawl of the whole sitemap.
type sitemapRun struct {
	products          int
	files             int
	took              time.Duration
	gzBytes, urls     int
	rssBefore, rssHWM int64
}

// opsPages runs the section: rounds of wrk over every page kind and
// language with /api/health first and last, then the sitemap at 100k.
func opsPages(c config, bin, work string) (string, error) {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		return "", fmt.Errorf("no wrk: run scripts/ensure-wrk.sh")
	}
	dir := filepath.Join(work, "pages")
	if err := prepareDataDir(bin, dir, true, true); err != nil {
		return "", err
	}
	app, err := openApp(dir)
	if err != nil {
		return "", err
	}
	const products = 10_000
	_, err = growCatalog(app, products, genSpec{stock: func(r *rand.Rand) int { return max(0, r.IntN(30)-5) }}, 11)
	var ids []string
	if err == nil {
		err = app.DB().NewQuery("SELECT id FROM products WHERE isActive = 1 ORDER BY created DESC LIMIT 1000").Column(&ids)
	}
	closeApp(app)
	if err != nil {
		return "", err
	}
	srv, err := startServer(bin, dir)
	if err != nil {
		return "", err
	}
	defer srv.stop()
	res := &pagesResult{products: products, each: c.endpoint, rows: pageRows(ids)}
	for round := 0; round < *pageRounds; round++ {
		if err := res.round(wrk, srv, work); err != nil {
			return "", err
		}
	}
	if res.sitemap, err = sitemapCrawl(srv, dir, 100_000); err != nil {
		return "", err
	}
	return res.markdown(), nil
}

// pageRounds is how many times each address is loaded, alternating.
var pageRounds = flag.Int("page-rounds", 2, "ops pages: rounds (each address once a round, /api/health first and last)")

// pageRows are the addresses measured: one product and the Sound category
// in each language, the home, and 1,000 products in turn (a crawler's or a
// shop's real traffic, where most pages are not the last one asked).
func pageRows(ids []string) []*pageRow {
	product := "/products/" + ids[0]
	var rows []*pageRow
	for _, lang := range []string{"", "/ru", "/zh"} {
		name := map[string]string{"": "en", "/ru": "ru", "/zh": "zh"}[lang]
		rows = append(rows,
			&pageRow{name: "product page, " + name, path: lang + product},
			&pageRow{name: "category page (Sound), " + name, path: lang + "/?category=Sound"},
			&pageRow{name: "home, " + name, path: lang + "/"},
		)
	}
	var rotate []string
	for i, id := range ids {
		lang := []string{"", "/ru", "/zh"}[i%3]
		rotate = append(rotate, lang+"/products/"+id)
	}
	rows = append(rows, &pageRow{name: fmt.Sprintf("product pages, %d products x en/ru/zh in turn", len(ids)), script: rotate})
	return rows
}

// round loads /api/health, every row, and /api/health again.
func (r *pagesResult) round(wrk string, srv *server, work string) error {
	h1, err := runWrk(wrk, srv.url("/api/health"), nil, r.each, work)
	if err != nil {
		return err
	}
	for _, row := range r.rows {
		// One request first, so the first page of the run is not its only miss.
		if row.script == nil {
			if resp, err := http.Get(srv.url(row.path)); err == nil {
				resp.Body.Close()
			}
		}
		out, err := runWrk(wrk, srv.url(row.path), row.script, r.each, work)
		if err != nil {
			return err
		}
		row.rps, row.p50, row.p99 = append(row.rps, out.rps), append(row.p50, out.p50), append(row.p99, out.p99)
		row.non2xx = append(row.non2xx, out.non2xx)
	}
	h2, err := runWrk(wrk, srv.url("/api/health"), nil, r.each, work)
	if err != nil {
		return err
	}
	r.health = append(r.health, (h1.rps+h2.rps)/2)
	return nil
}

// wrkOut is what one wrk run reports.
type wrkOut struct {
	rps      float64
	p50, p99 time.Duration
	non2xx   int
}

var (
	wrkRPS    = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	wrkPct    = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$`)
	wrkNon2xx = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
)

// runWrk runs wrk with the parameters against url (or, with
// paths, against each of paths in turn through a Lua script).
func runWrk(wrk, url string, paths []string, d time.Duration, work string) (wrkOut, error) {
	args := []string{"-t2", "-c32", "-d" + strconv.Itoa(int(d.Seconds())) + "s", "--latency",
		"-H", "Accept-Encoding: " + browserEncodings}
	if paths != nil {
		script := filepath.Join(work, "rotate.lua")
		var b strings.Builder
		b.WriteString("local paths = {\n")
		for _, p := range paths {
			fmt.Fprintf(&b, "  %q,\n", p)
		}
		b.WriteString("}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, paths[(i % #paths) + 1])\nend\n")
		if err := os.WriteFile(script, []byte(b.String()), 0o644); err != nil {
			return wrkOut{}, err
		}
		args = append(args, "-s", script)
	}
	out, err := exec.Command(wrk, append(args, url)...).CombinedOutput()
	if err != nil {
		return wrkOut{}, fmt.Errorf("wrk: %v: %s", err, out)
	}
	var o wrkOut
	m := wrkRPS.FindSubmatch(out)
	if m == nil {
		return o, fmt.Errorf("wrk: no Requests/sec in %s", out)
	}
	o.rps, _ = strconv.ParseFloat(string(m[1]), 64)
	for _, m := range wrkPct.FindAllSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(string(m[2]), 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[string(m[3])]
		if string(m[1]) == "50" {
			o.p50 = time.Duration(v * float64(unit))
		} else {
			o.p99 = time.Duration(v * float64(unit))
		}
	}
	if m := wrkNon2xx.FindSubmatch(out); m != nil {
		o.non2xx, _ = strconv.Atoi(string(m[1]))
	}
	return o, nil
}

// sitemapCrawl grows the catalog to total products (the server keeps
// running: the sitemap reads the database as it is) and fetches
// /sitemap.xml and every sitemap it lists, one after another, as a
// crawler would, with gzip; the server's peak memory is reset first.
func sitemapCrawl(srv *server, dir string, total int) (*sitemapRun, error) {
	app, err := openApp(dir)
	if err != nil {
		return nil, err
	}
	_, err = growCatalog(app, total, genSpec{stock: func(r *rand.Rand) int { return r.IntN(20) }}, 12)
	closeApp(app)
	if err != nil {
		return nil, err
	}
	pid := srv.cmd.Process.Pid
	// Writing 5 to clear_refs resets VmHWM, so the peak is the crawl's.
	_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0)
	run := &sitemapRun{products: total, rssBefore: procRSS(pid)}
	client := newClient(1)
	var bodies [][]byte
	start := time.Now()
	queue := []string{srv.url("/sitemap.xml")}
	for len(queue) > 0 {
		url := queue[0]
		queue = queue[1:]
		req, _ := browserGet(url)
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("%s: %d %v", url, resp.StatusCode, err)
		}
		run.files++
		run.gzBytes += len(body)
		if len(bodies) == 0 { // the index names the others
			plain, err := gunzip(body)
			if err != nil {
				return nil, err
			}
			for _, m := range sitemapLoc.FindAllSubmatch(plain, -1) {
				queue = append(queue, srv.url(strings.TrimPrefix(string(m[1]), mailBase(string(m[1])))))
			}
		}
		bodies = append(bodies, body)
	}
	run.took = time.Since(start)
	run.rssHWM = procPeakRSS(pid)
	for _, b := range bodies[1:] {
		plain, err := gunzip(b)
		if err != nil {
			return nil, err
		}
		run.urls += bytes.Count(plain, []byte("<url>"))
	}
	return run, nil
}

var sitemapLoc = regexp.MustCompile(`<sitemap><loc>([^<]+)</loc>`)

// mailBase is the scheme and host of an absolute address (the shop's
// public URL, which the sitemap's addresses start with).
func mailBase(u string) string {
	i := strings.Index(u, "/sitemaps/")
	if i < 0 {
		return ""
	}
	return u[:i]
}

func gunzip(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

func (r *pagesResult) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "wrk 2 threads, 32 connections, %s a run, `Accept-Encoding: %s`; %d products; each round loads /api/health, every row, and /api/health again (the ceiling of the round is their mean).\n\n",
		r.each, browserEncodings, r.products)
	b.WriteString("| Address | req/s per round | p50 / p99 ms per round | vs /api/health per round | non-2xx |\n|---|---|---|---|---|\n")
	var hs []string
	for _, h := range r.health {
		hs = append(hs, fmt.Sprintf("%.0f", h))
	}
	fmt.Fprintf(&b, "| /api/health | %s | | 100 %% | |\n", strings.Join(hs, ", "))
	for _, row := range r.rows {
		var rps, lat, ratio []string
		non := 0
		for i := range row.rps {
			rps = append(rps, fmt.Sprintf("%.0f", row.rps[i]))
			lat = append(lat, ms(row.p50[i])+" / "+ms(row.p99[i]))
			ratio = append(ratio, fmt.Sprintf("%.0f %%", 100*row.rps[i]/r.health[i]))
			non += row.non2xx[i]
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d |\n", row.name, strings.Join(rps, ", "), strings.Join(lat, ", "), strings.Join(ratio, ", "), non)
	}
	if s := r.sitemap; s != nil {
		fmt.Fprintf(&b, "\nSitemap at %d products (the same server, catalog grown while it ran): /sitemap.xml and the %d sitemaps it lists fetched one after another with gzip in **%.2f s** (%s compressed, %d `<url>` entries); server RSS %s before, peak during the crawl %s.\n",
			s.products, s.files-1, s.took.Seconds(), mb(int64(s.gzBytes)), s.urls, mb(s.rssBefore), mb(s.rssHWM))
	}
	return b.String()
}
