package main

// The warm-standby drill (`make test-ha`, README "Past one machine"): a
// primary (`stageshop serve` fenced by STAGESHOP_HA_FENCE, Litestream
// replicating beside it to VersityGW on loopback) and a standby following
// its replica with `litestream restore -f`. Shoppers order during the run;
// the primary's process is killed (its disk and Litestream live on), the
// standby promoted, and later the new primary's whole machine is lost
// (shop and Litestream killed at once) and a second standby promoted.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// haTiming is the fence's timing in the drill (STAGESHOP_HA_CHECK and
// _LEASE): promote waits lease + check + 1 s before the standby serves.
const (
	haCheck          = 500 * time.Millisecond
	haLease          = 2 * time.Second
	haFollowInterval = 200 * time.Millisecond
)

// haCluster is the drill's S3 and tools.
type haCluster struct {
	bin, litestream string
	g               *s3gw
	work            string
}

// fence is STAGESHOP_HA_FENCE: the replicas' prefix in the bucket.
func (c *haCluster) fence() string {
	q := url.Values{"endpoint": {c.g.endpoint}, "region": {s3Region}, "force-path-style": {"true"}}
	return "s3://" + s3Bucket + "/ha?" + q.Encode()
}

// replica is the URL of epoch's replica.
func (c *haCluster) replica(epoch string) string {
	return strings.Replace(c.fence(), "/ha?", "/ha/"+epoch+"/data.db?", 1)
}

// vars are the variables the drill sets for node's processes.
func (c *haCluster) vars(node string) []string {
	return []string{"STAGESHOP_HA_FENCE=" + c.fence(), "STAGESHOP_HA_NODE=" + node,
		"STAGESHOP_HA_CHECK=" + haCheck.String(), "STAGESHOP_HA_LEASE=" + haLease.String(),
		"LITESTREAM_ACCESS_KEY_ID=" + s3AccessKey, "LITESTREAM_SECRET_ACCESS_KEY=" + s3SecretKey}
}

// env is the environment of the shop, Litestream and the ha commands.
func (c *haCluster) env(node string) []string { return append(litestreamEnv(), c.vars(node)...) }

// run runs the shop's binary with args and returns its trimmed output.
func (c *haCluster) run(node string, args ...string) (string, error) {
	cmd := exec.Command(c.bin, args...)
	cmd.Env = c.env(node)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// proc is a process of the drill in its own process group.
type proc struct {
	cmd  *exec.Cmd
	log  *syncBuffer
	done chan struct{}
}

func (c *haCluster) start(node, name string, args ...string) (*proc, error) {
	p := &proc{cmd: exec.Command(name, args...), log: &syncBuffer{}, done: make(chan struct{})}
	p.cmd.Env = c.env(node)
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { _ = p.cmd.Wait(); close(p.done) }()
	return p, nil
}

// signal sends sig to the process group and waits (SIGKILL after 10 s).
func (p *proc) signal(sig syscall.Signal) {
	if p == nil {
		return
	}
	_ = syscall.Kill(-p.cmd.Process.Pid, sig)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		<-p.done
	}
}

// haNode is a primary: the shop and its Litestream, separate processes
// (so that the shop alone can die).
type haNode struct {
	name, dir, epoch string
	shop             *server
	ls               *proc
}

// startPrimary claims dir's epoch, starts Litestream replicating the
// database in dbDir (dir when empty; a LiteFS mount, STAGESHOP_DB_DIR, in
// the one drill) to that epoch's replica, then the shop with env added.
func (c *haCluster) startPrimary(name, dir, dbDir string, env ...string) (*haNode, error) {
	epoch, err := c.run(name, "ha", "epoch", "--dir", dir)
	if err != nil {
		return nil, fmt.Errorf("ha epoch: %v: %s", err, epoch)
	}
	n := &haNode{name: name, dir: dir, epoch: epoch}
	cfg := filepath.Join(c.work, name+"-litestream.yml")
	conf := fmt.Sprintf("dbs:\n  - path: %s\n    replica:\n      url: %s\n      sync-interval: 1s\n", filepath.Join(dir, "data.db"), c.replica(epoch))
	if dbDir != "" {
		// A LiteFS mount holds database files only: Litestream's own
		// files go beside the mount.
		conf = fmt.Sprintf("dbs:\n  - path: %s\n    meta-path: %s\n    replica:\n      url: %s\n      sync-interval: 1s\n",
			filepath.Join(dbDir, "data.db"), filepath.Join(c.work, name+"-litestream-meta"), c.replica(epoch))
	}
	if err := os.WriteFile(cfg, []byte(conf), 0o600); err != nil {
		return nil, err
	}
	if n.ls, err = c.start(name, c.litestream, "replicate", "-config", cfg); err != nil {
		return nil, err
	}
	if n.shop, err = startServerEnv(c.bin, dir, append(c.vars(name), env...)); err != nil {
		n.ls.signal(syscall.SIGTERM)
		return nil, err
	}
	return n, nil
}

