//go:build ha

package main

// The read replicas' drill (`make test-ha`, README "Past one machine"):
// three LiteFS nodes on loopback (node 1 the primary by a static lease),
// each with a StageShop on its own copy of data.db. Shoppers read on the
// replicas and order through them (forwarded to the primary); a price the
// primary's admin changes reaches a replica within a bound; the catalog's
// read throughput on one node against three, the forwarding's cost and the
// replication lag are printed.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// liteNode is one LiteFS node: its mount, its LiteFS and its shop.
type liteNode struct {
	name, mnt, dir, api string
	litefs              *exec.Cmd
	litefsLog           *syncBuffer
	shop                *server
}

// startLiteFS mounts node i's LiteFS; node 0 is the primary (the static
// lease's candidate), the others replicas of primaryAPI.
func startLiteFS(t *testing.T, work string, i int, primaryAPI string) *liteNode {
	t.Helper()
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	n := &liteNode{name: fmt.Sprintf("n%d", i+1), api: "http://127.0.0.1:" + strconv.Itoa(port), litefsLog: &syncBuffer{}}
	base := filepath.Join(work, n.name)
	n.mnt, n.dir = filepath.Join(base, "mnt"), filepath.Join(base, "pb")
	for _, d := range []string{n.mnt, n.dir, filepath.Join(base, "lfs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	advertise := primaryAPI
	if i == 0 {
		advertise = n.api
	}
	conf := fmt.Sprintf("fuse:\n  dir: %s\ndata:\n  dir: %s\nlease:\n  type: static\n  candidate: %t\n  advertise-url: %s\nhttp:\n  addr: 127.0.0.1:%d\n",
		n.mnt, filepath.Join(base, "lfs"), i == 0, advertise, port)
	cfg := filepath.Join(base, "litefs.yml")
	if err := os.WriteFile(cfg, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	n.litefs = exec.Command("litefs", "mount", "-config", cfg)
	n.litefs.Stdout, n.litefs.Stderr = n.litefsLog, n.litefsLog
	n.litefs.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := n.litefs.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = n.litefs.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = n.litefs.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = n.litefs.Process.Kill()
		}
		_ = exec.Command("fusermount3", "-u", n.mnt).Run()
	})
	waitFor(t, n.name+"'s LiteFS ready", 30*time.Second, func() bool {
		return strings.Contains(n.litefsLog.String(), "connected to cluster, ready")
	}, n.litefsLog)
	return n
}

// waitFor polls ok until it holds or within passes.
func waitFor(t *testing.T, what string, within time.Duration, ok func() bool, log fmt.Stringer) time.Duration {
	t.Helper()
	start := time.Now()
	for !ok() {
		if time.Since(start) > within {
			t.Fatalf("%s: not within %s; log:\n%s", what, within, log)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

type strLog string

func (s strLog) String() string { return string(s) }

// readRate is the catalog's GET req/s over d with conns clients spread
// over the nodes' addresses.
func readRate(addrs []string, conns int, d time.Duration) (float64, int) {
	client := newClient(conns)
	defer client.CloseIdleConnections()
	var n, bad atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var wg sync.WaitGroup
	paths := []string{"/api/products", "/api/products?page=2", "/api/products?search=cable", "/api/products/categories"}
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				st, _, _, err := call(ctx, client, "http://"+addrs[w%len(addrs)], nil, http.MethodGet, paths[(i+w)%len(paths)], nil)
				if ctx.Err() != nil {
					return
				}
				if err != nil || st != http.StatusOK {
					bad.Add(1)
					continue
				}
				n.Add(1)
			}
		}()
	}
	wg.Wait()
	return float64(n.Load()) / d.Seconds(), int(bad.Load())
}

// medianDur is the median of ds (it sorts ds).
func medianDur(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}

