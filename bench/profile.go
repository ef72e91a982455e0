package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"

	shopserver "stageshop/internal/server"
	"stageshop/internal/sqlitecache"
)

// profileServer serves data dir dir in this process with the same hooks
// and routes as the binary (the binary has no pprof endpoint), runs a load
// of conns connections on each path for d while a CPU profile is taken, and
// writes out/cpu-<n>.prof and out/heap-<n>.prof. Read them with
// `go tool pprof -top out/cpu-1.prof`.
//
// dbConns > 0 sets PocketBase's DataMaxOpenConns and DataMaxIdleConns to it
// (the binary uses PocketBase's defaults, 120 and 15), to try the pool size.
func profileServer(dir, public string, paths []string, conns, dbConns int, d time.Duration, outDir string) error {
	base, err := serveInProcess(dir, public, dbConns)
	if err != nil {
		return err
	}
	for i, p := range paths {
		if p == "cart" {
			if err := profileCart(base, dir, d, outDir, i+1); err != nil {
				return err
			}
			continue
		}
		client := newClient(conns)
		hammer(context.Background(), p, client, conns, time.Second, 1<<40, getTarget(base, p), is2xx)
		cpu := filepath.Join(outDir, fmt.Sprintf("cpu-%d.prof", i+1))
		f, err := os.Create(cpu)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return err
		}
		st := hammer(context.Background(), p, client, conns, d, 1<<40, getTarget(base, p), is2xx)
		pprof.StopCPUProfile()
		f.Close()
		client.CloseIdleConnections()
		runtime.GC()
		h, err := os.Create(filepath.Join(outDir, fmt.Sprintf("heap-%d.prof", i+1)))
		if err != nil {
			return err
		}
		_ = pprof.Lookup("allocs").WriteTo(h, 0)
		h.Close()
		// Peak RSS against the Go heap tells SQLite's memory (modernc's
		// allocator, outside the Go heap) from Go's.
		var mem runtime.MemStats
		runtime.ReadMemStats(&mem)
		log.Printf("profile %d: %s: %.0f req/s (in-process, client in the same process), p50 %s ms; %s; peak RSS so far %d MB, Go heap from the OS %d MB",
			i+1, p, st.rps(), ms(st.pct(50)), cpu, procPeakRSS(os.Getpid())>>20, mem.HeapSys>>20)
	}
	return nil
}

// serveInProcess serves data dir dir with the binary's hooks and routes on
// a free loopback port and returns its base URL once it answers.
func serveInProcess(dir, public string, dbConns int) (string, error) {
	app := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: dir, HideStartBanner: true,
		DataMaxOpenConns: dbConns, DataMaxIdleConns: dbConns, DBConnect: sqlitecache.Connect})
	shopserver.Register(app, os.DirFS(public)) // as main.go does
	if err := app.Bootstrap(); err != nil {
		return "", err
	}
	port, err := freePort()
	if err != nil {
		return "", err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	go func() {
		if err := apis.Serve(app, apis.ServeConfig{HttpAddr: addr}); err != nil && err != http.ErrServerClosed {
			log.Printf("in-process server: %v", err)
		}
	}()
	if !waitHealthy(addr, 10*time.Second) {
		return "", fmt.Errorf("in-process server did not start")
	}
	return "http://" + addr, nil
}

// profileCart profiles test 3's cart and checkout loop; dir must be a shop
// data dir made by -profile-setup (its customers are in customers.json).
func profileCart(base, dir string, d time.Duration, outDir string, n int) error {
	b, err := os.ReadFile(filepath.Join(dir, "bench-fixture.json"))
	if err != nil {
		return fmt.Errorf("cart profile needs a data dir made with -profile-setup: %w", err)
	}
	var f struct {
		Customers []customer
		Plenty    []string
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	cpu := filepath.Join(outDir, fmt.Sprintf("cpu-%d.prof", n))
	out, err := os.Create(cpu)
	if err != nil {
		return err
	}
	defer out.Close()
	if err := pprof.StartCPUProfile(out); err != nil {
		return err
	}
	res := cartLoad(context.Background(), base, f.Customers, f.Plenty, d, false)
	pprof.StopCPUProfile()
	log.Printf("profile %d: cart: %d orders in %s, p50 %s ms, %d unexpected; %s", n, res.Orders, res.Duration.Round(time.Second), ms(res.All.pct(50)), res.Unexpected, cpu)
	return nil
}

// profileSetup makes a shop data dir for `-profile DIR -paths cart`.
func profileSetup(bin, dir string) error {
	f, err := setupShop(bin, dir, false, 1_000, 100, 0, 0)
	if err != nil {
		return err
	}
	b, err := json.Marshal(map[string]any{"Customers": f.customers, "Plenty": f.plenty})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "bench-fixture.json"), b, 0o644)
}

// profileMain handles `go run . -profile DIR`: DIR is a kept data dir (-keep -work).
func profileMain(dir, public, pathList string, conns, dbConns int, d time.Duration) error {
	outDir, _ := filepath.Abs("out")
	_ = os.MkdirAll(outDir, 0o755)
	return profileServer(dir, public, strings.Split(pathList, ","), conns, dbConns, d, outDir)
}
