package main

import (
	"context"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// haResult is what the drill measured.
type haResult struct {
	acked         int           // orders acknowledged in the whole run
	lost          int           // acknowledged, missing after the promote (the shop's process died)
	extra         int           // orders stored that no shopper got a 201 for (in flight at a kill)
	twice         int           // order ids acknowledged twice
	rto           time.Duration // kill of the primary's process to the standby's first 201
	rpoOrders     int           // acknowledged, missing after the whole machine died
	rpo           time.Duration // kill to the earliest of those orders' 201 (0: none)
	rto2          time.Duration // the same RTO after the machine was lost
	refusedStart  string        // what the old primary said when started again
	refusedClaim  string        // what `ha epoch` said on the old primary
	check, check2 integrity
	statuses      map[int]int
}

// haDrill runs the drill in work with the shop's binary bin, the shoppers
// ordering for loadFor before each kill.
func haDrill(bin, work string, loadFor time.Duration) (*haResult, error) {
	litestream, g, err := litestreamAndS3(work)
	if err != nil {
		return nil, err
	}
	defer g.stop()
	c := &haCluster{bin: bin, litestream: litestream, g: g, work: work}
	f, err := setupShop(bin, filepath.Join(work, "a"), false, 200, 16, 0, 0)
	if err != nil {
		return nil, err
	}
	res := &haResult{}
	a, err := c.startPrimary("a", f.dir, "")
	if err != nil {
		return nil, err
	}
	defer a.stop()
	standby, err := c.follow("b", filepath.Join(work, "b"), a.epoch)
	if err != nil {
		return nil, err
	}
	defer standby.signal(syscall.SIGTERM)

	load := &haLoad{by: map[string]int{}, errors: map[int]int{}}
	load.point(a.shop.addr)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	loadDone := make(chan struct{})
	go func() { load.run(ctx, f.customers, f.plenty); close(loadDone) }()

	// 1. The primary's process dies; its disk and Litestream live on.
	b, err := c.processDies(a, standby, load, res, filepath.Join(work, "b"), loadFor)
	if b != nil {
		defer b.stop()
	}
	if err != nil {
		return nil, err
	}

	// 2. The new primary's whole machine dies: shop and Litestream at once.
	d, killed2, stop, err := c.machineDies(b, filepath.Join(work, "c"), loadFor)
	defer stop()
	if err != nil {
		return nil, err
	}
	load.point(d.shop.addr)
	if res.rto2, err = waitAck(load, d.shop.addr, killed2); err != nil {
		return nil, err
	}
	cancel()
	<-loadDone
	return finishHA(res, load, b, d, f.initial, killed2)
}

// processDies lets the shoppers order for loadFor, kills a's shop process
// (its disk and Litestream live on), promotes the standby in dir and
// records in res the RTO, what the old primary says when started again and
// the acknowledged orders lost after a further loadFor. The new primary is
// returned also with an error once it started, for the caller to stop.
func (c *haCluster) processDies(a *haNode, standby *proc, load *haLoad, res *haResult, dir string, loadFor time.Duration) (*haNode, error) {
	time.Sleep(loadFor)
	log.Printf("ha: SIGKILL to the primary's shop process (epoch %s)", a.epoch)
	killed := time.Now()
	a.shop.kill()
	b, err := c.failover("b", dir, standby)
	if err != nil {
		return nil, err
	}
	load.point(b.shop.addr)
	a.ls.signal(syscall.SIGTERM) // the old machine is taken away
	if res.rto, err = waitAck(load, b.shop.addr, killed); err != nil {
		return b, err
	}
	res.refusedStart, res.refusedClaim = oldPrimaryRefused(c, a)
	time.Sleep(loadFor)
	res.lost, err = countLost(b.dir, load.acked(), time.Now())
	return b, err
}

// machineDies starts a standby of b in dir, lets the shoppers order for
// loadFor, kills b's shop and Litestream together and promotes the standby.
// stop ends what it started, also on an error.
func (c *haCluster) machineDies(b *haNode, dir string, loadFor time.Duration) (*haNode, time.Time, func(), error) {
	var stops []func()
	stop := func() {
		for i := len(stops) - 1; i >= 0; i-- {
			stops[i]()
		}
	}
	standby, err := c.follow("c", dir, b.epoch)
	if err != nil {
		return nil, time.Time{}, stop, err
	}
	stops = append(stops, func() { standby.signal(syscall.SIGTERM) })
	time.Sleep(loadFor)
	log.Printf("ha: SIGKILL to the primary's shop and Litestream together (epoch %s)", b.epoch)
	killed := time.Now()
	b.shop.kill()
	b.ls.signal(syscall.SIGKILL)
	d, err := c.failover("c", dir, standby)
	if err != nil {
		return nil, killed, stop, err
	}
	stops = append(stops, d.stop)
	return d, killed, stop, nil
}

// finishHA counts what the machine's loss cost and checks both promoted
// databases.
func finishHA(res *haResult, load *haLoad, b, d *haNode, initial map[string]int, killed time.Time) (*haResult, error) {
	acks := load.acked()
	res.acked, res.statuses = len(acks), load.errors
	var before []ack
	for _, a := range acks {
		if a.at.Before(killed) {
			before = append(before, a)
		}
	}
	missing, err := missingAcks(d.dir, before)
	if err != nil {
		return nil, err
	}
	res.rpoOrders = len(missing)
	if len(missing) > 0 {
		res.rpo = killed.Sub(missing[0].at)
	}
	d.stop()
	if res.extra, res.twice, err = storedExtra(d.dir, acks); err != nil {
		return nil, err
	}
	b.shop.stop()
	if res.check, err = checkIntegrity(b.dir, initial); err != nil {
		return nil, err
	}
	res.check2, err = checkIntegrity(d.dir, initial)
	return res, err
}

// waitAck is the time from t to addr's first 201 after it (60 s at most).
func waitAck(load *haLoad, addr string, t time.Time) (time.Duration, error) {
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if at := load.firstAckFrom(addr, t); !at.IsZero() {
			return at.Sub(t), nil
		}
	}
	return 0, fmt.Errorf("no order was acknowledged within 60 s of the kill")
}

