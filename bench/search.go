package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/search"
)

// Section 10 (-only search): the product search at 100,000 products. A
// full reindex as the server does it at start (time, the index's heap and
// disk), then against the real binary with 32 connections: searches and
// suggestions from a small set of popular texts (answers come from the
// catalog cache after the first) and from texts that never repeat (every
// answer computed: the index's own cost), and the plain catalog list
// beside them. FTS5 was measured once for the decision record
// (docs/decisions/search-engine.md), not here.

// searchSize is the catalog of section 10 (-search-size changes it for a trial).
var searchSize = 100_000

func runSearchBench(ctx context.Context, c config, bin, dir, out string) error {
	if err := prepareDataDir(bin, dir, false, true); err != nil {
		return err
	}
	app, err := openApp(dir)
	if err != nil {
		return err
	}
	spec := genSpec{stock: func(r *rand.Rand) int { return max(0, r.IntN(30)-5) }, inactivePc: 5}
	if _, err := growCatalog(app, searchSize, spec, 42); err != nil {
		closeApp(app)
		return err
	}
	ri, err := measureReindex(app, dir)
	closeApp(app)
	if err != nil {
		return err
	}
	var rows []*stats
	if c.compareBin != "" { // the list as the other build serves it, first
		other, err := startServer(c.compareBin, dir)
		if err != nil {
			return err
		}
		s := hammer(ctx, "warm-up", newClient(searchConns), searchConns, c.warmup, 1<<40, getTarget(other.url(""), pathList), is2xx)
		_ = s
		s = hammer(ctx, "catalog list, page 1 (no search), "+c.compareName, newClient(searchConns), searchConns, c.endpoint, 1<<40, getTarget(other.url(""), pathList), is2xx)
		other.stop()
		rows = append(rows, s)
	}
	srv, err := startServer(bin, dir)
	if err != nil {
		return err
	}
	defer srv.stop()
	rows = append(rows, searchLoads(ctx, c, srv)...)
	return writeSection(out, "## 10. Search", searchReport(ri, srv.peakRSS(), rows, c.endpoint))
}

// reindexFigures are what a full reindex at start took.
type reindexFigures struct {
	took          time.Duration
	disk          int64
	before, after runtime.MemStats
}

// measureReindex drops app's search index and change log (raw inserts
// filled it) and times the full reindex the server does at start.
func measureReindex(app core.App, dir string) (reindexFigures, error) {
	var f reindexFigures
	_, _ = app.DB().NewQuery("DELETE FROM search_changes").Execute()
	_ = os.RemoveAll(filepath.Join(dir, search.DirName))
	runtime.GC()
	runtime.ReadMemStats(&f.before)
	start := time.Now()
	x, err := search.Of(app)
	for err == nil && !x.Ready() {
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return f, err
	}
	f.took = time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&f.after)
	_ = x.Close()
	f.disk = dirSize(filepath.Join(dir, search.DirName))
	return f, nil
}

