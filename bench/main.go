// Command bench measures StageShop's speed and durability against the real
// binary on loopback: catalog reads against a ceiling route and PocketBase's
// own list (test 1), latency as the catalog grows (2), cart and checkout
// under load (3), an oversell race (4), SIGKILL crashes (5), the app's
// download sizes and Lighthouse scores (6), the server's peak memory (7) and
// the admin overview's latency as orders grow (8, alone with -only overview).
// It writes RESULTS.md and prints it. See README.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

type config struct {
	bin        string
	out        string
	public     string
	work       string
	endpoint   time.Duration // test 1: per endpoint
	warmup     time.Duration
	growthSeq  time.Duration // test 2: one connection
	growthPar  time.Duration // test 2: 64 connections
	cartFor    time.Duration // test 3
	conns      int
	customers  int
	raceN      int
	raceUnits  int
	raceRounds int
	crashes    int
	sizes      []int
	lighthouse bool
	lhRuns     int
	keep       bool
	only       string
	// -only live: an older build measured beside (before/after).
	before string
	// -only search: another build whose catalog list is measured beside.
	compareBin  string
	compareName string
	baseBin     string        // test 11: the binary before payments
	payRounds   int           // test 11: rounds
	payFor      time.Duration // test 11: load per server and round
}

func main() {
	var c config
	m := c.bindFlags()
	flag.Parse()
	if m.run(c) {
		return
	}
	c.setRunDefaults(*m.quick)
	log.SetFlags(log.Ltime)
	log.SetPrefix("bench: ")
	if err := run(c); err != nil {
		log.Fatal(err)
	}
}

// modes are the flags that run something else than the tests: a profile,
// a data dir setup, a search profile, an operations section.
type modes struct {
	quick, searchRebuild                          *bool
	profile, profilePaths, setup, searchProf, ops *string
	dbConns, searchN                              *int
}

// bindFlags binds the command line to c and returns the other modes.
func (c *config) bindFlags() modes {
	flag.StringVar(&c.bin, "bin", "../stageshop", "the stageshop binary to measure")
	flag.StringVar(&c.out, "out", "RESULTS.md", "where to write the results")
	flag.StringVar(&c.public, "public", "../pb_public", "profile mode: the built app to serve")
	flag.StringVar(&c.work, "work", "", "directory for the data dirs (default: a temporary one, removed at the end)")
	flag.DurationVar(&c.endpoint, "d", 20*time.Second, "test 1: load duration per endpoint")
	flag.DurationVar(&c.cartFor, "cart", 30*time.Second, "test 3: duration of the cart and checkout load")
	flag.IntVar(&c.conns, "c", 64, "test 1 and 2: connections")
	flag.IntVar(&c.raceRounds, "race-rounds", 5, "test 4: rounds")
	flag.IntVar(&c.crashes, "crashes", 5, "test 5: rounds")
	flag.BoolVar(&c.lighthouse, "lighthouse", true, "test 6: run Lighthouse (needs npm and Chromium)")
	flag.IntVar(&c.lhRuns, "lighthouse-runs", 1, "test 6: Lighthouse runs of each page and form factor (the report gives min and median)")
	flag.BoolVar(&c.keep, "keep", false, "keep the data dirs")
	flag.StringVar(&c.compareBin, "compare-bin", "", "-only search: also measure the catalog list of this binary (e.g. main's build) on the same data")
	flag.StringVar(&c.compareName, "compare-name", "other build", "-only search: the name of -compare-bin in RESULTS.md")
	flag.StringVar(&c.baseBin, "base-bin", "", "test 11 (-only payments) and 12 (-only variants): the binary to compare with, built from main before payments or variants")
	flag.IntVar(&c.payRounds, "pay-rounds", 3, "test 11 and 12: rounds (each server takes the load once a round)")
	flag.DurationVar(&c.payFor, "pay", 20*time.Second, "test 11: load per server and round; test 12: per path, server and round")
	flag.StringVar(&c.only, "only", "", "run only the catalog tests (1, 2, 6), only the shop tests (3, 4, 5), only the app (6, on 10k products), only the admin overview (8) or only live updates (9); app, 8 and 9 update their section in -out: catalog, shop, app, overview or live")
	flag.StringVar(&c.before, "before", "", "test 9: also measure this (older) binary, for a before/after comparison")
	flag.IntVar(&searchSize, "search-size", searchSize, "-only search and fts: products in the catalog")
	return modes{
		quick:         flag.Bool("quick", false, "a smoke run: short durations, 1k/10k products only"),
		profile:       flag.String("profile", "", "profile mode: serve this kept data dir in-process and write CPU profiles to out/"),
		profilePaths:  flag.String("paths", pathList+","+pathCatPage, "profile mode: comma-separated paths to load"),
		dbConns:       flag.Int("db-conns", 0, "profile mode: PocketBase's DataMaxOpenConns and DataMaxIdleConns (0: PocketBase's defaults 120/15)"),
		setup:         flag.String("profile-setup", "", "make a shop data dir (customers, products) at this path for `-profile DIR -paths cart`, then exit"),
		searchProf:    flag.String("search-profile", "", "serve no HTTP: open this data dir kept by -only search -keep (W/search) in-process, time -search-n never-repeating searches and suggestions one at a time, write out/search-*.prof"),
		searchN:       flag.Int("search-n", 300, "-search-profile: searches and suggestions to time"),
		searchRebuild: flag.Bool("search-rebuild", false, "-search-profile: delete the index first and time its rebuild (out/search-open.prof)"),
		ops:           flag.String("ops", "", "run one operations section alone and update its part of -out: varnish, restore"),
	}
}

