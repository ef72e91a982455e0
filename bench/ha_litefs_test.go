//go:build ha

package main

// The LiteFS nodes of the one drill (ha_drill_test.go): a node's mount,
// its LiteFS and its shop, and the catalog's read throughput.

import (
	"context"
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

// startLiteFS mounts node name's LiteFS: the primary (the static lease's
// candidate) when primaryAPI is empty, else a replica of primaryAPI. A
// primary taking over a cluster is given its cluster id (LiteFS's replicas
// refuse a primary with another).
func startLiteFS(t *testing.T, work, name, primaryAPI, clusterID string) *liteNode {
	t.Helper()
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	n := &liteNode{name: name, api: "http://127.0.0.1:" + strconv.Itoa(port), litefsLog: &syncBuffer{}}
	base := filepath.Join(work, n.name)
	n.mnt, n.dir = filepath.Join(base, "mnt"), filepath.Join(base, "pb")
	for _, d := range []string{n.mnt, n.dir, filepath.Join(base, "lfs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if clusterID != "" {
		if err := os.WriteFile(filepath.Join(base, "lfs", "clusterid"), []byte(clusterID), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	advertise := primaryAPI
	if primaryAPI == "" {
		advertise = n.api
	}
	conf := fmt.Sprintf("fuse:\n  dir: %s\ndata:\n  dir: %s\nlease:\n  type: static\n  candidate: %t\n  advertise-url: %s\nhttp:\n  addr: 127.0.0.1:%d\n",
		n.mnt, filepath.Join(base, "lfs"), primaryAPI == "", advertise, port)
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
