//go:build ops

package main

// Litestream's replication and restore (VersityGW on loopback as the S3),
// through the built binary: `make test-ops`. The bench section
// (`make bench-restore`) measures the RPO with the machine lost under load;
// this test asserts what must hold whatever the timing.

import (
	"testing"
	"time"
)

// Litestream as the README runs it (a sidecar starting the shop,
// sync-interval 1s): after the checkout load and three sync intervals of
// quiet, the machine is lost (SIGKILL to both, the data dir deleted); once
// `litestream restore` has brought the database back from S3, every
// acknowledged order is there, the integrity checks of bench section 5
// pass, and the shop starts on it. During the load the shop never stalled
// behind Litestream's writes (no 5xx, no 2 s without an order).
func TestOpsLitestreamRestore(t *testing.T) {
	bin := shopBinary(t)
	res, err := restoreBench(bin, t.TempDir(), 4*time.Second, 3*time.Second, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d orders acknowledged (%d answers 5xx, at most %s between two), %d missing after the restore; restore %s, start %s; %d objects in the bucket; %s",
		res.acked, res.serverErrors, res.longestGap.Round(time.Millisecond), res.missing, res.restore.Round(time.Millisecond), res.restart.Round(time.Millisecond), res.replicaObjects, res.check)
	if res.acked == 0 {
		t.Fatal("no order was acknowledged during the load")
	}
	// Litestream writes to the database too (at every checkpoint); the shop
	// must keep taking orders around it.
	if res.serverErrors > 0 || res.longestGap > 2*time.Second {
		t.Errorf("under Litestream: %d answers 5xx, %s without an acknowledged order", res.serverErrors, res.longestGap.Round(time.Millisecond))
	}
	if res.missing != 0 {
		t.Errorf("%d of %d acknowledged orders are missing after the restore", res.missing, res.acked)
	}
	if !res.check.ok() {
		t.Errorf("integrity after the restore: %s", res.check)
	}
}