// stop ends the node's shop and Litestream gracefully.
func (n *haNode) stop() {
	if n != nil {
		n.shop.stop()
		n.ls.signal(syscall.SIGTERM)
	}
}

// follow starts a standby in dir following epoch's replica; it retries
// while the replica has no snapshot yet.
func (c *haCluster) follow(name, dir, epoch string) (*proc, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		p, err := c.start(name, c.litestream, "restore", "-f", "-follow-interval", haFollowInterval.String(), "-o", filepath.Join(dir, "data.db"), c.replica(epoch))
		if err != nil {
			return nil, err
		}
		select {
		case <-p.done:
			if time.Now().After(deadline) {
				return nil, fmt.Errorf("litestream restore -f: %s", p.log.String())
			}
			_ = os.Remove(filepath.Join(dir, "data.db"))
			time.Sleep(500 * time.Millisecond)
			continue
		case <-time.After(2 * time.Second): // still following
		}
		if _, err := os.Stat(filepath.Join(dir, "data.db")); err == nil {
			return p, nil
		}
	}
}

// failover promotes the standby in dir, stops its follower and starts it
// as the primary.
func (c *haCluster) failover(name, dir string, follower *proc) (*haNode, error) {
	if out, err := c.run(name, "promote", "--dir", dir, "--settle", "1s"); err != nil {
		return nil, fmt.Errorf("promote: %v: %s", err, out)
	}
	follower.signal(syscall.SIGTERM)
	return c.startPrimary(name, dir, "")
}

// ack is an order a shopper got a 201 for, and when.
type ack struct {
	id, base string
	at       time.Time
}

// haLoad is the shoppers: each adds one unit and places the order, again
// and again, against whichever node base names now.
type haLoad struct {
	base   atomic.Pointer[string]
	mu     sync.Mutex
	acks   []ack
	by     map[string]int // 201s by node address
	errors map[int]int    // answers other than 200/201, by status
	errAt  []time.Time    // when each of those came
}

func (l *haLoad) point(addr string) { s := "http://" + addr; l.base.Store(&s) }

// run drives customers until ctx ends; connection errors (a dead node)
// are retried after a short pause, as a shopper's app would.
func (l *haLoad) run(ctx context.Context, customers []customer, products []string) {
	client := newClient(len(customers))
	defer client.CloseIdleConnections()
	var wg sync.WaitGroup
	for w := range customers {
		wg.Add(1)
		go func(c *customer) {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				base := *l.base.Load()
				st, body, _, err := call(ctx, client, base, c, http.MethodPost, "/api/cart/items", map[string]any{"productId": products[(i*31+w)%len(products)], "quantity": 1})
				if err == nil && st == http.StatusOK {
					st, body, _, err = call(ctx, client, base, c, http.MethodPost, "/api/checkout/create-order", checkoutBody(c))
				}
				if err != nil {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				l.record(base, st, body)
				if st == http.StatusServiceUnavailable {
					time.Sleep(200 * time.Millisecond) // Retry-After: the app waits too
				}
			}
		}(&customers[w])
	}
	wg.Wait()
}

func (l *haLoad) record(base string, st int, body []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if st == http.StatusCreated {
		var o struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(body, &o) == nil && o.ID != "" {
			l.acks = append(l.acks, ack{o.ID, base, time.Now()})
			l.by[base]++
			return
		}
	}
	if st != http.StatusOK {
		l.errors[st]++
		l.errAt = append(l.errAt, time.Now())
	}
}

// firstAckFrom is the time of the first 201 from addr after t (zero:
// none).
func (l *haLoad) firstAckFrom(addr string, t time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, a := range l.acks {
		if a.base == "http://"+addr && a.at.After(t) {
			return a.at
		}
	}
	return time.Time{}
}

// acked is a copy of the acknowledged orders.
func (l *haLoad) acked() []ack {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]ack(nil), l.acks...)
}
