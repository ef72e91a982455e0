package main

// Ops section "varnish": the catalog behind a real shared cache. Varnish
// (Debian's package, scripts/ensure-varnish.sh) runs on loopback in front of
// the binary with its built-in VCL, which follows the shop's Cache-Control:
// public catalog reads are kept for max-age, private answers and no-cache
// pages always go to the server.

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// varnishd is a running varnishd in front of one server.
type varnishd struct {
	addr, workDir string
	cmd           *exec.Cmd
	log           *syncBuffer
}

// startVarnish starts varnishd (path bin) on a free loopback port with a
// VCL whose only backend is backendAddr, and waits until it answers.
func startVarnish(bin, dir, backendAddr string) (*varnishd, error) {
	host, port, _ := strings.Cut(backendAddr, ":")
	vcl := filepath.Join(dir, "stageshop.vcl")
	// The built-in VCL does the rest: it keeps what Cache-Control allows,
	// passes requests with Authorization or Cookie, and gzips as needed.
	conf := fmt.Sprintf("vcl 4.1;\nbackend shop { .host = %q; .port = %q; }\n", host, port)
	if err := os.WriteFile(vcl, []byte(conf), 0o644); err != nil {
		return nil, err
	}
	p, err := freePort()
	if err != nil {
		return nil, err
	}
	v := &varnishd{addr: "127.0.0.1:" + strconv.Itoa(p), workDir: filepath.Join(dir, "varnish"), log: &syncBuffer{}}
	// -j none: no privilege separation jail, so it runs as whoever runs the
	// bench; -F: in the foreground, ended with the bench.
	v.cmd = exec.Command(bin, "-F", "-j", "none", "-a", v.addr, "-f", vcl, "-n", v.workDir, "-s", "malloc,256m")
	v.cmd.Stdout, v.cmd.Stderr = v.log, v.log
	if err := v.cmd.Start(); err != nil {
		return nil, err
	}
	if waitHealthy(v.addr, 30*time.Second) {
		return v, nil
	}
	v.stop()
	return nil, fmt.Errorf("varnishd did not answer in 30 s: %s", v.log.String())
}

func (v *varnishd) url(path string) string { return "http://" + v.addr + path }

func (v *varnishd) stop() {
	if v.cmd.Process != nil {
		_ = v.cmd.Process.Kill()
		_ = v.cmd.Wait()
	}
}

// counters reads varnishstat's cache counters. Varnish's workers publish
// their counts now and then, so it waits for them to settle first.
func (v *varnishd) counters() (map[string]int64, error) {
	time.Sleep(2 * time.Second)
	out, err := exec.Command("varnishstat", "-n", v.workDir, "-1",
		"-f", "MAIN.cache_hit", "-f", "MAIN.cache_miss", "-f", "MAIN.cache_hitmiss", "-f", "MAIN.cache_hitpass",
		"-f", "MAIN.backend_req", "-f", "MAIN.client_req").Output()
	if err != nil {
		return nil, fmt.Errorf("varnishstat: %w", err)
	}
	m := map[string]int64{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			m[strings.TrimPrefix(f[0], "MAIN.")] = n
		}
	}
	return m, nil
}

// cacheRow is one page loaded directly and through Varnish.
type cacheRow struct {
	page            string
	direct, varnish *stats
	hits, lookups   int64 // cache hits and all client requests in the Varnish run
	backend         int64 // requests Varnish sent to the server
}

// varnishResult is the section's figures.
type varnishResult struct {
	version  string
	products int
	conns    int
	each     time.Duration
	rows     []cacheRow
	visible  []time.Duration // stock change to its sight through Varnish
}