// run runs the mode the flags ask for, if any, and says whether it did
// (a failure ends the program).
func (m modes) run(c config) bool {
	var err error
	switch {
	case *m.ops != "":
		log.SetFlags(log.Ltime)
		log.SetPrefix("bench: ")
		if *m.quick {
			c.endpoint = 3 * time.Second
		}
		err = runOps(c, *m.ops)
	case *m.setup != "":
		bin, _ := filepath.Abs(c.bin)
		err = profileSetup(bin, *m.setup)
	case *m.searchProf != "":
		err = searchProfile(*m.searchProf, *m.searchN, *m.searchRebuild)
	case *m.profile != "":
		err = profileMain(*m.profile, c.public, *m.profilePaths, c.conns, *m.dbConns, c.endpoint)
	default:
		return false
	}
	if err != nil {
		log.Fatal(err)
	}
	return true
}

// setRunDefaults sets what the flags do not: warm-up, growth durations,
// customers and catalog sizes; quick shortens everything for a smoke run.
func (c *config) setRunDefaults(quick bool) {
	c.warmup = 2 * time.Second
	c.growthSeq, c.growthPar = 3*time.Second, 5*time.Second
	c.customers, c.raceN, c.raceUnits = 100, 200, 50
	c.sizes = []int{1_000, 10_000, 100_000}
	if quick {
		c.endpoint, c.cartFor, c.warmup = 3*time.Second, 5*time.Second, time.Second
		c.growthSeq, c.growthPar = time.Second, 2*time.Second
		c.sizes = []int{1_000, 10_000}
		c.raceRounds, c.crashes = 2, 2
	}
}

// results collects every figure for the report.
type results struct {
	started       time.Time
	elapsed       time.Duration
	catalogSize   int
	test1         []*stats
	test1RSS      int64
	growth        []growthRow
	genTimes      []string
	plans         []string
	cart          *cartResult
	races         []raceResult
	crashes       []crashResult
	sizes         appSizes
	encodings     map[string]string
	lighthouse    []lighthouseScore
	lighthouseSEO []lighthouseScore // the SEO category per page and language
	lighthouseErr string
	notes         []string
	serverErrors  []string // errors the server logged during tests 3 and 4
	shopPlans     []string // SQLite plans of the cart and order look-ups
	overview      []overviewRow
}

type growthRow struct {
	products             int
	seqList, seqCat      *stats
	parList, parCat      *stats
	listBytes, catalogOK bool
}

const (
	pathList    = "/api/products?page=1&pageSize=20"
	pathCatPage = "/api/products?category=Sound&sort=price_asc&page=7"
	pathPBList  = "/api/collections/products/records?perPage=20"
	pathCeiling = "/api/health"

	// The SQL shop.ListProducts runs for the first two paths (its page query).
	sqlList    = "SELECT id, name, nameLocalized, description, descriptionLocalized, category, priceCents, stockQuantity, isActive, imageFileNames, attributes, created, updated FROM products WHERE isActive = 1 ORDER BY created DESC, id DESC LIMIT 20"
	sqlCatPage = "SELECT id, name, nameLocalized, description, descriptionLocalized, category, priceCents, stockQuantity, isActive, imageFileNames, attributes, created, updated FROM products WHERE isActive = 1 AND category = 'Sound' ORDER BY priceCents ASC, id ASC LIMIT 20 OFFSET 120"
)

