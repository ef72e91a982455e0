package main

// Ops section "restore": Litestream replicates the database to S3
// (VersityGW on loopback) as a sidecar (`litestream replicate -exec
// "stageshop serve ..."`) during the checkout load; the machine is lost
// (SIGKILL to both, the data dir wiped); the database is restored from S3
// and the shop started again. Reported: restore time, the orders that were
// acknowledged before the kill but are missing after the restore (the RPO,
// measured), and the crash test's integrity checks.

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
	"sync"
	"syscall"
	"time"
)

// litestreamConfig is the config of the README, for data dir dir.
func litestreamConfig(dir string, g *s3gw, syncInterval time.Duration) string {
	return fmt.Sprintf(`# Litestream replicates the shop's database to S3 (auxiliary.db holds
# only PocketBase's logs and is not replicated).
dbs:
  - path: %s
    replica:
      type: s3
      bucket: %s
      path: stageshop/data.db
      endpoint: %s
      region: %s
      force-path-style: true
      access-key-id: %s
      secret-access-key: %s
      sync-interval: %s
`, filepath.Join(dir, "data.db"), s3Bucket, g.endpoint, s3Region, s3AccessKey, s3SecretKey, syncInterval)
}

// restoreResult is the section's figures.
type restoreResult struct {
	version        string
	syncInterval   time.Duration
	loadFor        time.Duration
	acked, missing int
	serverErrors   int           // 5xx answers during the load
	longestGap     time.Duration // longest time without an acknowledged order
	restore        time.Duration // litestream restore, wiped dir to data.db
	restart        time.Duration // stageshop serve until /api/health answers
	replicaObjects int
	check          integrity
}

// litestreamEnv is the environment for litestream: AWS_CA_BUNDLE (set on
// some machines for other tools) would make it load a CA file for a plain
// http endpoint and fail.
func litestreamEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "AWS_CA_BUNDLE=") {
			env = append(env, kv)
		}
	}
	return env
}

// sidecar is `litestream replicate -exec "stageshop serve"`, in its own
// process group so that one SIGKILL takes both, as a lost machine would.
type sidecar struct {
	cmd  *exec.Cmd
	log  *syncBuffer
	addr string
}

func startSidecar(litestream, bin, dir, cfg string) (*sidecar, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &sidecar{log: &syncBuffer{}, addr: "127.0.0.1:" + strconv.Itoa(port)}
	serve := fmt.Sprintf("%s serve --http %s --dir %s", bin, s.addr, dir)
	s.cmd = exec.Command(litestream, "replicate", "-config", cfg, "-exec", serve)
	s.cmd.Env = litestreamEnv()
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	if waitHealthy(s.addr, 60*time.Second) {
		return s, nil
	}
	s.kill()
	return nil, fmt.Errorf("the sidecar did not serve in 60 s: %s", s.log.String())
}

// kill SIGKILLs litestream and the shop together.
func (s *sidecar) kill() {
	_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	_ = s.cmd.Wait()
}

// orderLoad is what the checkout load through the sidecar saw: the ids of
// the orders acknowledged (201), the 5xx answers, and the longest time
// without an acknowledged order (a stalled writer shows there).
type orderLoad struct {
	mu           sync.Mutex
	ids          []string
	serverErrors int
	last         time.Time
	longestGap   time.Duration
}

// record notes one answer to a request of the load.
func (l *orderLoad) record(st int, body []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if st >= 500 {
		l.serverErrors++
	}
	var o struct {
		ID string `json:"id"`
	}
	if st != http.StatusCreated || json.Unmarshal(body, &o) != nil {
		return
	}
	l.ids = append(l.ids, o.ID)
	if gap := time.Since(l.last); gap > l.longestGap {
		l.longestGap = gap
	}
	l.last = time.Now()
}

// ackedOrders runs the checkout load (add one unit, place the order) for
// every customer until ctx ends.
func ackedOrders(ctx context.Context, base string, customers []customer, products []string) *orderLoad {
	client := newClient(len(customers))
	defer client.CloseIdleConnections()
	load := &orderLoad{last: time.Now()}
	var wg sync.WaitGroup
	for w := range customers {
		wg.Add(1)
		go func(c *customer) {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				pid := products[(i*31+w)%len(products)]
				st, body, _, err := call(ctx, client, base, c, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": 1})
				if err == nil && st == http.StatusOK {
					st, body, _, err = call(ctx, client, base, c, http.MethodPost, "/api/checkout/create-order", checkoutBody(c))
				}
				if err == nil {
					load.record(st, body)
				}
			}
		}(&customers[w])
	}
	wg.Wait()
	load.mu.Lock()
	defer load.mu.Unlock()
	if gap := time.Since(load.last); gap > load.longestGap {
		load.longestGap = gap // the load ended in a stall
	}
	return load
}

// litestreamAndS3 finds Litestream on PATH and starts VersityGW in
// work/s3: what the restore section and the standby drill run on.
func litestreamAndS3(work string) (string, *s3gw, error) {
	litestream, err := exec.LookPath("litestream")
	if err != nil {
		return "", nil, fmt.Errorf("litestream not on PATH: run scripts/ensure-ops-tools.sh: %w", err)
	}
	g, err := startS3(filepath.Join(work, "s3"))
	return litestream, g, err
}