// oldPrimaryRefused starts the dead primary again on its disk and reports
// what its shop and `ha epoch` answered ("" when either started).
func oldPrimaryRefused(c *haCluster, a *haNode) (serve, claim string) {
	if srv, err := startServerEnv(c.bin, a.dir, c.vars(a.name)); err == nil {
		srv.stop()
	} else {
		serve = lastLine(err.Error())
	}
	if out, err := c.run(a.name, "ha", "epoch", "--dir", a.dir); err != nil {
		claim = lastLine(out)
	}
	return serve, claim
}

// countLost is how many orders acknowledged before until dir lacks.
func countLost(dir string, acks []ack, until time.Time) (int, error) {
	var upTo []ack
	for _, a := range acks {
		if a.at.Before(until) {
			upTo = append(upTo, a)
		}
	}
	missing, err := missingAcks(dir, upTo)
	return len(missing), err
}

// storedExtra is how many orders dir holds beyond the acknowledged ones it
// has (orders committed whose 201 never reached the shopper: in flight at
// a kill), and how many order ids were acknowledged twice.
func storedExtra(dir string, acks []ack) (extra, twice int, err error) {
	missing, err := missingAcks(dir, acks)
	if err != nil {
		return 0, 0, err
	}
	db, err := openDB(dir)
	if err != nil {
		return 0, 0, err
	}
	defer db.Close()
	var stored int
	if err := db.QueryRow(`SELECT COUNT(*) FROM orders`).Scan(&stored); err != nil {
		return 0, 0, err
	}
	seen := map[string]bool{}
	for _, a := range acks {
		if seen[a.id] {
			twice++
		}
		seen[a.id] = true
	}
	return stored - (len(acks) - len(missing)), twice, nil
}

// missingAcks are the acks whose order dir lacks, oldest first.
func missingAcks(dir string, acks []ack) ([]ack, error) {
	db, err := openDB(dir)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	var missing []ack
	for _, a := range acks {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM orders WHERE id = ?`, a.id).Scan(&n); err != nil {
			return nil, err
		}
		if n != 1 {
			missing = append(missing, a)
		}
	}
	return missing, nil
}

// lastLine is the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(s, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i] != "" {
			return lines[i]
		}
	}
	return ""
}