func run(c config) error {
	ctx := context.Background()
	res := &results{started: time.Now(), encodings: map[string]string{}}
	bin, err := filepath.Abs(c.bin)
	if err != nil {
		return err
	}
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("no binary at %s: run `make build` (or pass -bin)", bin)
	}
	work := c.work
	if work == "" {
		if work, err = os.MkdirTemp("", "stageshop-bench-"); err != nil {
			return err
		}
	}
	if !c.keep {
		defer os.RemoveAll(work)
	}
	outDir, _ := filepath.Abs("out")
	_ = os.MkdirAll(outDir, 0o755)
	if section, ok := onlySections[c.only]; ok {
		return section(ctx, c, bin, work, outDir)
	}
	return runAll(ctx, c, bin, work, outDir, res)
}

// onlySections are the -only values that run one section on its own.
var onlySections = map[string]func(ctx context.Context, c config, bin, work, outDir string) error{
	"live": func(ctx context.Context, c config, bin, work, _ string) error {
		return runLive(ctx, bin, c.before, work, c.out)
	},
	"payments": func(ctx context.Context, c config, _, work, _ string) error {
		return runPayments(ctx, c, work, c.payRounds, c.payFor)
	},
	"variants": func(ctx context.Context, c config, bin, work, _ string) error {
		return runVariants(ctx, c, bin, work, c.payRounds, c.payFor)
	},
	"app": func(_ context.Context, c config, bin, work, outDir string) error {
		return runApp(c, bin, filepath.Join(work, "app"), outDir)
	},
	"fts": func(ctx context.Context, _ config, bin, work, _ string) error {
		return runFTSCompare(ctx, bin, filepath.Join(work, "fts"))
	},
	"hire": func(ctx context.Context, c config, bin, work, _ string) error {
		return runHireBench(ctx, c, bin, filepath.Join(work, "hire"))
	},
	"import": func(ctx context.Context, c config, bin, work, _ string) error {
		return runImportBench(ctx, c, bin, filepath.Join(work, "import"))
	},
	"search": func(ctx context.Context, c config, bin, work, _ string) error {
		return runSearchBench(ctx, c, bin, filepath.Join(work, "search"), c.out)
	},
}

// runAll runs the overview, catalog and shop tests (or the one -only
// names: overview, catalog or shop), writes the report and, for a full
// run, the live updates test.
func runAll(ctx context.Context, c config, bin, work, outDir string, res *results) error {
	if c.only == "overview" || c.only == "" {
		if err := overviewTests(ctx, c, bin, filepath.Join(work, "overview"), res); err != nil {
			return err
		}
		if c.only == "overview" {
			return writeOverviewSection(c.out, renderOverview(c, res))
		}
	}
	if c.only != "shop" {
		if err := catalogTests(ctx, c, bin, filepath.Join(work, "catalog"), outDir, res); err != nil {
			return err
		}
	}
	if c.only != "catalog" {
		if err := shopTests(ctx, c, bin, filepath.Join(work, "shop"), res); err != nil {
			return err
		}
	}
	res.elapsed = time.Since(res.started)
	report := keepOpsSections(renderReport(c, res), c.out)
	fmt.Print(report)
	if err := os.WriteFile(c.out, []byte(report), 0o644); err != nil || c.only != "" {
		return err
	}
	return runLive(ctx, bin, c.before, work, c.out)
}

// catalogTests runs tests 1, 2, 6 and the first half of 7 on one data dir
// that grows from 1k to 100k products.
func catalogTests(ctx context.Context, c config, bin, dir, outDir string, res *results) error {
	log.Printf("catalog data dir %s", dir)
	if err := prepareDataDir(bin, dir, true, true); err != nil {
		return err
	}
	spec := genSpec{stock: func(r *rand.Rand) int { return r.IntN(200) }, inactivePc: 5}

	for _, size := range c.sizes {
		t0 := time.Now()
		app, err := openApp(dir)
		if err != nil {
			return err
		}
		if _, err := growCatalog(app, size, spec, 1); err != nil {
			closeApp(app)
			return err
		}
		if err := optimize(app); err != nil {
			closeApp(app)
			return err
		}
		res.plans = append(res.plans, fmt.Sprintf("%d products: page 1 newest: `%s`; Sound by price page 7: `%s`",
			size, queryPlan(app, sqlList), queryPlan(app, sqlCatPage)))
		var ids []string
		err = app.DB().NewQuery("SELECT id FROM products WHERE isActive = 1 ORDER BY random() LIMIT 1000").Column(&ids)
		closeApp(app)
		if err != nil {
			return err
		}
		res.genTimes = append(res.genTimes, fmt.Sprintf("%d products ready in %s", size, time.Since(t0).Round(100*time.Millisecond)))
		log.Printf("catalog has %d products", size)

		srv, err := startServer(bin, dir)
		if err != nil {
			return err
		}
		if size == 10_000 || (size == c.sizes[len(c.sizes)-1] && res.test1 == nil && size < 10_000) {
			res.catalogSize = size
			if err := endpointTests(ctx, c, srv, ids, res); err != nil {
				srv.stop()
				return err
			}
			res.test1RSS = srv.peakRSS()
		}
		res.growth = append(res.growth, growthTest(ctx, c, srv, size))
		if size == 10_000 {
			appTests(c, srv, ids, outDir, res)
		}
		srv.stop()
	}
	return nil
}

