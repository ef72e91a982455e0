package main

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
)

// Variants (issue 31), measured side by side: the catalog list and the
// product page at 10,000 products, on the binary before variants
// (-base-bin; every product plain) and on this one with 5 variants per
// product (a "Length" option, prices up to 40 % apart, the stock spread
// over them). Both servers run at once on their own data dirs and take the
// load in turn, round after round, so a busy moment of the machine hits
// both alike. Issue 31 asks for within 10 % of the figures before.

const variantsCatalog = 10_000

// variantPaths are the reads compared: the list's first page, a category
// page sorted by price, the list filtered to what is in stock sorted by
// price (both read the variants' summary on the product row), and a
// product's page (with its variants).
var variantPaths = []string{pathList, pathCatPage, "/api/products?inStock=true&sort=price_asc&page=3", pathColdList, "/api/products/{id}"}

// pathColdList stands for list pages no request has asked for before: the
// three paths above are answered from the catalog cache after their first
// request, as in production, so they hardly read the variants; these make
// every request build its answer from the database (sort, stock filter,
// page size and page never repeat within a run of a side).
const pathColdList = "/api/products?sort={sort}&inStock={stock}&page={n}&pageSize={k} (never repeated)"

// coldLists are the list addresses pathColdList goes through, in an order
// that mixes sorts, filters and page sizes.
var coldLists = func() []string {
	var out []string
	for _, stock := range []string{"", "&inStock=true"} {
		for _, sort := range []string{"price_asc", "price_desc", "name_asc", "newest"} {
			for k := 5; k <= 100; k++ {
				for n := 1; n*k <= variantsCatalog*9/10; n++ {
					out = append(out, fmt.Sprintf("/api/products?sort=%s%s&page=%d&pageSize=%d", sort, stock, n, k))
				}
			}
		}
	}
	rand.New(rand.NewPCG(31, 12)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}()

// variantSide is one server of the comparison.
type variantSide struct {
	name, bin string
	variants  int
	srv       *server
	ids       []string
	rps, p50  map[string][]float64
	cold      atomic.Int64 // the next of coldLists this side asks for
}

// runVariants runs the comparison for rounds rounds of d per path and
// writes section 12 of the report.
func runVariants(ctx context.Context, c config, bin, work string, rounds int, d time.Duration) error {
	if c.baseBin == "" {
		return fmt.Errorf("-only variants needs -base-bin: the binary to compare with (built from main before variants)")
	}
	sides := []*variantSide{
		{name: "before variants", bin: c.baseBin},
		{name: "5 variants per product", bin: bin, variants: 5},
	}
	for i, s := range sides {
		if err := s.prepare(filepath.Join(work, fmt.Sprintf("variants-%d", i))); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		defer s.srv.stop()
	}
	for r := 1; r <= rounds; r++ {
		for _, s := range sides {
			for _, p := range variantPaths {
				s.measure(ctx, c, p, d)
			}
		}
		log.Printf("variants: round %d done", r)
	}
	return writeSection(c.out, "## 12. Variants", renderVariants(sides, c, rounds, d))
}

// prepare makes the side's data dir (schema and demo catalog from its
// binary, then generated products) and starts its server.
func (s *variantSide) prepare(dir string) error {
	if err := prepareDataDir(s.bin, dir, true, true); err != nil {
		return err
	}
	app, err := openApp(dir)
	if err != nil {
		return err
	}
	spec := genSpec{stock: func(r *rand.Rand) int { return r.IntN(200) }, inactivePc: 5, variants: s.variants}
	if _, err := growCatalog(app, variantsCatalog, spec, 1); err == nil {
		err = optimize(app)
	}
	if err == nil {
		err = app.DB().NewQuery("SELECT id FROM products WHERE isActive = 1 ORDER BY random() LIMIT 1000").Column(&s.ids)
	}
	closeApp(app)
	if err != nil {
		return err
	}
	s.rps, s.p50 = map[string][]float64{}, map[string][]float64{}
	s.srv, err = startServer(s.bin, dir)
	return err
}

// measure loads one path for d (after a short warm-up) and keeps req/s and p50.
func (s *variantSide) measure(ctx context.Context, c config, path string, d time.Duration) {
	base := s.srv.url("")
	t := getTarget(base, path)
	if strings.Contains(path, "{id}") {
		t = func(w, i int) (*http.Request, error) {
			return browserGet(base + "/api/products/" + s.ids[(w*7919+i)%len(s.ids)])
		}
	}
	if path == pathColdList {
		t = func(int, int) (*http.Request, error) {
			return browserGet(base + coldLists[int(s.cold.Add(1)-1)%len(coldLists)])
		}
	}
	client := newClient(c.conns)
	hammer(ctx, path, client, c.conns, c.warmup, 1<<40, t, is2xx)
	st := hammer(ctx, path, client, c.conns, d, 50_000_000, t, is2xx)
	client.CloseIdleConnections()
	s.rps[path] = append(s.rps[path], st.rps())
	s.p50[path] = append(s.p50[path], float64(st.pct(50).Microseconds())/1000)
	log.Printf("variants: %s, GET %s: %.0f req/s, p50 %s ms, errors %d", s.name, path, st.rps(), ms(st.pct(50)), st.Errors)
}

// renderVariants is section 12 of the report.
func renderVariants(sides []*variantSide, c config, rounds int, d time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## 12. Variants\n\n")
	fmt.Fprintf(&b, "`go run . -only variants -base-bin OLD` at %s, %d cores shared with other work, load average at the end %s: "+
		"%d products on each server (the binary before variants; this one with 5 variants per product, %d variant rows), "+
		"%d connections, %s per path and round, %d rounds, the servers in turn. Issue 31 asks for within 10 %% of the figures before.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), loadAvg(), variantsCatalog, 5*variantsCatalog, c.conns, d, rounds)
	b.WriteString("| GET | req/s before (per round) | req/s with variants (per round) | median with / before | p50 ms before / with (medians) |\n|---|---|---|---|---|\n")
	for _, p := range variantPaths {
		before, with := sides[0], sides[1]
		fmt.Fprintf(&b, "| `%s` | %s | %s | %.0f %% | %.2f / %.2f |\n", p, figures(before.rps[p]), figures(with.rps[p]),
			100*median(with.rps[p])/max(median(before.rps[p]), 1e-9), median(before.p50[p]), median(with.p50[p]))
	}
	b.WriteString("\n")
	return b.String()
}

// figures lists rates with no decimals.
func figures(xs []float64) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf("%.0f", x)
	}
	return strings.Join(out, ", ")
}
