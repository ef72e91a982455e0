package main

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"

	_ "github.com/pocketbase/pocketbase/core" // registers the "sqlite" driver
)

// openDB opens the data dir's main database for reading next to a running
// server (WAL lets readers and the server's writer coexist).
func openDB(dir string) (*sql.DB, error) {
	dsn := "file:" + filepath.Join(dir, "data.db") + "?_pragma=busy_timeout(10000)&_pragma=query_only(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, db.Ping()
}

// integrity is the outcome of the durability checks after a crash.
type integrity struct {
	IntegrityCheck   string // PRAGMA integrity_check
	Orders           int
	OrdersNoItems    int // orders without a single line
	OrdersBadTotal   int // orders whose total is not the sum of their lines
	StockMismatch    int // products where initial != current + ordered units
	NegativeStock    int
	CartAboveStock   int // cart lines asking for more than the stock
	FirstMismatches  []string
	OrderedUnits     int
	InitialStockSum  int
	CurrentStockSum  int
	ProductsVerified int
}

func (r integrity) ok() bool {
	return r.IntegrityCheck == "ok" && r.OrdersNoItems == 0 && r.OrdersBadTotal == 0 &&
		r.StockMismatch == 0 && r.NegativeStock == 0 && r.CartAboveStock == 0
}

func (r integrity) String() string {
	s := fmt.Sprintf("integrity_check=%s orders=%d without-items=%d bad-total=%d stock-mismatch=%d negative-stock=%d cart-above-stock=%d",
		r.IntegrityCheck, r.Orders, r.OrdersNoItems, r.OrdersBadTotal, r.StockMismatch, r.NegativeStock, r.CartAboveStock)
	if len(r.FirstMismatches) > 0 {
		s += " (" + strings.Join(r.FirstMismatches, "; ") + ")"
	}
	return s
}

// checkIntegrity runs the durability checks on data dir dir. initial is
// every product's stock before the first order.
func checkIntegrity(dir string, initial map[string]int) (integrity, error) {
	var r integrity
	db, err := openDB(dir)
	if err != nil {
		return r, err
	}
	defer db.Close()
	rows, err := db.Query("PRAGMA integrity_check")
	if err != nil {
		return r, err
	}
	var msgs []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			rows.Close()
			return r, err
		}
		msgs = append(msgs, m)
	}
	rows.Close()
	r.IntegrityCheck = strings.Join(msgs, "; ")
	if err := countAnomalies(db, &r); err != nil {
		return r, err
	}
	return r, checkStockBalance(db, initial, &r)
}

// countAnomalies counts the orders, and the rows that break a rule.
func countAnomalies(db *sql.DB, r *integrity) error {
	for _, c := range []struct {
		q   string
		dst *int
	}{
		{`SELECT COUNT(*) FROM orders`, &r.Orders},
		{`SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.orderRef = o.id)`, &r.OrdersNoItems},
		// An order's subtotal is the sum of its lines and its total adds the
		// shipping it was charged.
		{`SELECT COUNT(*) FROM orders o WHERE o.subtotalCents != (SELECT COALESCE(SUM(i.totalCents), 0) FROM order_items i WHERE i.orderRef = o.id)
			OR o.totalCents != o.subtotalCents + o.shippingCents`, &r.OrdersBadTotal},
		{`SELECT COUNT(*) FROM products WHERE stockQuantity < 0`, &r.NegativeStock},
		{`SELECT COUNT(*) FROM cart_items ci JOIN products p ON p.id = ci.product WHERE ci.quantity > p.stockQuantity`, &r.CartAboveStock},
	} {
		if err := db.QueryRow(c.q).Scan(c.dst); err != nil {
			return err
		}
	}
	return nil
}

// countsByID reads a query of (id, number) rows into a map.
func countsByID(db *sql.DB, q string) (map[string]int, error) {
	out := map[string]int{}
	rows, err := db.Query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// checkStockBalance checks that each product's initial stock is its
// current stock plus the units of its orders that were not cancelled.
func checkStockBalance(db *sql.DB, initial map[string]int, r *integrity) error {
	ordered, err := countsByID(db, `SELECT i.productId, SUM(i.quantity) FROM order_items i JOIN orders o ON o.id = i.orderRef
		WHERE o.status != 'Cancelled' GROUP BY i.productId`)
	if err != nil {
		return err
	}
	for _, n := range ordered {
		r.OrderedUnits += n
	}
	current, err := countsByID(db, `SELECT id, stockQuantity FROM products`)
	if err != nil {
		return err
	}
	for id, init := range initial {
		cur, ok := current[id]
		if !ok {
			continue // deleted products are out of scope
		}
		r.ProductsVerified++
		r.InitialStockSum += init
		r.CurrentStockSum += cur
		if init != cur+ordered[id] {
			r.StockMismatch++
			if len(r.FirstMismatches) < 3 {
				r.FirstMismatches = append(r.FirstMismatches, fmt.Sprintf("%s: initial %d, now %d, ordered %d", id, init, cur, ordered[id]))
			}
		}
	}
	return nil
}

// serverErrors returns up to n error entries (level ERROR and above) that
// the server wrote to its log table in the auxiliary database. PocketBase
// flushes its log buffer every 3 s, so call this at least 3 s after the
// errors.
func serverErrors(dir string, n int) ([]string, error) {
	dsn := "file:" + filepath.Join(dir, "auxiliary.db") + "?_pragma=busy_timeout(10000)&_pragma=query_only(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rows, err := db.Query(`SELECT created, message, data FROM _logs WHERE level >= 8 ORDER BY created LIMIT ?`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var created, msg, data string
		if err := rows.Scan(&created, &msg, &data); err != nil {
			return out, err
		}
		if len(data) > 600 {
			data = data[:600] + "..."
		}
		out = append(out, fmt.Sprintf("%s %s %s", created, msg, data))
	}
	return out, rows.Err()
}