// endpointTests is test 1: each endpoint for c.endpoint at c.conns.
func endpointTests(ctx context.Context, c config, srv *server, ids []string, res *results) error {
	base := srv.url("")
	if len(ids) == 0 {
		return fmt.Errorf("no active products")
	}
	// Sanity: every endpoint answers 200 before we time it.
	for _, p := range []string{pathList, pathCatPage, "/api/products/" + ids[0], pathPBList, pathCeiling} {
		st, b, _, err := call(ctx, http.DefaultClient, base, nil, http.MethodGet, p, nil)
		if err != nil || st != 200 {
			return fmt.Errorf("GET %s before the load: %v %w", p, err, statusError(p, st, b))
		}
	}
	byID := func(w, i int) (*http.Request, error) {
		return browserGet(base + "/api/products/" + ids[(w*7919+i)%len(ids)])
	}
	runs := []struct {
		name string
		t    target
	}{
		{"GET " + pathList, getTarget(base, pathList)},
		{"GET " + pathCatPage, getTarget(base, pathCatPage)},
		{"GET /api/products/{id}", byID},
		{"GET " + pathList + " (client without gzip)", plainGetTarget(base, pathList)},
		{"GET " + pathPBList + " (PocketBase)", getTarget(base, pathPBList)},
		{"GET " + pathCeiling + " (ceiling)", getTarget(base, pathCeiling)},
	}
	for _, r := range runs {
		client := newClient(c.conns)
		hammer(ctx, r.name, client, c.conns, c.warmup, 1<<40, r.t, is2xx)
		st := hammer(ctx, r.name, client, c.conns, c.endpoint, 50_000_000, r.t, is2xx)
		client.CloseIdleConnections()
		log.Printf("test 1: %s: %.0f req/s, p50 %s ms, p99 %s ms, errors %d", r.name, st.rps(), ms(st.pct(50)), ms(st.pct(99)), st.Errors)
		res.test1 = append(res.test1, st)
	}
	return nil
}

// growthTest is one row of test 2.
func growthTest(ctx context.Context, c config, srv *server, size int) growthRow {
	base := srv.url("")
	row := growthRow{products: size}
	one := newClient(1)
	hammer(ctx, "warm", one, 1, c.warmup/2, 1<<40, getTarget(base, pathList), is2xx)
	row.seqList = hammer(ctx, "list", one, 1, c.growthSeq, 1<<40, getTarget(base, pathList), is2xx)
	row.seqCat = hammer(ctx, "cat", one, 1, c.growthSeq, 1<<40, getTarget(base, pathCatPage), is2xx)
	one.CloseIdleConnections()
	par := newClient(c.conns)
	row.parList = hammer(ctx, "list", par, c.conns, c.growthPar, 1<<40, getTarget(base, pathList), is2xx)
	row.parCat = hammer(ctx, "cat", par, c.conns, c.growthPar, 1<<40, getTarget(base, pathCatPage), is2xx)
	par.CloseIdleConnections()
	log.Printf("test 2: %d products: list p50 %s ms (1 conn) %s ms (%d conns); category page 7 p50 %s ms / %s ms",
		size, ms(row.seqList.pct(50)), ms(row.parList.pct(50)), c.conns, ms(row.seqCat.pct(50)), ms(row.parCat.pct(50)))
	return row
}

// appTests is test 6: sizes of the build, the server's compression and
// Lighthouse against the running server.
func appTests(c config, srv *server, ids []string, outDir string, res *results) {
	var err error
	base := srv.url("")
	res.sizes, err = measureApp(base)
	if err != nil {
		res.sizes.Note = err.Error()
	}
	res.encodings["/ (index.html)"] = servedEncoding(base, "/")
	if res.sizes.EntryJS != "" {
		res.encodings["/assets/"+res.sizes.EntryJS] = servedEncoding(base, "/assets/"+res.sizes.EntryJS)
	}
	res.encodings[pathList] = servedEncoding(base, pathList)
	lighthouseTests(c, base, ids, outDir, res)
}

