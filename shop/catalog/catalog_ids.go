package catalog

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ProductsByIDs reads the products with these ids in the order given,
// leaving out ids that no longer exist and, with activeOnly, inactive
// products: search answers come from an index and are checked here against
// the database, so a product deleted or taken off sale a moment ago never
// shows.
func ProductsByIDs(app core.App, ids []string, activeOnly bool) ([]Product, error) {
	out := make([]Product, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	// Only the ids in SQL: with "AND isActive = 1" SQLite may walk an
	// isActive index over the whole active catalog instead of looking the
	// ids up (it did without statistics: 300 ms for 5 ids at 100,000
	// products), so inactive rows are dropped here.
	var rows []productRow
	if err := productsByIDsQuery(app, args).All(&rows); err != nil {
		return nil, err
	}
	byID := make(map[string]productRow, len(rows))
	for _, r := range rows {
		if r.IsActive || !activeOnly {
			byID[r.ID] = r
		}
	}
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, r.product())
		}
	}
	return out, nil
}

// productsByIDsQuery reads the products with these ids, active or not.
func productsByIDsQuery(app core.App, ids []any) *dbx.SelectQuery {
	return app.DB().Select(productColumns...).From(ProductsCollection).Where(dbx.In("id", ids...))
}

// ScanProducts calls fn with every product, active or not, in pages of
// size products ordered by id: a full search reindex reads the catalog
// this way without holding it all in memory.
func ScanProducts(app core.App, size int, fn func([]Product) error) error {
	after := ""
	for {
		var rows []productRow
		err := app.DB().Select(productColumns...).From(ProductsCollection).
			Where(dbx.NewExp("[[id]] > {:after}", dbx.Params{"after": after})).
			OrderBy("id").Limit(int64(size)).All(&rows)
		if err != nil || len(rows) == 0 {
			return err
		}
		page := make([]Product, len(rows))
		for i, r := range rows {
			// Not through the decode cache: a reindex would fill it with
			// the whole catalog.
			page[i] = r.productUncached()
		}
		if err := fn(page); err != nil {
			return err
		}
		after = rows[len(rows)-1].ID
	}
}
