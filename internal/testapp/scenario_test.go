package testapp

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
)

// The live queue's announcement of a product, which comes after the write
// at a moment of its own, is not counted as a write; the write itself is.
func TestRecordWritesSkipAnnouncements(t *testing.T) {
	h := NewHarness(t)
	p := NewProduct(t, h.App, Product{Name: "Par Can"})
	announced := make(chan struct{}, 1)
	h.App.OnRecordAfterUpdateSuccess("products").BindFunc(func(e *core.RecordEvent) error {
		if catalog.IsAnnouncement(e.Context) {
			select {
			case announced <- struct{}{}:
			default:
			}
		}
		return e.Next()
	})
	// Anything the fixture queued is announced before the count starts.
	time.Sleep(50 * time.Millisecond)
	h.Records().reset()
	catalog.ProductsChanged(h.App, p.Id)
	select {
	case <-announced:
	case <-time.After(10 * time.Second):
		t.Fatal("the product was never announced")
	}
	if n := h.Records().counts()["products:update"]; n != 0 {
		t.Fatalf("an announcement counted as %d product writes", n)
	}
	p.Set("name", "Par Can 64")
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	if n := h.Records().counts()["products:update"]; n != 1 {
		t.Fatalf("a save counted as %d product writes, want 1", n)
	}
}