// chromePath is the Chromium Lighthouse drives: CHROME_PATH, or the
// first one installed ("" when none).
func chromePath() string {
	if chrome := os.Getenv("CHROME_PATH"); chrome != "" {
		return chrome
	}
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// lighthouseTests is test 6's Lighthouse part: the home, a product and
// /checkout signed in with one cart line (issue 44) on desktop and mobile, then the SEO audit of each page in each language;
// why it was skipped goes into res.lighthouseErr.
func lighthouseTests(c config, base string, ids []string, outDir string, res *results) {
	if !c.lighthouse {
		res.lighthouseErr = "skipped (-lighthouse=false)"
		return
	}
	if len(res.sizes.Home) == 0 {
		res.lighthouseErr = "skipped: the binary serves no built app (see the note above)"
		return
	}
	chrome := chromePath()
	if chrome == "" {
		res.lighthouseErr = "skipped: no Chromium found (set CHROME_PATH)"
		return
	}
	benchDir, _ := os.Getwd()
	cli, err := ensureLighthouse(benchDir)
	if err != nil {
		res.lighthouseErr = "skipped: " + err.Error()
		return
	}
	// Checkout as a signed-in shopper with one cart line sees it (issue 44).
	shopper, shopperErr := newLighthouseShopper(base, ids)
	pages := []struct {
		name, path string
		as         *lighthouseShopper
	}{{"home", "/", nil}, {"product", "/products/" + ids[0], nil}, {"checkout (signed in)", "/checkout", shopper}}
	for run := 1; run <= max(c.lhRuns, 1); run++ {
		for _, ff := range []string{"desktop", "mobile"} {
			for _, p := range pages {
				log.Printf("test 6: lighthouse %s %s (run %d)", p.name, ff, run)
				var sc lighthouseScore
				if p.path == "/checkout" && shopper == nil {
					sc = lighthouseScore{Page: p.name, FormFactor: ff, Err: "no signed-in shopper: " + shopperErr.Error()}
				} else {
					sc = runLighthouseAs(p.as, cli, chrome, base+p.path, p.name, ff, "performance,accessibility,best-practices,seo", filepath.Join(outDir, fmt.Sprintf("lighthouse-%d", run)))
				}
				res.lighthouse = append(res.lighthouse, sc)
			}
		}
	}
	// Search engines (issue 33): the SEO category of the home, a category and
	// a product at their address in each language (once, on a phone: the
	// audit does not depend on the form factor).
	for _, lang := range []string{"en", "ru", "zh"} {
		prefix := ""
		if lang != "en" {
			prefix = "/" + lang
		}
		for _, p := range []struct{ name, path string }{{"home", "/"}, {"category", "/?category=Sound"}, {"product", "/products/" + ids[0]}} {
			name := p.name + " " + lang
			log.Printf("test 6: lighthouse seo %s", name)
			sc := runLighthouse(cli, chrome, base+prefix+p.path, name, "mobile", "seo", filepath.Join(outDir, "lighthouse-seo"))
			res.lighthouseSEO = append(res.lighthouseSEO, sc)
		}
	}
}

// shopTests runs tests 3, 4, 5 and the second half of 7.
func shopTests(ctx context.Context, c config, bin, dir string, res *results) error {
	log.Printf("shop data dir %s", dir)
	f, err := setupShop(bin, dir, true, 1_000, max(c.customers, c.raceN), c.raceRounds, c.raceUnits)
	if err != nil {
		return err
	}
	res.shopPlans = shopPlans(dir)
	srv, err := startServer(bin, dir)
	if err != nil {
		return err
	}
	defer func() { srv.stop() }()

	res.cart = cartLoad(ctx, srv.url(""), f.customers[:c.customers], f.plenty, c.cartFor, false)
	res.cart.PeakRSS = srv.peakRSS()
	log.Printf("test 3: %d orders in %s (%.1f/s), p99 %s ms, %d conflicts, %d unexpected",
		res.cart.Orders, res.cart.Duration.Round(time.Second), float64(res.cart.Orders)/res.cart.Duration.Seconds(),
		ms(res.cart.All.pct(99)), res.cart.StockConflicts, res.cart.Unexpected)

	for i := 0; i < c.raceRounds; i++ {
		r, err := raceRound(ctx, srv.url(""), dir, f.customers[:c.raceN], f.race[i], c.raceUnits)
		if err != nil {
			return fmt.Errorf("race round %d: %w", i+1, err)
		}
		log.Printf("test 4: round %d: %s", i+1, r)
		res.races = append(res.races, r)
	}
	if os.Getenv("BENCH_SERVER_DEV") != "" { // the server ran with --dev: keep its SQL log
		_ = os.WriteFile(filepath.Join("out", "server-shop-dev.log"), srv.log.Bytes(), 0o644)
	}
	time.Sleep(3500 * time.Millisecond) // PocketBase flushes its log every 3 s
	if errs, err := serverErrors(dir, 5); err != nil {
		res.notes = append(res.notes, "Could not read the server's error log: "+err.Error())
	} else if len(errs) > 0 {
		res.serverErrors = errs
	}

	return crashRounds(ctx, c, &srv, f, res)
}

// shopPlans are SQLite's plans of the look-ups behind every cart and order
// request (none when the data dir cannot be opened).
func shopPlans(dir string) []string {
	app, err := openApp(dir)
	if err != nil {
		return nil
	}
	defer closeApp(app)
	var plans []string
	for _, q := range []string{
		// shop.cartQuery repeats the partial indexes' condition.
		"SELECT * FROM carts WHERE user = 'u1' AND user != '' LIMIT 1",
		"SELECT * FROM carts WHERE sessionId = 's1' AND sessionId != '' LIMIT 1",
		"SELECT * FROM cart_items WHERE cart = 'c1' AND product = 'p1' LIMIT 1",
		"SELECT id FROM orders WHERE user = 'u1' ORDER BY created DESC",
		"SELECT * FROM order_items WHERE orderRef = 'o1'",
	} {
		plans = append(plans, fmt.Sprintf("`%s`: `%s`", q, queryPlan(app, q)))
	}
	return plans
}

// crashRounds runs test 5: kills *srv during the cart load, restarts it
// (*srv becomes the new process) and checks, c.crashes times.
func crashRounds(ctx context.Context, c config, srv **server, f *shopFixture, res *results) error {
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < c.crashes; i++ {
		loadFor := 2*time.Second + time.Duration(rng.Int64N(int64(3*time.Second)))
		next, r, err := crashRound(ctx, *srv, f.customers[:c.customers], f.plenty, f.initial, loadFor)
		if next != nil {
			*srv = next
		}
		if err != nil {
			return fmt.Errorf("crash round %d: %w", i+1, err)
		}
		log.Printf("test 5: round %d: %s", i+1, r)
		res.crashes = append(res.crashes, r)
	}
	return nil
}

// ---- report ----

func machine() (cores int, model string) {
	cores = runtime.NumCPU()
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return cores, strings.TrimSpace(v)
		}
	}
	return cores, "unknown"
}

