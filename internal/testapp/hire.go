package testapp

import (
	"fmt"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// Hire describes a product for hire (issue 46): its fleet, rates in cents
// and terms. A kit lists components as {productId, variantId, quantity}.
type Hire struct {
	Name                      string
	Fleet                     int
	DayCents, WeekendCents    int64
	WeekCents, DepositCents   int64
	BufferDays, MinDays, Lead int
	HireOnly                  bool
	Kit                       []map[string]any
}

// NewHireProduct stores an active product for hire (through the record
// hooks) and returns it with its default variant's id.
func NewHireProduct(t testing.TB, app core.App, h Hire) (*core.Record, string) {
	t.Helper()
	if h.Name == "" {
		h.Name = fmt.Sprintf("Hire %d", nextSeq())
	}
	p := NewProduct(t, app, Product{Name: h.Name, PriceCents: 100000, Stock: 5, Category: "Sound"})
	p.Set("hireEnabled", true)
	p.Set("hireOnly", h.HireOnly)
	p.Set("hireDepositCents", h.DepositCents)
	p.Set("hireBufferDays", h.BufferDays)
	p.Set("hireMinDays", h.MinDays)
	p.Set("hireLeadDays", h.Lead)
	if h.Kit != nil {
		p.Set("kit", h.Kit)
	}
	if err := app.Save(p); err != nil {
		t.Fatalf("save hire product: %v", err)
	}
	variantID := DefaultVariant(t, app, p.Id)
	v, err := app.FindRecordById("product_variants", variantID)
	if err != nil {
		t.Fatalf("variant: %v", err)
	}
	v.Set("hireQuantity", h.Fleet)
	v.Set("hireDayCents", h.DayCents)
	v.Set("hireWeekendCents", h.WeekendCents)
	v.Set("hireWeekCents", h.WeekCents)
	if err := app.Save(v); err != nil {
		t.Fatalf("save hire variant: %v", err)
	}
	return p, variantID
}

// NewOrder stores a bare order record (no lines), for bookings to name.
func NewOrder(t testing.TB, app core.App) string {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("orders")
	if err != nil {
		t.Fatalf("orders collection: %v", err)
	}
	rec := core.NewRecord(col)
	rec.Set("orderNumber", fmt.Sprintf("T-%d", nextSeq()))
	rec.Set("status", "Created")
	if err := app.Save(rec); err != nil {
		t.Fatalf("save order: %v", err)
	}
	return rec.Id
}
