//go:build ha

package main

// The one drill of issue 51 (`make test-ha`, README "Past one machine"):
// three LiteFS nodes on loopback (n1 the primary by a static lease, n2 and
// n3 read replicas) and a Litestream standby following n1's replica in S3
// (VersityGW). Shoppers read the catalog on the replicas and order through
// them (their writes forwarded to the primary); n1's shop process is
// killed mid-load (its LiteFS, disk and Litestream live on), the standby
// is promoted and becomes the cluster's new LiteFS primary, and the two
// addresses an operator moves at a failover (the primary's StageShop URL
// the replicas forward to, the LiteFS URL they stream from) are pointed at
// it.

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
	"syscall"
	"testing"
	"time"
)

// oneDrill is what TestHADrill runs on.
type oneDrill struct {
	t                   *testing.T
	c                   *haCluster
	f                   *shopFixture
	admin               customer
	product, name       string       // the product whose price the admin changes, and its name
	nodes               []*liteNode  // n1 (the primary until the kill), n2, n3 (replicas)
	shopFront, lfsFront *switchProxy // the primary's StageShop and LiteFS, as the replicas reach them
	primary             *haNode      // the shop (and Litestream) of the current epoch
	primaryDB           string       // its database's directory (a LiteFS mount)
	primaryFS           *liteNode    // its LiteFS node
	lags                []time.Duration
}

// env are a shop's variables on node n of the cluster.
func (d *oneDrill) env(n *liteNode, replica bool) []string {
	e := []string{"STAGESHOP_DB_DIR=" + n.mnt, "STAGESHOP_REPLICA_POLL=100ms"}
	if replica {
		e = append(e, "STAGESHOP_PRIMARY_URL=http://"+d.shopFront.addr())
	}
	return e
}

// seedAdmin adds an Admin to the shop in dir and picks an active product
// with a picture (an admin's edit needs one): its id and name.
func seedAdmin(dir string) (customer, string, string, error) {
	app, err := openApp(dir)
	if err != nil {
		return customer{}, "", "", err
	}
	defer closeApp(app)
	var p struct {
		ID   string `db:"id"`
		Name string `db:"name"`
	}
	admins, err := createCustomers(app, "admin", 1)
	if err == nil {
		err = app.DB().NewQuery(`SELECT id, name FROM products WHERE imageFileNames != '[]' AND isActive = 1 LIMIT 1`).One(&p)
	}
	if err == nil {
		_, err = app.DB().NewQuery(`UPDATE users SET roles = '["Admin"]' WHERE id = {:id}`).Bind(map[string]any{"id": admins[0].ID}).Execute()
	}
	if err != nil {
		return customer{}, "", "", err
	}
	return admins[0], p.ID, p.Name, nil
}

// setupDrill starts S3, the three LiteFS nodes with the shop's data.db,
// the primary (fenced, Litestream replicating its mount's data.db), the
// two replicas and the standby.
func setupDrill(t *testing.T) *oneDrill {
	if _, err := exec.LookPath("litefs"); err != nil {
		t.Fatal("litefs not on PATH: run scripts/ensure-litefs.sh (make test-ha does)")
	}
	bin, work := shopBinary(t), t.TempDir()
	litestream, g, err := litestreamAndS3(work)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.stop)
	d := &oneDrill{t: t, c: &haCluster{bin: bin, litestream: litestream, g: g, work: work}}
	// The demo catalog too: an admin's edit needs a product with a picture.
	if d.f, err = setupShop(bin, filepath.Join(work, "seed"), true, 200, 16, 0, 0); err != nil {
		t.Fatal(err)
	}
	if d.admin, d.product, d.name, err = seedAdmin(d.f.dir); err != nil {
		t.Fatal(err)
	}
	n1 := startLiteFS(t, work, "n1", "", "")
	if d.lfsFront, err = newSwitchProxy(strings.TrimPrefix(n1.api, "http://")); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.lfsFront.close)
	d.nodes = []*liteNode{n1}
	for _, name := range []string{"n2", "n3"} {
		d.nodes = append(d.nodes, startLiteFS(t, work, name, "http://"+d.lfsFront.addr(), ""))
	}
	d.importDB(n1, filepath.Join(d.f.dir, "data.db"), d.nodes...)
	d.copyUploads(d.nodes[0].dir, d.nodes[1].dir, d.nodes[2].dir)
	d.startPrimary("n1", n1.dir, n1)
	if d.shopFront, err = newSwitchProxy(d.primary.shop.addr); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.shopFront.close)
	for _, n := range d.nodes[1:] {
		if n.shop, err = startServerEnv(bin, n.dir, d.env(n, true)); err != nil {
			t.Fatalf("%s: %v", n.name, err)
		}
		t.Cleanup(n.shop.stop)
	}
	return d
}

