package ha_test

import (
	"errors"
	"sync"
	"testing"

	"stageshop/ops/ha"
)

// Two standbys promoted at the same moment, both having read epoch 1: one
// holds epoch 2, the other gets ErrRaced and stays a standby (it cannot
// claim), and the old primary is fenced. A plain write let both believe
// they held epoch 2.
func TestSimultaneousPromotesOneWins(t *testing.T) {
	s, _ := fileFence(t)
	if _, err := ha.Claim(s, t.TempDir(), "a"); err != nil {
		t.Fatal(err)
	}
	dirs := []string{t.TempDir(), t.TempDir()}
	var read sync.WaitGroup
	read.Add(2)
	ha.SetAfterRead(func() { read.Done(); read.Wait() }) // both have read before either writes
	defer ha.SetAfterRead(nil)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, node := range []string{"b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = ha.Promote(s, dirs[i], node)
		}()
	}
	wg.Wait()
	ha.SetAfterRead(nil)
	won := -1
	for i, err := range errs {
		switch {
		case err == nil:
			if won >= 0 {
				t.Fatal("both promotes took the epoch")
			}
			won = i
		case !errors.Is(err, ha.ErrRaced):
			t.Fatalf("the losing promote: %v, want ErrRaced", err)
		}
	}
	if won < 0 {
		t.Fatalf("no promote won: %v", errs)
	}
	m, _, err := s.Read()
	if err != nil || m.Epoch != 2 || m.Node != []string{"b", "c"}[won] {
		t.Fatalf("the bucket's marker %+v (%v), want epoch 2 held by the winner", m, err)
	}
	if e, err := ha.Claim(s, dirs[won], "w"); err != nil || e != 2 {
		t.Errorf("the winner's claim: %d, %v", e, err)
	}
	if _, err := ha.Claim(s, dirs[1-won], "l"); !errors.Is(err, ha.ErrSuperseded) {
		t.Errorf("the loser's claim: %v, want ErrSuperseded", err)
	}
}