// varnishBench measures the list and product pages directly and through
// Varnish, then how long a stock change takes to show through it.
func varnishBench(ctx context.Context, bin, varnishBin, work string, each time.Duration, conns int) (*varnishResult, error) {
	const products = 1000
	dir := filepath.Join(work, "varnish")
	f, err := setupShop(bin, dir, true, products, 1, 0, 0)
	if err != nil {
		return nil, err
	}
	srv, err := startServer(bin, dir)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	v, err := startVarnish(varnishBin, work, srv.addr)
	if err != nil {
		return nil, err
	}
	defer v.stop()
	res := &varnishResult{products: products, conns: conns, each: each}
	if out, err := exec.Command(varnishBin, "-V").CombinedOutput(); err == nil {
		res.version = strings.SplitN(string(out), "\n", 2)[0]
	}
	ids := f.plenty
	pages := []struct {
		name string
		path func(w, i int) string
	}{
		{"catalog list `" + pathList + "`", func(int, int) string { return pathList }},
		{"product `/api/products/{id}` (1,000 ids)", func(w, i int) string { return "/api/products/" + ids[(w*131+i)%len(ids)] }},
		{"product page HTML `/products/{id}` (no-cache)", func(w, i int) string { return "/products/" + ids[(w*131+i)%len(ids)] }},
	}
	client := newClient(conns)
	defer client.CloseIdleConnections()
	for _, p := range pages {
		row := cacheRow{page: p.name}
		log.Printf("varnish: %s direct", p.name)
		row.direct = hammer(ctx, "direct", client, conns, each, 1<<40, pathTarget(srv.url(""), p.path), is2xx)
		before, err := v.counters()
		if err != nil {
			return nil, err
		}
		log.Printf("varnish: %s through Varnish", p.name)
		row.varnish = hammer(ctx, "varnish", client, conns, each, 1<<40, pathTarget(v.url(""), p.path), is2xx)
		after, err := v.counters()
		if err != nil {
			return nil, err
		}
		row.hits = after["cache_hit"] - before["cache_hit"]
		row.lookups = int64(row.varnish.Requests)
		row.backend = after["backend_req"] - before["backend_req"]
		res.rows = append(res.rows, row)
	}
	for round := 0; round < 2; round++ {
		d, err := stockVisibleAfter(ctx, client, srv, v, &f.customers[0], ids[round])
		if err != nil {
			return nil, err
		}
		res.visible = append(res.visible, d)
	}
	return res, nil
}

// pathTarget is a browser GET of path(w, i) on base.
func pathTarget(base string, path func(w, i int) string) target {
	return func(w, i int) (*http.Request, error) { return browserGet(base + path(w, i)) }
}

// stockVisibleAfter caches product pid in Varnish, sells one unit (the
// worst case: the cached copy is brand new), and returns how long until the
// new stock shows through Varnish.
func stockVisibleAfter(ctx context.Context, client *http.Client, srv *server, v *varnishd, c *customer, pid string) (time.Duration, error) {
	stockVia := func(base string) (int, error) {
		st, body, _, err := call(ctx, client, base, nil, http.MethodGet, "/api/products/"+pid, nil)
		if err != nil || st != http.StatusOK {
			return 0, fmt.Errorf("product %s: %d %v", pid, st, err)
		}
		var p struct {
			Stock int `json:"stockQuantity"`
		}
		return p.Stock, json.Unmarshal(body, &p)
	}
	if _, err := stockVia(v.url("")); err != nil {
		return 0, err
	}
	before, err := stockVia(v.url(""))
	if err != nil {
		return 0, err
	}
	if st, b, _, err := call(ctx, client, srv.url(""), c, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": 1}); err != nil || st != http.StatusOK {
		return 0, fmt.Errorf("add to cart: %d %s %v", st, b, err)
	}
	if st, b, _, err := call(ctx, client, srv.url(""), c, http.MethodPost, "/api/checkout/create-order", checkoutBody(c)); err != nil || st != http.StatusCreated {
		return 0, fmt.Errorf("order: %d %s %v", st, b, err)
	}
	sold := time.Now()
	for time.Since(sold) < time.Minute {
		now, err := stockVia(v.url(""))
		if err != nil {
			return 0, err
		}
		if now == before-1 {
			return time.Since(sold), nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return 0, fmt.Errorf("the new stock of %s did not show through Varnish in a minute", pid)
}

// markdown renders the section.
func (r *varnishResult) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s on loopback in front of the binary (built-in VCL, 256 MB malloc storage), %d generated products plus the demo catalog, %d connections, %s per run, browser-like GETs (gzip accepted, no cookie or token).\n\n",
		r.version, r.products, r.conns, r.each)
	b.WriteString("| page | direct req/s | direct p50 / p99 ms | via Varnish req/s | via Varnish p50 / p99 ms | hit ratio | requests reaching the server |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for _, row := range r.rows {
		ratio := "-"
		if row.lookups > 0 {
			ratio = fmt.Sprintf("%.1f%%", 100*float64(row.hits)/float64(row.lookups))
		}
		fmt.Fprintf(&b, "| %s | %.0f | %s / %s | %.0f | %s / %s | %s | %d of %d |\n", row.page,
			row.direct.rps(), ms(row.direct.pct(50)), ms(row.direct.pct(99)),
			row.varnish.rps(), ms(row.varnish.pct(50)), ms(row.varnish.pct(99)), ratio, row.backend, row.lookups)
	}
	var seen []string
	for _, d := range r.visible {
		seen = append(seen, fmt.Sprintf("%.1f s", d.Seconds()))
	}
	fmt.Fprintf(&b, "\nA sold unit shows through Varnish after %s (the product was cached just before the sale, the worst case; `Cache-Control: public, max-age=10`: at most 10 s, then Varnish's default grace serves the old copy once while it fetches the new one). Directly, and in the app (which revalidates every request), it shows at once; checkout always checks the stock itself.\n",
		strings.Join(seen, ", "))
	return b.String()
}