// restoreBench runs the section once with the given sync interval. The
// machine is lost settle after the load ends, or during the load when
// settle is 0 (the bench: the RPO under load; the test waits a few sync
// intervals, after which nothing acknowledged may be missing).
func restoreBench(bin, work string, loadFor, settle, syncInterval time.Duration) (*restoreResult, error) {
	litestream, g, err := litestreamAndS3(work)
	if err != nil {
		return nil, err
	}
	defer g.stop()
	dir := filepath.Join(work, "shop")
	f, err := setupShop(bin, dir, false, 200, 16, 0, 0)
	if err != nil {
		return nil, err
	}
	cfg := filepath.Join(work, "litestream.yml")
	if err := os.WriteFile(cfg, []byte(litestreamConfig(dir, g, syncInterval)), 0o600); err != nil {
		return nil, err
	}
	res := &restoreResult{syncInterval: syncInterval, loadFor: loadFor}
	if out, err := exec.Command(litestream, "version").Output(); err == nil {
		res.version = strings.TrimSpace(string(out))
	}
	side, err := startSidecar(litestream, bin, dir, cfg)
	if err != nil {
		return nil, err
	}
	log.Printf("restore: checkout load for %s through the sidecar, sync interval %s", loadFor, syncInterval)
	load := loadThenKill(side, f, loadFor, settle)
	acked := load.ids
	res.acked, res.serverErrors, res.longestGap = len(acked), load.serverErrors, load.longestGap

	log.Printf("restore: %d orders acknowledged; wiping %s and restoring from S3", res.acked, dir)
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	res.replicaObjects = len(g.objects(""))
	if err := restoreAndStart(litestream, bin, cfg, dir, res); err != nil {
		return nil, err
	}
	if res.missing, err = missingOrders(dir, acked); err != nil {
		return nil, err
	}
	res.check, err = checkIntegrity(dir, f.initial)
	return res, err
}

// loadThenKill runs the checkout load through side for loadFor, kills it
// settle after the load ends (0: during the load), and returns the ids of
// the orders acknowledged.
func loadThenKill(side *sidecar, f *shopFixture, loadFor, settle time.Duration) *orderLoad {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan *orderLoad, 1)
	go func() { done <- ackedOrders(ctx, "http://"+side.addr, f.customers, f.plenty) }()
	time.Sleep(loadFor)
	if settle > 0 {
		cancel()
		acked := <-done
		time.Sleep(settle)
		side.kill()
		return acked
	}
	side.kill()
	cancel()
	return <-done
}

// restoreAndStart restores dir's database from S3 and starts the shop on
// it once (to time the start), recording both durations in res.
func restoreAndStart(litestream, bin, cfg, dir string, res *restoreResult) error {
	t0 := time.Now()
	restore := exec.Command(litestream, "restore", "-config", cfg, filepath.Join(dir, "data.db"))
	restore.Env = litestreamEnv()
	if out, err := restore.CombinedOutput(); err != nil {
		return fmt.Errorf("litestream restore: %v\n%s", err, out)
	}
	res.restore = time.Since(t0)
	t0 = time.Now()
	srv, err := startServer(bin, dir)
	if err != nil {
		return err
	}
	res.restart = time.Since(t0)
	srv.stop()
	return nil
}

// missingOrders counts the ids that are not in the data dir's orders.
func missingOrders(dir string, ids []string) (int, error) {
	db, err := openDB(dir)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	missing := 0
	for _, id := range ids {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM orders WHERE id = ?`, id).Scan(&n); err != nil {
			return 0, err
		}
		if n == 0 {
			missing++
		}
	}
	return missing, nil
}

// restoreMarkdown renders the section: one column per sync interval.
func restoreMarkdown(runs []*restoreResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Litestream %s as a sidecar (`litestream replicate -exec \"stageshop serve ...\"`) replicating `data.db` to VersityGW (S3 API, posix backend) on loopback. Checkout load (16 customers: add one unit, place the order) for %s, then SIGKILL to Litestream and the shop together (a lost machine), the data dir deleted, `litestream restore`, `stageshop serve`. One run per sync interval.\n\n",
		runs[0].version, runs[0].loadFor)
	b.WriteString("| figure |")
	for _, r := range runs {
		fmt.Fprintf(&b, " sync-interval %s |", r.syncInterval)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(runs)) + "\n")
	row := func(name string, cell func(r *restoreResult) string) {
		b.WriteString("| " + name + " |")
		for _, r := range runs {
			b.WriteString(" " + cell(r) + " |")
		}
		b.WriteString("\n")
	}
	row("orders acknowledged (201) before the kill", func(r *restoreResult) string { return fmt.Sprint(r.acked) })
	row("of those, missing after the restore (RPO, measured)", func(r *restoreResult) string { return fmt.Sprintf("**%d**", r.missing) })
	row("5xx answers during the load", func(r *restoreResult) string { return fmt.Sprint(r.serverErrors) })
	row("longest time without an acknowledged order", func(r *restoreResult) string { return r.longestGap.Round(time.Millisecond).String() })
	row("objects in the bucket at the restore", func(r *restoreResult) string { return fmt.Sprint(r.replicaObjects) })
	row("restore time (`litestream restore`)", func(r *restoreResult) string { return r.restore.Round(time.Millisecond).String() })
	row("start after the restore (until /api/health)", func(r *restoreResult) string { return r.restart.Round(time.Millisecond).String() })
	row("integrity checks (as in section 5)", func(r *restoreResult) string { return pass(r.check.ok()) })
	b.WriteString("\nIntegrity details: ")
	for i, r := range runs {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: %s", r.syncInterval, r.check)
	}
	b.WriteString(".\n")
	return b.String()
}