// follow starts the standby name following the current epoch's replica.
func (d *oneDrill) follow(name string) *proc {
	p, err := d.c.follow(name, filepath.Join(d.c.work, name), d.primary.epoch)
	if err != nil {
		d.t.Fatal(err)
	}
	d.t.Cleanup(func() { p.signal(syscall.SIGTERM) })
	return p
}

// importDB puts file into the cluster through primary's LiteFS and waits
// until every node in wait has it.
func (d *oneDrill) importDB(primary *liteNode, file string, wait ...*liteNode) {
	t := d.t
	if out, err := exec.Command("litefs", "import", "-url", primary.api, "-name", "data.db", file).CombinedOutput(); err != nil {
		t.Fatalf("litefs import: %v: %s", err, out)
	}
	for _, n := range wait {
		waitFor(t, n.name+"'s data.db", 30*time.Second, func() bool {
			_, err := os.Stat(filepath.Join(n.mnt, "data.db"))
			return err == nil
		}, n.litefsLog)
	}
}

// copyUploads copies the shop's uploads into each data dir: they are not
// in LiteFS or Litestream (a shop with replicas keeps them in S3, Settings
// > Files storage).
func (d *oneDrill) copyUploads(dirs ...string) {
	if _, err := os.Stat(filepath.Join(d.f.dir, "storage")); err != nil {
		return
	}
	for _, dir := range dirs {
		if out, err := exec.Command("cp", "-a", filepath.Join(d.f.dir, "storage"), dir).CombinedOutput(); err != nil {
			d.t.Fatalf("copy uploads: %v: %s", err, out)
		}
	}
}

// startPrimary claims the epoch in dir and starts Litestream and the shop
// on n's mount.
func (d *oneDrill) startPrimary(name, dir string, n *liteNode) {
	p, err := d.c.startPrimary(name, dir, n.mnt, d.env(n, false)...)
	if err != nil {
		d.t.Fatalf("the primary %s: %v", name, err)
	}
	d.t.Cleanup(p.stop)
	d.primary, d.primaryDB, d.primaryFS, n.shop = p, n.mnt, n, p.shop
}

// failover promotes the standby name (follower its Litestream) and makes
// it the cluster's LiteFS primary (the node lfs, given n1's cluster id),
// then points the replicas' two addresses at it. It returns when the new
// primary serves.
func (d *oneDrill) failover(name string, follower *proc, lfs string) {
	t, work := d.t, d.c.work
	sdir := filepath.Join(work, name)
	if out, err := d.c.run(name, "promote", "--dir", sdir, "--settle", "1s"); err != nil {
		t.Fatalf("promote: %v: %s", err, out)
	}
	follower.signal(syscall.SIGTERM)
	d.primary.ls.signal(syscall.SIGTERM) // the old machine is taken away
	id, err := os.ReadFile(filepath.Join(work, "n1", "lfs", "clusterid"))
	if err != nil {
		t.Fatal(err)
	}
	n := startLiteFS(t, work, lfs, "", strings.TrimSpace(string(id)))
	d.importDB(n, filepath.Join(sdir, "data.db"), n)
	d.copyUploads(sdir)
	d.startPrimary(name, sdir, n)
	d.lfsFront.point(strings.TrimPrefix(n.api, "http://"))
	d.shopFront.point(d.primary.shop.addr)
}

