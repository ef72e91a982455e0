package commands_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"stageshop/commands"
	"stageshop/ops/ha"
)

// promote raises the epoch at once (the old primary is fenced before any
// wait), then returns only once Litestream's follower stopped applying
// changes to the standby (its data.db-txid stayed the same for settle).
func TestPromoteWaitsForTheFollower(t *testing.T) {
	s, err := ha.Open("file://" + filepath.ToSlash(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := ha.Claim(s, t.TempDir(), "old"); err != nil {
		t.Fatal(err)
	}
	standby := t.TempDir()
	txid := filepath.Join(standby, "data.db-txid")
	if err := os.WriteFile(txid, []byte("0000000000000001"), 0o644); err != nil {
		t.Fatal(err)
	}
	followerDone := time.Now().Add(600 * time.Millisecond)
	go func() { // the follower applies the old primary's last changes
		for i := 2; time.Now().Before(followerDone); i++ {
			_ = os.WriteFile(txid, []byte{byte('0' + i%10)}, 0o644)
			time.Sleep(50 * time.Millisecond)
		}
	}()
	done := make(chan error, 1)
	go func() { done <- commands.Promote(io.Discard, s, standby, "new", 0, 300*time.Millisecond) }()
	time.Sleep(100 * time.Millisecond)
	if m, _, _ := s.Read(); m.Epoch != 2 {
		t.Errorf("epoch %d while promote waits, want 2 at once", m.Epoch)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if time.Now().Before(followerDone.Add(300 * time.Millisecond)) {
		t.Error("promote returned while the follower was still applying changes")
	}
	if e, _ := ha.LocalEpoch(standby); e != 2 {
		t.Errorf("the standby's epoch is %d, want 2", e)
	}
}
