package shop_test

import (
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// writeLog records what reaches the response writer, write by write.
type writeLog struct {
	writes   int
	largest  int
	received strings.Builder
}

func (w *writeLog) Write(p []byte) (int, error) {
	w.writes++
	w.largest = max(w.largest, len(p))
	return w.received.Write(p)
}

// The export is streamed: a large one reaches the writer in small pieces
// as the rows are read (never built whole in memory first), and holds
// every line.
func TestOrdersCSVIsStreamed(t *testing.T) {
	app := testapp.New(t)
	const orders, linesPerOrder = 400, 5
	err := app.RunInTransaction(func(tx core.App) error {
		for o := 0; o < orders; o++ {
			id := fmt.Sprintf("csvorder%07d", o)
			_, err := tx.DB().NewQuery(`INSERT INTO orders (id, orderNumber, status, customerName, customerEmail,
				shippingMethod, subtotalCents, shippingCents, totalCents, itemCount, created, updated)
				VALUES ({:id}, {:number}, 'Created', 'Ada Lovelace', 'ada@example.com', 'standard', 5000, 999, 5999, 5,
				'2026-11-20 12:00:00.000Z', '2026-11-20 12:00:00.000Z')`).
				Bind(map[string]any{"id": id, "number": "ORD-20261120-" + id[8:]}).Execute()
			if err != nil {
				return err
			}
			for l := 0; l < linesPerOrder; l++ {
				_, err := tx.DB().NewQuery(`INSERT INTO order_items (id, orderRef, productId, productName, quantity, unitPriceCents, totalCents)
					VALUES ({:id}, {:order}, 'someproduct123', 'Par 64 LED Wash, black', 1, 1000, 1000)`).
					Bind(map[string]any{"id": fmt.Sprintf("csvline%05d%03d", o, l), "order": id}).Execute()
				if err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	var w writeLog
	if err := shop.ExportOrdersCSV(app, shop.OrderFilter{}, &w); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(w.received.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+orders*linesPerOrder {
		t.Fatalf("%d rows, want a header and %d lines", len(rows), orders*linesPerOrder)
	}
	total := w.received.Len()
	if w.writes < 10 || w.largest > 64<<10 {
		t.Fatalf("%d bytes arrived in %d writes, the largest %d bytes: not streamed", total, w.writes, w.largest)
	}
	t.Logf("%d bytes in %d writes of at most %d bytes", total, w.writes, w.largest)
}