// machineDies kills the primary's shop, Litestream and LiteFS at once.
func (d *oneDrill) machineDies() {
	d.primary.shop.kill()
	d.primary.ls.signal(syscall.SIGKILL)
	_ = syscall.Kill(-d.primaryFS.litefs.Process.Pid, syscall.SIGKILL)
}

// priceReachesReplicas changes the product's price through a replica
// (forwarded to the primary) and waits until both replicas' search serves
// it; the lags go to d.lags.
func (d *oneDrill) priceReachesReplicas(client *http.Client, round int) {
	t, ctx := d.t, context.Background()
	price := fmt.Sprintf("%d.%02d", 100+round, 17+round)
	replicas := []string{d.nodes[1].shop.addr, d.nodes[2].shop.addr}
	st, body, _, err := call(ctx, client, "http://"+replicas[round%2], &d.admin, http.MethodPut, "/api/products/"+d.product, map[string]any{"price": json.Number(price)})
	if err != nil || st != http.StatusOK {
		t.Fatalf("price change through a replica: %d %v %s", st, err, body)
	}
	changed := time.Now()
	for _, a := range replicas {
		waitFor(t, "the new price in replica "+a+"'s search", 10*time.Second, func() bool {
			st, body, _, err := call(ctx, client, "http://"+a, nil, http.MethodGet, "/api/products?search="+url.QueryEscape(d.name), nil)
			return err == nil && st == 200 && strings.Contains(string(body), `"price":`+price)
		}, strLog("(the replica's search kept the old price)"))
		d.lags = append(d.lags, time.Since(changed))
	}
}

// catalogReader reads the catalog on the replicas until ctx ends,
// counting the answers by status (0: no answer).
type catalogReader struct {
	mu  sync.Mutex
	by  map[int]int
	bad []string
}

