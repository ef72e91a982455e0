package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"syscall"
	"time"

	"stageshop/shop"
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
	if rebuild {
		_ = os.RemoveAll(filepath.Join(dir, search.DirName))
		_ = os.MkdirAll("out", 0o755)
		pf, _ := os.Create("out/search-open.prof")
		_ = pprof.StartCPUProfile(pf)
		defer pf.Close()
	}
	start, cpuStart := time.Now(), cpuTime()
	x, err := search.Of(app)
	if err != nil {
		return err
	}
	for !x.Ready() {
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Printf("index open in %.1f s, %.1f s of CPU (a rebuild when missing or of another layout; load %s)\n",
		time.Since(start).Seconds(), (cpuTime() - cpuStart).Seconds(), loadAvg())
	if rebuild {
		pprof.StopCPUProfile()
	}
	defer x.Close()
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
		_, err = shop.ProductsByIDs(app, res.IDs, true)
		return err
	}
	suggestOne := func(i int) error {
		ids, err := x.Suggest(ctx, uniqueSuggestText(7000+i%32, i), langs[i%3], 5)
		if err == nil {
			_, err = shop.ProductsByIDs(app, ids, true)
		}
		return err
	}
	_ = os.MkdirAll("out", 0o755)
	for _, k := range []struct {
		name string
		one  func(int) error
	}{{"search", searchOne}, {"suggest", suggestOne}} {
		for i := 0; i < 20; i++ { // warm-up: the index's files in the page cache
			_ = k.one(1_000_000 + i)
		}
		f, err := os.Create(filepath.Join("out", "search-"+k.name+".prof"))
		if err != nil {
			return err
		}
		_ = pprof.StartCPUProfile(f)
		took := make([]time.Duration, 0, n)
		cpu0 := cpuTime()
		for i := 0; i < n; i++ {
			start := time.Now()
			if err := k.one(i); err != nil {
				pprof.StopCPUProfile()
				return err
			}
			took = append(took, time.Since(start))
		}
		cpu := (cpuTime() - cpu0) / time.Duration(n)
		pprof.StopCPUProfile()
		f.Close()
		slices.Sort(took)
		at := func(p int) string { return ms(took[min(len(took)-1, len(took)*p/100)]) }
		fmt.Printf("%s, %d never-repeating, one at a time: CPU %s ms each; p50 %s ms, p90 %s ms, p99 %s ms, max %s ms (load %s)\n",
			k.name, n, ms(cpu), at(50), at(90), at(99), ms(took[len(took)-1]), loadAvg())
	}
	// What the index's caches (expansions, segment tables, word lists) and
	// bleve hold after the requests: the live heap after a collection.
	var mem runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&mem)
	fmt.Printf("Go heap after the requests and a collection: %s in use\n", mb(int64(mem.HeapInuse)))
	return nil
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
