package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
	"stageshop/shop/search"
)

// searchProfile (-search-profile DIR) opens a data dir kept by `-only search
// -keep -work W` (DIR is W/search) in-process and answers n never-repeating
// searches and n suggestions one at a time, as the routes do (the index,
// then the products from the database), printing each kind's service time
// (one at a time: what one request costs, without the queue of 32 clients)
// and writing a CPU profile of each to out/. With rebuild the index is
// deleted first and its rebuild timed (wall and CPU, out/search-open.prof).
func searchProfile(dir string, n int, rebuild bool) error {
	app, err := openApp(dir)
	if err != nil {
		return err
	}
	defer closeApp(app)
	x, err := openProfiledIndex(app, dir, rebuild)
	if err != nil {
		return err
	}
	defer x.Close()
	_ = os.MkdirAll("out", 0o755)
	for _, k := range profileKinds(app, x) {
		if err := timeOneAtATime(k.name, n, k.one); err != nil {
			return err
		}
	}
	// What the index's caches (expansions, segment tables, word lists) and
	// bleve hold after the requests: the live heap after a collection.
	var mem runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&mem)
	fmt.Printf("Go heap after the requests and a collection: %s in use\n", mb(int64(mem.HeapInuse)))
	return nil
}

// openProfiledIndex opens app's search index and waits until it is ready,
// printing how long that took; with rebuild it deletes the index first and
// profiles its rebuild (out/search-open.prof).
func openProfiledIndex(app core.App, dir string, rebuild bool) (*search.Index, error) {
	if rebuild {
		_ = os.RemoveAll(filepath.Join(dir, search.DirName))
		_ = os.MkdirAll("out", 0o755)
		pf, _ := os.Create("out/search-open.prof")
		_ = pprof.StartCPUProfile(pf)
		defer pf.Close()
		defer pprof.StopCPUProfile()
	}
	start, cpuStart := time.Now(), cpuTime()
	x, err := search.Of(app)
	if err != nil {
		return nil, err
	}
	for !x.Ready() {
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Printf("index open in %.1f s, %.1f s of CPU (a rebuild when missing or of another layout; load %s)\n",
		time.Since(start).Seconds(), (cpuTime() - cpuStart).Seconds(), loadAvg())
	return x, nil
}

// timeOneAtATime runs one(i) for n never-repeating requests after a
// warm-up, one at a time, printing the CPU time each and the latencies,
// with a CPU profile in out/search-<name>.prof.
func timeOneAtATime(name string, n int, one func(int) error) error {
	for i := 0; i < 20; i++ { // warm-up: the index's files in the page cache
		_ = one(1_000_000 + i)
	}
	f, err := os.Create(filepath.Join("out", "search-"+name+".prof"))
	if err != nil {
		return err
	}
	defer f.Close()
	_ = pprof.StartCPUProfile(f)
	took := make([]time.Duration, 0, n)
	cpu0 := cpuTime()
	for i := 0; i < n; i++ {
		start := time.Now()
		if err := one(i); err != nil {
			pprof.StopCPUProfile()
			return err
		}
		took = append(took, time.Since(start))
	}
	cpu := (cpuTime() - cpu0) / time.Duration(n)
	pprof.StopCPUProfile()
	slices.Sort(took)
	at := func(p int) string { return ms(took[min(len(took)-1, len(took)*p/100)]) }
	fmt.Printf("%s, %d never-repeating, one at a time: CPU %s ms each; p50 %s ms, p90 %s ms, p99 %s ms, max %s ms (load %s)\n",
		name, n, ms(cpu), at(50), at(90), at(99), ms(took[len(took)-1]), loadAvg())
	return nil
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// craftedText is the i-th text of issue 43's costly searches: ten random
// words of 19 letters, every one at the longest typo allowance and none a
// word of the catalog.
func craftedText(i int) string {
	r := rand.New(rand.NewPCG(4343, uint64(i)))
	words := make([]string, 10)
	for w := range words {
		b := make([]byte, 19)
		for j := range b {
			b[j] = byte('a' + r.IntN(26))
		}
		words[w] = string(b)
	}
	return strings.Join(words, " ")
}

// profileKind is one kind of request searchProfile times: one(i) sends the
// i-th request of its kind.
type profileKind struct {
	name string
	one  func(int) error
}

// profileKinds are the searches and suggestions searchProfile times:
// ordinary never-repeating texts and the crafted ones of issue 43.
func profileKinds(app core.App, x *search.Index) []profileKind {
	ctx := context.Background()
	langs := []string{"en", "ru", "zh"}
	searchOne := func(i int) error {
		text, page := uniqueSearchText(7000+i%32, i)
		req := search.Request{Text: text, Lang: langs[i%3], Page: page, PageSize: 20, Facets: true}
		res, err := x.Search(ctx, req)
		if err != nil {
			return err
		}
		if res.Total == 0 {
			if _, err := x.DidYouMean(ctx, text, req.Lang, req.Filters); err != nil {
				return err
			}
		}
		_, err = catalog.ProductsByIDs(app, res.IDs, true)
		return err
	}
	suggestOne := func(i int) error {
		ids, err := x.Suggest(ctx, uniqueSuggestText(7000+i%32, i), langs[i%3], 5)
		if err == nil {
			_, err = catalog.ProductsByIDs(app, ids, true)
		}
		return err
	}
	craftedSearch := func(i int) error { // issue 43: what the attack sent
		text := craftedText(i)
		req := search.Request{Text: text, Lang: langs[i%3], Page: 1, PageSize: 20, Facets: true}
		res, err := x.Search(ctx, req)
		if err == nil && res.Total == 0 {
			_, err = x.DidYouMean(ctx, text, req.Lang, req.Filters)
		}
		return err
	}
	craftedSuggest := func(i int) error {
		_, err := x.Suggest(ctx, craftedText(i), langs[i%3], 5)
		return err
	}
	return []profileKind{{"search", searchOne}, {"suggest", suggestOne}, {"search-crafted", craftedSearch}, {"suggest-crafted", craftedSuggest}}
}