func (r *catalogReader) run(ctx context.Context, addrs []string) {
	client := newClient(4)
	defer client.CloseIdleConnections()
	paths := []string{"/api/products", "/api/products?search=cable", "/api/products/categories"}
	for i := 0; ctx.Err() == nil; i++ {
		st, body, _, err := call(ctx, client, "http://"+addrs[i%len(addrs)], nil, http.MethodGet, paths[i%len(paths)], nil)
		if ctx.Err() != nil {
			return
		}
		r.mu.Lock()
		r.by[st]++
		if err != nil || st != http.StatusOK {
			r.bad = append(r.bad, fmt.Sprintf("%s %d %v %.80s", paths[i%len(paths)], st, err, body))
		}
		r.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
}

// forwardLatency is the median of a cart write straight to the primary and
// through a replica (sequential, one shopper).
func (d *oneDrill) forwardLatency(client *http.Client) (direct, forwarded time.Duration) {
	c, ctx := &d.f.customers[0], context.Background()
	lat := [2][]time.Duration{}
	for i := range 40 {
		for k, a := range []string{d.primary.shop.addr, d.nodes[1].shop.addr} {
			st, body, took, err := call(ctx, client, "http://"+a, c, http.MethodPost, "/api/cart/items", map[string]any{"productId": d.f.plenty[i%len(d.f.plenty)], "quantity": 1})
			if err != nil || st != http.StatusOK {
				d.t.Fatalf("cart write on %s: %d %v %s", a, st, err, body)
			}
			lat[k] = append(lat[k], took)
		}
	}
	_, _, _, _ = call(ctx, client, "http://"+d.primary.shop.addr, c, http.MethodDelete, "/api/cart", nil)
	return medianDur(lat[0]), medianDur(lat[1])
}

// loadavg is the machine's load average (the first three fields).
func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// outage is one kill: when, and how long until a replica's shopper got a
// 201 from the promoted standby (RTO).
type outage struct {
	at  time.Time
	rto time.Duration
}

// kill runs die (a kill) mid-load, fails over to the standby name
// following from before, the cluster's new LiteFS node lfs, and measures
// the RTO.
func (d *oneDrill) kill(what string, die func(), standby *proc, name, lfs string, load *haLoad) outage {
	d.t.Logf("ha: %s (epoch %s)", what, d.primary.epoch)
	o := outage{at: time.Now()}
	die()
	d.failover(name, standby, lfs)
	var err error
	if o.rto, err = waitAck(load, d.nodes[1].shop.addr, o.at); err != nil {
		d.t.Fatal(err)
	}
	return o
}

// The one drill: the catalog on one node against three, shoppers reading
// and ordering through the replicas and the primary's address (moved at
// each failover), n1's shop process killed mid-load and
// the standby promoted to the cluster's new primary: every order a shopper
// got a 201 for is there (lost: 0). Later that primary's whole machine
// (shop, Litestream, LiteFS) dies and a second standby takes over: what is
// missing is at most the last sync interval's orders (RPO). None twice,
// stock adds up; the shoppers' only errors are 503s inside the outages
// (never a 500); the replicas' reads answer throughout; a price changed
// through a replica reaches both replicas' search on each primary.
func TestHADrill(t *testing.T) {
	d := setupDrill(t)
	start := loadavg()
	client := newClient(8)
	defer client.CloseIdleConnections()
	addrs := []string{d.primary.shop.addr, d.nodes[1].shop.addr, d.nodes[2].shop.addr}
	const readFor, conns = 4 * time.Second, 24
	one, bad1 := readRate(addrs[:1], conns, readFor)
	three, bad3 := readRate(addrs, conns, readFor)
	direct, forwarded := d.forwardLatency(client)
	standby := d.follow("s")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Five shoppers on each replica, five on the primary's address (the
	// name an operator moves at a failover).
	targets := []string{addrs[1], addrs[2], d.shopFront.addr()}
	loads := []*haLoad{}
	for range targets {
		loads = append(loads, &haLoad{by: map[string]int{}, errors: map[int]int{}})
	}
	reader := &catalogReader{by: map[int]int{}}
	var wg sync.WaitGroup
	for i, l := range loads {
		l.point(targets[i])
		wg.Add(1)
		go func() { defer wg.Done(); l.run(ctx, d.f.customers[1+i*5:6+i*5], d.f.plenty) }()
	}
	wg.Add(1)
	go func() { defer wg.Done(); reader.run(ctx, addrs[1:]) }()
	for round := range 2 {
		d.priceReachesReplicas(client, round)
	}
	time.Sleep(3 * time.Second)
	first := d.kill("SIGKILL to n1's shop process", d.primary.shop.kill, standby, "s", "n4", loads[0])
	for round := 2; round < 4; round++ {
		d.priceReachesReplicas(client, round)
	}
	var acks []ack
	for _, l := range loads {
		acks = append(acks, l.acked()...)
	}
	lost, err := countLost(d.primaryDB, acks, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	standby = d.follow("s2")
	time.Sleep(3 * time.Second)
	second := d.kill("SIGKILL to the primary's shop, Litestream and LiteFS together", d.machineDies, standby, "s2", "n5", loads[0])
	for round := 4; round < 6; round++ {
		d.priceReachesReplicas(client, round)
	}
	time.Sleep(2 * time.Second)
	cancel()
	wg.Wait()
	fmt.Printf("drill: load average %s at the start, %s at the end (2 cores)\n", start, loadavg())
	fmt.Printf("drill: catalog reads %.0f req/s on 1 node, %.0f req/s on 3 (%d conns, %s each; errors %d, %d)\n", one, three, conns, readFor, bad1, bad3)
	fmt.Printf("drill: cart write median %s ms on the primary, %s ms forwarded by a replica\n", ms(direct), ms(forwarded))
	fmt.Printf("lost: %d\n", lost)
	if lost != 0 {
		t.Errorf("%d acknowledged orders lost when only n1's shop process died", lost)
	}
	d.check(loads, reader, first, second)
}

// check counts and prints what the drill's shoppers got and the last
// primary holds.
func (d *oneDrill) check(loads []*haLoad, reader *catalogReader, first, second outage) {
	t := d.t
	var acks, before []ack
	errs, by := map[int]int{}, map[string]int{}
	outside := 0
	for _, l := range loads {
		acks = append(acks, l.acked()...)
		for st, n := range l.errors {
			errs[st] += n
		}
		for a, n := range l.by {
			by[a] += n
		}
		for _, at := range l.errAt {
			if !first.covers(at) && !second.covers(at) {
				outside++
			}
		}
	}
	for _, a := range acks {
		if a.at.Before(second.at) {
			before = append(before, a)
		}
	}
	missing, err := missingAcks(d.primaryDB, before)
	if err != nil {
		t.Fatal(err)
	}
	var rpo time.Duration
	if len(missing) > 0 {
		rpo = second.at.Sub(missing[0].at)
	}
	d.primary.shop.stop()
	extra, twice, err := storedExtra(d.primaryDB, acks)
	if err != nil {
		t.Fatal(err)
	}
	ok, err := checkIntegrity(d.primaryDB, d.f.initial)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("RTO: %.1f s (after the whole machine died: %.1f s)\n", first.rto.Seconds(), second.rto.Seconds())
	fmt.Printf("RPO: %.1f s (%d acknowledged orders missing after the whole machine died)\n", rpo.Seconds(), len(missing))
	fmt.Printf("drill: orders acknowledged through n2, n3 and the primary's address: %d (%v); stored without a 201: %d; acknowledged twice: %d\n", len(acks), by, extra, twice)
	fmt.Printf("drill: shoppers' answers other than 200/201: %v (%d outside the outages)\n", errs, outside)
	fmt.Printf("drill: catalog reads on the replicas through the run: %v\n", reader.by)
	fmt.Printf("drill: each replica's lag in ms, round by round (two on each primary): %v\n", msList(d.lags))
	med := medianDur(d.lags)
	fmt.Printf("drill: a price changed through a replica reached both replicas' search in median %s ms, max %s ms (poll 100 ms; 2 rounds on each primary)\n", ms(med), ms(d.lags[len(d.lags)-1]))
	fmt.Printf("drill: integrity on the last primary: %s\n", ok)
	if len(acks) == 0 || by["http://"+d.nodes[1].shop.addr] == 0 || by["http://"+d.nodes[2].shop.addr] == 0 || by["http://"+d.shopFront.addr()] == 0 {
		t.Fatalf("orders acknowledged through each replica and the primary's address: %v", by)
	}
	if twice != 0 || extra > 2*16 {
		t.Errorf("%d orders acknowledged twice, %d stored without a 201 (at most the shoppers' in flight at each kill)", twice, extra)
	}
	if rpo > 3*time.Second {
		t.Errorf("RPO %s, above three sync intervals of 1 s", rpo)
	}
	for st := range errs {
		if st != http.StatusServiceUnavailable {
			t.Errorf("shoppers got %d answers %d (only the outages' 503 primary_unavailable may come)", errs[st], st)
		}
	}
	if outside > 0 {
		t.Errorf("%d answers 503 outside the outages", outside)
	}
	if len(reader.bad) > 0 {
		t.Errorf("catalog reads on the replicas failed: %v; first: %v", reader.by, reader.bad[:min(3, len(reader.bad))])
	}
	if !ok.ok() {
		t.Errorf("integrity: %s", ok)
	}
}

// msList is ds in whole milliseconds.
func msList(ds []time.Duration) []int64 {
	out := make([]int64, len(ds))
	for i, d := range ds {
		out[i] = d.Milliseconds()
	}
	return out
}

// covers reports whether t falls in the outage (its RTO, and 2 s for the
// shoppers' last answers then in flight).
func (o outage) covers(t time.Time) bool {
	return !t.Before(o.at) && t.Before(o.at.Add(o.rto+2*time.Second))
}