// Three LiteFS nodes: shoppers read on the replicas and order through them
// (every write forwarded to the primary: no 500, every 201's order is in
// the primary's data.db); a price the primary's admin changed is served by
// a replica within 5 s; the figures go to bench/RESULTS.md by hand.
func TestHALiteFSReplicas(t *testing.T) {
	if _, err := exec.LookPath("litefs"); err != nil {
		t.Fatal("litefs not on PATH: run scripts/ensure-litefs.sh (make test-ha does)")
	}
	bin := shopBinary(t)
	work := t.TempDir()
	// The demo catalog too: an admin's edit needs a product with a picture.
	f, err := setupShop(bin, filepath.Join(work, "seed"), true, 200, 16, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	// One admin, to change a price on the primary.
	app, err := openApp(f.dir)
	if err != nil {
		t.Fatal(err)
	}
	var product string
	admins, err := createCustomers(app, "admin", 1)
	if err == nil {
		err = app.DB().NewQuery(`SELECT id FROM products WHERE imageFileNames != '[]' AND isActive = 1 LIMIT 1`).Row(&product)
	}
	if err == nil {
		_, err = app.DB().NewQuery(`UPDATE users SET roles = '["Admin"]' WHERE id = {:id}`).Bind(map[string]any{"id": admins[0].ID}).Execute()
	}
	closeApp(app)
	if err != nil {
		t.Fatal(err)
	}

	nodes := []*liteNode{startLiteFS(t, work, 0, "")}
	for i := 1; i < 3; i++ {
		nodes = append(nodes, startLiteFS(t, work, i, nodes[0].api))
	}
	// The shop's data.db into the cluster, through the primary's LiteFS.
	if out, err := exec.Command("litefs", "import", "-url", nodes[0].api, "-name", "data.db", filepath.Join(f.dir, "data.db")).CombinedOutput(); err != nil {
		t.Fatalf("litefs import: %v: %s", err, out)
	}
	for _, n := range nodes {
		// Uploads are not in LiteFS (a shop with replicas keeps them in S3:
		// Settings > Files storage); the drill copies them.
		if _, err := os.Stat(filepath.Join(f.dir, "storage")); err != nil {
			// no uploads
		} else if out, err := exec.Command("cp", "-a", filepath.Join(f.dir, "storage"), n.dir).CombinedOutput(); err != nil {
			t.Fatalf("copy uploads: %v: %s", err, out)
		}
		waitFor(t, n.name+"'s data.db", 30*time.Second, func() bool {
			_, err := os.Stat(filepath.Join(n.mnt, "data.db"))
			return err == nil
		}, n.litefsLog)
	}
	env := func(n *liteNode) []string {
		e := []string{"STAGESHOP_DB_DIR=" + n.mnt, "STAGESHOP_REPLICA_POLL=100ms"}
		if n != nodes[0] {
			e = append(e, "STAGESHOP_PRIMARY_URL=http://"+nodes[0].shop.addr)
		}
		return e
	}
	for _, n := range nodes {
		if n.shop, err = startServerEnv(bin, n.dir, env(n)); err != nil {
			t.Fatalf("%s: %v", n.name, err)
		}
		t.Cleanup(n.shop.stop)
	}
	addrs := []string{nodes[0].shop.addr, nodes[1].shop.addr, nodes[2].shop.addr}

	// Read throughput: the catalog on the primary alone, then on all three.
	const readFor, conns = 4 * time.Second, 24
	one, bad1 := readRate(addrs[:1], conns, readFor)
	three, bad3 := readRate(addrs, conns, readFor)

	// Forwarding: a cart write straight to the primary against through a
	// replica (sequential, one shopper).
	client := newClient(4)
	ctx := context.Background()
	c := &f.customers[0]
	lat := map[string][]time.Duration{}
	for i := range 40 {
		for _, a := range []string{addrs[0], addrs[1]} {
			st, body, d, err := call(ctx, client, "http://"+a, c, http.MethodPost, "/api/cart/items", map[string]any{"productId": f.plenty[i%len(f.plenty)], "quantity": 1})
			if err != nil || st != http.StatusOK {
				t.Fatalf("cart write on %s: %d %v %s", a, st, err, body)
			}
			lat[a] = append(lat[a], d)
		}
	}
	_, _, _, _ = call(ctx, client, "http://"+addrs[0], c, http.MethodDelete, "/api/cart", nil)

	// Shoppers order through the two replicas.
	load := &haLoad{by: map[string]int{}, errors: map[int]int{}}
	load.point(addrs[1])
	lctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { load.run(lctx, f.customers[1:], f.plenty); close(done) }()
	time.Sleep(2 * time.Second)
	load.point(addrs[2])

	// Replication lag: the admin changes a price on the primary; how long
	// until each replica serves it (the load goes on).
	admin := &admins[0]
	var lags []time.Duration
	for round := range 5 {
		price := fmt.Sprintf("%d.%02d", 100+round, 17+round)
		st, body, _, err := call(ctx, client, "http://"+addrs[0], admin, http.MethodPut, "/api/products/"+product, map[string]any{"price": json.Number(price)})
		if err != nil || st != http.StatusOK {
			t.Fatalf("price change on the primary: %d %v %s", st, err, body)
		}
		changed := time.Now()
		for _, a := range addrs[1:] {
			waitFor(t, "the new price on replica "+a, 5*time.Second, func() bool {
				st, body, _, err := call(ctx, client, "http://"+a, nil, http.MethodGet, "/api/products/"+product, nil)
				return err == nil && st == 200 && strings.Contains(string(body), `"price":`+price)
			}, strLog("(the replica kept the old price)"))
			lags = append(lags, time.Since(changed))
		}
	}
	cancel()
	<-done

	acks := load.acked()
	missing, err := missingAcks(nodes[0].mnt, acks)
	if err != nil {
		t.Fatal(err)
	}
	_, twice, err := storedExtra(nodes[0].mnt, acks)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("litefs: catalog reads %.0f req/s on 1 node, %.0f req/s on 3 (%d conns, %s each; errors %d, %d)\n", one, three, conns, readFor, bad1, bad3)
	fmt.Printf("litefs: cart write median %.1f ms on the primary, %.1f ms forwarded by a replica\n",
		float64(medianDur(lat[addrs[0]]).Microseconds())/1000, float64(medianDur(lat[addrs[1]]).Microseconds())/1000)
	fmt.Printf("litefs: orders through the replicas: %d acknowledged (%v), answers other than 200/201: %v, missing on the primary: %d, twice: %d\n", len(acks), load.by, load.errors, len(missing), twice)
	med := medianDur(lags) // sorts lags
	fmt.Printf("litefs: a price change reached the replicas in median %.0f ms, max %.0f ms (poll 100 ms, under the order load)\n",
		float64(med.Microseconds())/1000, float64(lags[len(lags)-1].Microseconds())/1000)
	if len(acks) == 0 {
		t.Fatal("no order was acknowledged through a replica")
	}
	if len(missing) != 0 || twice != 0 {
		t.Errorf("%d acknowledged orders missing on the primary, %d twice", len(missing), twice)
	}
	if load.errors[500] > 0 || bad1+bad3 > 0 {
		t.Errorf("%d answers 500; %d failed reads", load.errors[500], bad1+bad3)
	}
}