func commit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	s := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(strings.TrimSpace(string(st))) > 0 {
		s += " (with uncommitted changes)"
	}
	return s
}

func mb(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/(1<<20)) }
func kb(b int) string   { return fmt.Sprintf("%.1f kB", float64(b)/1024) }

func pass(ok bool) string {
	if ok {
		return "pass"
	}
	return "**FAIL**"
}

func renderReport(c config, r *results) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	reportHeader(w, c, r)
	reportCatalog(w, c, r)
	reportGrowth(w, c, r)
	reportCart(w, c, r)
	reportRaces(w, c, r)
	reportCrashes(w, c, r)
	reportApp(w, c, r)
	reportLighthouse(w, c, r)
	reportMemory(w, c, r)
	w("\n%s", renderOverview(c, r))
	return b.String()
}

// writef writes one formatted piece of the report.
type writef func(format string, a ...any)

// reportHeader writes the run's date, machine, commit and data.
func reportHeader(w writef, c config, r *results) {
	cores, model := machine()
	w("# StageShop benchmark results\n\n")
	w("- Date: %s\n- Machine: %d cores, %s, %s/%s, %s\n- Commit: %s\n- Run time: %s\n",
		r.started.UTC().Format("2006-01-02 15:04 MST"), cores, model, runtime.GOOS, runtime.GOARCH, runtime.Version(),
		commit(), r.elapsed.Round(time.Second))
	w("- Load generator: the bench's own closed-loop Go client (net/http, keep-alive, one connection per worker) on the same machine, so it takes CPU from the server. Catalog requests carry `Accept-Encoding: %s` as a browser's do; the client counts the answers without inflating them.\n", browserEncodings)
	w("- Data: %s.\n\n", strings.Join(r.genTimes, "; "))
}