// searchReport is section 10 of RESULTS.md.
func searchReport(ri reindexFigures, peakRSS int64, rows []*stats, each time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## 10. Search\n\n")
	fmt.Fprintf(&b, "Run %s on %d cores, `go run . -only search` (load average at start %s). %d products (5%% inactive, ~17%% sold out), texts in en/ru/zh.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), loadAvg(), searchSize)
	fmt.Fprintf(&b, "- Full reindex (what a start without a usable index does): **%.1f s**; index on disk **%s**; Go heap after it %s (before %s)\n",
		ri.took.Seconds(), mb(ri.disk), mb(int64(ri.after.HeapAlloc)), mb(int64(ri.before.HeapAlloc)))
	fmt.Fprintf(&b, "- Server RSS at the end of the load: %s (peak)\n\n", mb(peakRSS))
	fmt.Fprintf(&b, "| Load (%d connections, %s each) | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|\n", searchConns, each)
	for _, s := range rows {
		fmt.Fprintf(&b, "| %s | %.0f | %s | %s | %d |\n", s.Name, s.rps(), ms(s.pct(50)), ms(s.pct(99)), s.Errors)
	}
	b.WriteString("\n")
	return b.String()
}

const searchConns = 32

// popularSearches are what shoppers type most: words, typos, codes,
// Russian forms, Chinese, with filters and sorts.
var popularSearches = []string{
	"search=moving+head", "search=microphne", "search=wireless+microphone&lang=en", "search=прожектор&lang=ru",
	"search=прожекторы", "search=舞台", "search=烟雾机&lang=zh", "search=aurora+345", "search=dmx+cable&maxPrice=100",
	"search=subwofer", "search=line+array&sort=price_asc", "search=truss&category=Stage", "search=fog&inStock=true",
	"search=микрофон", "search=helix", "search=pro&sort=newest", "search=mixer&minPrice=50&maxPrice=500",
	"search=par+wash", "search=генератор+тумана", "search=flight+case",
}

// searchWords are the words the never-repeating texts are made of.
var searchWords = []string{"moving", "head", "microphone", "cable", "mixer", "speaker", "monitor", "hoist", "truss", "strobe",
	"микрофон", "кабель", "прожектор", "舞台", "麦克风", "线缆", "fog", "case", "batten", "amplifier"}

// uniqueSearchText is the (w, i)-th never-repeating search text: a brand,
// a word with a letter dropped and a model number, or a misspelt word and
// a word; and the page asked (1-3).
func uniqueSearchText(w, i int) (string, int) {
	r := rand.New(rand.NewPCG(uint64(w), uint64(i)))
	brand := brands[r.IntN(len(brands))]
	typo := func(w string) string {
		rs := []rune(w)
		if len(rs) > 4 {
			i := 1 + r.IntN(len(rs)-2)
			rs = append(rs[:i], rs[i+1:]...)
		}
		return string(rs)
	}
	text := fmt.Sprintf("%s %s %d", brand, typo(searchWords[r.IntN(len(searchWords))]), 100+r.IntN(900))
	if r.IntN(2) == 0 {
		text = typo(searchWords[r.IntN(len(searchWords))]) + " " + searchWords[r.IntN(len(searchWords))]
	}
	return text, 1 + r.IntN(3)
}

// uniqueSuggestText is the (w, i)-th never-repeating text typed so far: the
// start of a brand and a model number, or a brand and the start of a word.
func uniqueSuggestText(w, i int) string {
	r := rand.New(rand.NewPCG(uint64(w)+99, uint64(i)))
	brand := func() string { return brands[r.IntN(len(brands))] }
	text := strings.ToLower(brand())[:2+r.IntN(3)] + fmt.Sprintf(" %d", 100+r.IntN(900))
	if r.IntN(2) == 0 {
		wd := searchWords[r.IntN(len(searchWords))]
		text = brand() + " " + string([]rune(wd)[:min(len([]rune(wd)), 2+r.IntN(3))])
	}
	return text
}

func searchLoads(ctx context.Context, c config, srv *server) []*stats {
	client := newClient(searchConns)
	d := c.endpoint
	uniqueSearch := func(w, i int) (*http.Request, error) {
		text, page := uniqueSearchText(w, i)
		return browserGet(srv.url(fmt.Sprintf("/api/products?search=%s&page=%d", url.QueryEscape(text), page)))
	}
	uniqueSuggest := func(w, i int) (*http.Request, error) {
		return browserGet(srv.url("/api/products/suggest?q=" + url.QueryEscape(uniqueSuggestText(w, i))))
	}
	crafted := func(w, i int) (*http.Request, error) { // issue 43's costly texts
		return browserGet(srv.url("/api/products?search=" + url.QueryEscape(craftedText(w<<32|i))))
	}
	popular := func(w, i int) (*http.Request, error) {
		return browserGet(srv.url("/api/products?" + popularSearches[(w+i)%len(popularSearches)]))
	}
	popularSuggest := func(w, i int) (*http.Request, error) {
		p := []string{"mi", "mic", "micro", "mov", "movi", "aur", "пр", "прож", "舞台", "dm", "dmx", "fo"}
		return browserGet(srv.url("/api/products/suggest?q=" + url.QueryEscape(p[(w+i)%len(p)])))
	}
	runs := []struct {
		name string
		t    target
	}{
		{"catalog list, page 1 (no search)", getTarget(srv.url(""), pathList)},
		{"search, 20 popular texts (cached answers)", popular},
		{"search, texts that never repeat", uniqueSearch},
		{"search, ten random 19-letter words (never repeat)", crafted},
		{"suggest, 12 popular prefixes (cached)", popularSuggest},
		{"suggest, prefixes that never repeat", uniqueSuggest},
	}
	var out []*stats
	for _, r := range runs {
		// The warm-up asks as other clients (w+searchConns), so that the
		// texts that never repeat do not repeat its texts either (they
		// would be answered from the catalog cache).
		warm := func(w, i int) (*http.Request, error) { return r.t(w+searchConns, i) }
		hammer(ctx, "warm-up", client, searchConns, c.warmup, 1<<40, warm, is2xx)
		out = append(out, hammer(ctx, r.name, client, searchConns, d, 1<<40, r.t, is2xx))
	}
	// Last: the same kind of texts while the catalog changes.
	stop := make(chan struct{})
	done := make(chan int)
	go func() { done <- editEverySecond(srv.dir, stop) }()
	s := hammer(ctx, "search, texts that never repeat, a product edited every second", client, searchConns, d, 1<<40,
		func(w, i int) (*http.Request, error) { return uniqueSearch(w+2*searchConns, i) }, is2xx)
	close(stop)
	if n := <-done; n > 0 {
		out = append(out, s)
	}
	return out
}

// editEverySecond changes a product's price every second through SQLite
// (as an admin's edit does: every write that reaches the search index
// drops its caches of words), until stop; it returns the edits made.
func editEverySecond(dir string, stop <-chan struct{}) int {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "data.db")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return 0
	}
	defer db.Close()
	var ids []string
	rows, err := db.Query("SELECT id FROM products WHERE isActive = 1 LIMIT 100")
	if err != nil {
		return 0
	}
	for rows.Next() {
		var id string
		if rows.Scan(&id) == nil {
			ids = append(ids, id)
		}
	}
	rows.Close()
	edits := 0
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for len(ids) > 0 {
		select {
		case <-stop:
			return edits
		case <-tick.C:
			if _, err := db.Exec("UPDATE products SET priceCents = priceCents + 1 WHERE id = ?", ids[edits%len(ids)]); err == nil {
				edits++
			}
		}
	}
	return edits
}

func dirSize(dir string) int64 {
	var n int64
	_ = filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n += info.Size()
		}
		return nil
	})
	return n
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
