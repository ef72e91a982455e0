//go:build ha

package main

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"stageshop/ops/ha"
)

// Two promotes at the same moment against real S3 (VersityGW): the epoch
// object is written with If-Match on the ETag each read (If-None-Match: *
// for the first claim), so every round exactly one wins, the other gets
// ErrRaced, and the epoch rises once per winner.
func TestHAPromoteRaceS3(t *testing.T) {
	work := t.TempDir()
	_, g, err := litestreamAndS3(work)
	if err != nil {
		t.Fatal(err)
	}
	defer g.stop()
	t.Setenv("LITESTREAM_ACCESS_KEY_ID", s3AccessKey)
	t.Setenv("LITESTREAM_SECRET_ACCESS_KEY", s3SecretKey)
	c := &haCluster{g: g}
	s, err := ha.Open(c.fence())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if e, err := ha.Claim(s, t.TempDir(), "a"); err != nil || e != 1 {
		t.Fatalf("first claim on S3: %d, %v", e, err)
	}
	if _, err := ha.Claim(s, t.TempDir(), "x"); !errors.Is(err, ha.ErrSuperseded) {
		t.Fatalf("a second first claim: %v", err)
	}
	raced, wins := 0, 0
	for round := range 10 {
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = ha.Promote(s, t.TempDir(), fmt.Sprintf("n%d-%d", round, i))
			}()
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case errors.Is(err, ha.ErrRaced):
				raced++
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		m, _, err := s.Read()
		if err != nil {
			t.Fatal(err)
		}
		// Both may win one after the other (the second read the first's
		// epoch, they did not overlap): then the epoch rose by two.
		if won == 0 {
			t.Fatalf("round %d: no promote won: %v", round, errs)
		}
		wins += won
		if m.Epoch != 1+wins {
			t.Fatalf("round %d: epoch %d after %d winning promotes: a promote was lost or doubled", round, m.Epoch, wins)
		}
	}
	fmt.Printf("promote race on S3: %d of 20 promotes lost the race (ErrRaced), epoch rose once per winner\n", raced)
}
