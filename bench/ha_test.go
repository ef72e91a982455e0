//go:build ha

package main

// The warm-standby drill: `make test-ha` (README, "Past one machine").

import (
	"fmt"
	"testing"
	"time"
)

// Shoppers order throughout. The primary's shop process is killed (its
// disk and Litestream live on) and the standby promoted: every order a
// shopper got a 201 for is there (lost: 0), the old primary can neither
// serve nor claim its epoch again. Then the new primary's whole machine is
// lost and a second standby promoted: what is missing is at most the
// orders of the last sync interval (RPO). Stock adds up on both.
func TestHAStandbyDrill(t *testing.T) {
	res, err := haDrill(shopBinary(t), t.TempDir(), 4*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("orders acknowledged: %d (answers other than 200/201 by status: %v; stored without a 201: %d; acknowledged twice: %d)\n", res.acked, res.statuses, res.extra, res.twice)
	fmt.Printf("lost: %d\n", res.lost)
	fmt.Printf("RTO: %.1f s (after the whole machine died: %.1f s)\n", res.rto.Seconds(), res.rto2.Seconds())
	fmt.Printf("RPO: %.1f s (%d acknowledged orders missing after the whole machine died)\n", res.rpo.Seconds(), res.rpoOrders)
	fmt.Printf("old primary: serve %q; ha epoch %q\n", res.refusedStart, res.refusedClaim)
	fmt.Printf("integrity after the first promote: %s; after the second: %s\n", res.check, res.check2)
	if res.acked == 0 {
		t.Fatal("no order was acknowledged")
	}
	if res.lost != 0 {
		t.Errorf("%d acknowledged orders lost when only the shop's process died", res.lost)
	}
	if res.twice != 0 || res.extra > 2*16 {
		t.Errorf("%d orders acknowledged twice, %d stored without a 201 (at most the 16 shoppers' in flight at each kill)", res.twice, res.extra)
	}
	if res.rpo > 3*time.Second {
		t.Errorf("RPO %s, above three sync intervals of 1 s", res.rpo)
	}
	if res.refusedStart == "" || res.refusedClaim == "" {
		t.Errorf("the old primary started again: serve %q, ha epoch %q", res.refusedStart, res.refusedClaim)
	}
	if !res.check.ok() || !res.check2.ok() {
		t.Errorf("integrity: %s; %s", res.check, res.check2)
	}
	if res.statuses[500] > 0 {
		t.Errorf("%d answers 500", res.statuses[500])
	}
}
