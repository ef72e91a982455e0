package keep

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

func TestKeptUntilDroppedOrStale(t *testing.T) {
	loads := 0
	k := New(time.Hour, func(core.App) (int, error) { loads++; return loads, nil })
	for i := 0; i < 3; i++ {
		if v, _ := k.Get(nil); v != 1 {
			t.Fatalf("get %d: %d, want the kept 1", i, v)
		}
	}
	k.Drop()
	if v, _ := k.Get(nil); v != 2 {
		t.Fatalf("after a drop: %d, want a fresh 2", v)
	}
	k.ttl = 0
	time.Sleep(time.Millisecond)
	if v, _ := k.Get(nil); v != 3 {
		t.Fatalf("after the ttl: %d, want a fresh 3", v)
	}
}

// A change committed while a value was being read must not leave that
// (possibly older) value kept.
func TestLoadThatRacedADropIsNotKept(t *testing.T) {
	var k *Value[string]
	first := true
	k = New(time.Hour, func(core.App) (string, error) {
		if first {
			first = false
			k.Drop() // the change commits while we read
			return "old", nil
		}
		return "new", nil
	})
	if v, _ := k.Get(nil); v != "old" {
		t.Fatalf("first read %q", v)
	}
	if v, _ := k.Get(nil); v != "new" {
		t.Fatalf("second read %q: the raced value was kept", v)
	}
}