// reportCatalog writes section 1, catalog reads.
func reportCatalog(w writef, c config, r *results) {
	if len(r.test1) > 0 {
		ceiling, pb := r.test1[len(r.test1)-1], r.test1[len(r.test1)-2]
		w("## 1. Catalog reads (%d products, %d connections, %s per endpoint after %s warm-up)\n\n", r.catalogSize, c.conns, c.endpoint, c.warmup)
		w("| Endpoint | req/s | p50 ms | p99 ms | vs ceiling | vs PocketBase list | errors | statuses |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
		for _, s := range r.test1 {
			w("| `%s` | %.0f | %s | %s | %.0f%% | %.2fx | %d | %s |\n", s.Name, s.rps(), ms(s.pct(50)), ms(s.pct(99)),
				100*s.rps()/ceiling.rps(), s.rps()/pb.rps(), s.Errors, s.statusSummary())
		}
		w("\nThe ceiling is PocketBase's `/api/health` (a near-constant JSON answer through the same router and middlewares); the server has no constant route of its own. PocketBase's list runs with the list rule `isActive = true`, opened in the bench's data dir only.\n\n")
		list := r.test1[0]
		w("Targets: list ≥ 50%% of the ceiling: %s (%.0f%%); ≥ 2x PocketBase's list: %s (%.2fx); p99 < 25 ms: %s (%s ms).\n\n",
			pass(list.rps() >= 0.5*ceiling.rps()), 100*list.rps()/ceiling.rps(), pass(list.rps() >= 2*pb.rps()), list.rps()/pb.rps(),
			pass(list.pct(99) < 25*time.Millisecond), ms(list.pct(99)))
	}
}

// reportGrowth writes section 2, growth.
func reportGrowth(w writef, c config, r *results) {
	if len(r.growth) > 0 {
		w("## 2. Growth (p50 ms; 1 connection for %s, then %d connections for %s)\n\n", c.growthSeq, c.conns, c.growthPar)
		w("| Products | list p50 (1 conn) | category page 7 p50 (1 conn) | list p50 (%d) | list req/s (%d) | category p50 (%d) | category req/s (%d) | errors |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n", c.conns, c.conns, c.conns, c.conns)
		for _, g := range r.growth {
			w("| %d | %s | %s | %s | %.0f | %s | %.0f | %d |\n", g.products, ms(g.seqList.pct(50)), ms(g.seqCat.pct(50)),
				ms(g.parList.pct(50)), g.parList.rps(), ms(g.parCat.pct(50)), g.parCat.rps(),
				g.seqList.Errors+g.seqCat.Errors+g.parList.Errors+g.parCat.Errors)
		}
		first, last := r.growth[0], r.growth[len(r.growth)-1]
		ratio := float64(last.seqList.pct(50)) / float64(first.seqList.pct(50))
		ratioCat := float64(last.seqCat.pct(50)) / float64(first.seqCat.pct(50))
		w("\nSQLite plans of the page queries (after `PRAGMA optimize`, as PocketBase's daily cron runs it):\n\n")
		for _, p := range r.plans {
			w("- %s\n", p)
		}
		w("\n%d vs %d products, 1-connection p50: list %.2fx, category page %.2fx (target ≤ 1.5x: %s).\n\n",
			last.products, first.products, ratio, ratioCat, pass(ratio <= 1.5 && ratioCat <= 1.5))
	}
}

// reportCart writes section 3, cart and checkout.
func reportCart(w writef, c config, r *results) {
	if cr := r.cart; cr != nil {
		w("## 3. Cart and checkout (%d customers in parallel, %s; 1,000-product catalog)\n\n", cr.Customers, cr.Duration.Round(time.Second))
		w("Each customer in a loop: `POST /api/cart/items` (random product, 1-2 units), `PUT /api/cart/items/{id}` (+1), `POST /api/checkout/create-order`.\n\n")
		w("- Orders placed: %d (%.1f orders/s)\n- Requests: %d (%.0f req/s)\n", cr.Orders, float64(cr.Orders)/cr.Duration.Seconds(), cr.All.Requests, cr.All.rps())
		w("- Stock conflicts (409, expected): %d\n- Unexpected errors: %d %s\n\n", cr.StockConflicts, cr.Unexpected, pass(cr.Unexpected == 0))
		w("| Step | requests | p50 ms | p99 ms | statuses |\n|---|---:|---:|---:|---|\n")
		for _, s := range []*stats{cr.Add, cr.Update, cr.Order, cr.All} {
			w("| %s | %d | %s | %s | %s |\n", s.Name, s.Requests, ms(s.pct(50)), ms(s.pct(99)), s.statusSummary())
		}
		for _, s := range cr.Samples {
			w("\n- sample error: `%s`", s)
		}
		w("\n\nSQLite plans of the look-ups behind every cart and order request (`SCAN` = the whole table is read):\n\n")
		for _, p := range r.shopPlans {
			w("- %s\n", p)
		}
		w("\n")
	}
}

// reportRaces writes section 4, the oversell race, and the errors the server logged.
func reportRaces(w writef, c config, r *results) {
	if len(r.races) > 0 {
		w("## 4. Oversell race (%d customers, %d units, %d rounds)\n\n", r.races[0].Customers, r.races[0].Units, len(r.races))
		for i, x := range r.races {
			w("%d. %s: %s\n", i+1, pass(x.ok()), x)
		}
		w("\n")
	}

	if len(r.serverErrors) > 0 {
		w("Errors the server logged during tests 3 and 4 (its `_logs` table, first %d):\n\n", len(r.serverErrors))
		for _, e := range r.serverErrors {
			w("- `%s`\n", strings.ReplaceAll(e, "`", "'"))
		}
		w("\n")
	}
}

// reportCrashes writes section 5, crash rounds.
func reportCrashes(w writef, c config, r *results) {
	if len(r.crashes) > 0 {
		w("## 5. Crash (SIGKILL during the test-3 load, restart, checks; %d rounds)\n\n", len(r.crashes))
		for i, x := range r.crashes {
			w("%d. %s: %s\n", i+1, pass(x.ok()), x)
		}
		last := r.crashes[len(r.crashes)-1].Check
		w("\nAfter the last round: %d products checked, initial stock %d = current %d + %d units ordered.\n\n",
			last.ProductsVerified, last.InitialStockSum, last.CurrentStockSum, last.OrderedUnits)
	}
}

// reportApp writes section 6, the app's sizes and encodings.
func reportApp(w writef, c config, r *results) {
	w("## 6. App\n\n")
	if s := r.sizes; len(s.Home) > 0 {
		w("Gzip (level 9) sizes of what the binary serves. Home before interactive (index.html's scripts, styles and module preloads, plus their static imports): **JS %s, CSS %s** (target JS < 150 kB: %s). Admin chunk(s) and what only they import: **%s**.\n\n",
			kb(s.HomeJS), kb(s.HomeCSS), pass(s.HomeJS < 150*1024), kb(s.AdminGzip))
		w("| Home file | raw | gzip |\n|---|---:|---:|\n")
		for _, a := range s.Home {
			w("| %s | %s | %s |\n", a.Name, kb(a.Raw), kb(a.Gzip))
		}
		for _, a := range s.Admin {
			w("| (admin) %s | %s | %s |\n", a.Name, kb(a.Raw), kb(a.Gzip))
		}
		w("\n")
	}
	if r.sizes.Note != "" {
		w("Note: %s\n\n", r.sizes.Note)
	}
	if len(r.encodings) > 0 {
		w("Content-Encoding the server answers to `Accept-Encoding: gzip, br`:")
		for _, k := range sortedKeys(r.encodings) {
			w(" `%s`: %s;", k, r.encodings[k])
		}
		w("\n\n")
	}
}

// reportLighthouse writes section 6's Lighthouse runs.
func reportLighthouse(w writef, c config, r *results) {
	if r.lighthouseErr != "" {
		w("Lighthouse: %s\n\n", r.lighthouseErr)
	}
	if len(r.lighthouse) > 0 {
		w("Lighthouse 12 (system Chromium, headless, against the bench server with 10k products, while nothing else of the bench runs):\n\n")
		w("| Page | Form factor | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | transfer | error |\n|---|---|---:|---:|---:|---:|---|---|---|---|---|\n")
		for _, l := range r.lighthouse {
			w("| %s | %s | %d | %d | %d | %d | %s | %s | %s | %s | %s |\n", l.Page, l.FormFactor, l.Performance, l.Accessibility, l.BestPractice, l.SEO, l.LCP, l.TBT, l.CLS, l.Weight, l.Err)
		}
		w("\n")
		reportLighthouseSpread(w, r.lighthouse)
	}
	if len(r.lighthouseSEO) > 0 {
		w("Lighthouse SEO (issue 33) of each page at its address in each language (`/`, `/ru/`, `/zh/`; the category is Sound; mobile):\n\n| Page | SEO | error |\n|---|---:|---|\n")
		for _, l := range r.lighthouseSEO {
			w("| %s | %d | %s |\n", l.Page, l.SEO, l.Err)
		}
		w("\n")
	}
}

// reportMemory writes section 7, memory, and the notes.
func reportMemory(w writef, c config, r *results) {
	w("## 7. Memory (peak RSS of the server process, VmHWM)\n\n")
	w("- Test 1 (%d products): %s\n", r.catalogSize, mb(r.test1RSS))
	if r.cart != nil {
		w("- Test 3: %s\n", mb(r.cart.PeakRSS))
	}
	for _, n := range r.notes {
		w("\n%s\n", n)
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}
