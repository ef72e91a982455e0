package shop

import (
	"database/sql"
	"errors"
	"math"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
	"stageshop/shop/field"
	"stageshop/shop/mail"
)

// topRow is one best-selling variant as the query answers it.
type topRow struct {
	ID        string  `db:"id"`
	VariantID string  `db:"variantId"`
	Units     float64 `db:"units"`
	Revenue   float64 `db:"revenue"`
	Current   string  `db:"current"`
	SKU       string  `db:"sku"`
	Options   string  `db:"options"`
	Values    string  `db:"optionValues"`
}

// topProducts ranks the variants by units sold in non-cancelled orders
// placed in [from, to) (UTC dates), then by revenue, from the per-date,
// per-variant rollup (overview_day_variants). The names come afterwards
// for the few winners: the product's current name and the variant's
// current label and SKU, or the snapshot of its latest line in the period
// when it was deleted.
func topProducts(app core.App, from, to time.Time) ([]TopProduct, error) {
	var rows []topRow
	err := app.DB().NewQuery(`
		SELECT t.id AS id, t.variantId AS variantId, t.units AS units, t.revenue AS revenue,
			COALESCE(p.nameLocalized, '') AS current, COALESCE(v.sku, '') AS sku,
			COALESCE(p.options, '') AS options, COALESCE(v.optionValues, '') AS optionValues
		FROM (
			SELECT productId AS id, variantId, SUM(units) AS units, SUM(revenueCents) AS revenue
			FROM overview_day_variants
			WHERE day >= {:from} AND day < {:to}
			GROUP BY productId, variantId
			HAVING SUM(lines) > 0
			ORDER BY units DESC, revenue DESC, id, variantId
			LIMIT {:limit}
		) t
		LEFT JOIN products p ON p.id = t.id
		LEFT JOIN product_variants v ON v.id = t.variantId AND v.product = t.id
		ORDER BY t.units DESC, t.revenue DESC, t.id, t.variantId`).
		Bind(dbx.Params{"from": from.Format(dayLayout), "to": to.Format(dayLayout), "limit": topProductsLimit}).
		All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]TopProduct, 0, len(rows))
	for _, r := range rows {
		top, err := r.top(app, from, to)
		if err != nil {
			return nil, err
		}
		out = append(out, top)
	}
	return out, nil
}

// top names a best seller: by its product and variant as they are now, or
// by its latest line's snapshot when either was deleted.
func (r topRow) top(app core.App, from, to time.Time) (TopProduct, error) {
	name, _ := field.ParseLocalizedJSON([]byte(r.Current))
	label := catalog.VariantLabel(catalog.ParseOptions([]byte(r.Options)), field.StringList([]byte(r.Values)))
	sku := r.SKU
	if len(name) == 0 || (r.VariantID != "" && sku == "") {
		var err error
		if name, label, sku, err = snapshotName(app, r.ID, r.VariantID, from, to); err != nil {
			return TopProduct{}, err
		}
	}
	full := catalog.LineName(name, label)
	return TopProduct{ID: r.ID, VariantID: r.VariantID, SKU: sku, Name: full.Get("en", ""), NameLocalized: full,
		Units: int(math.Round(r.Units)), Revenue: Amount(int64(math.Round(r.Revenue)))}, nil
}

// snapshotName is the name, variant label and SKU on the latest line of
// the variant (of productID) in a non-cancelled order placed in [from,
// to): a deleted product's or variant's. The product's index walks its
// lines newest first, so the first match ends it.
func snapshotName(app core.App, productID, variantID string, from, to time.Time) (name, label Localized, sku string, err error) {
	var snapshot struct {
		Name  string `db:"productName"`
		Label string `db:"variantLabel"`
		SKU   string `db:"sku"`
	}
	err = app.DB().NewQuery(`
		SELECT li.productName AS productName, COALESCE(li.variantLabel, '') AS variantLabel, li.sku AS sku
		FROM order_items li INDEXED BY idx_order_items_product
		JOIN orders o ON o.id = li.orderRef
		WHERE li.productId = {:id} AND li.variantId = {:variant} AND o.created >= {:from} AND o.created < {:to}
			AND o.status != {:cancelled}
		ORDER BY li.rowid DESC LIMIT 1`).
		Bind(dbx.Params{"id": productID, "variant": variantID, "from": storedTime(from), "to": storedTime(to),
			"cancelled": StatusCancelled}).
		One(&snapshot)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, nil, "", err
	}
	name, _ = field.ParseLocalizedJSON([]byte(snapshot.Name))
	label, _ = field.ParseLocalizedJSON([]byte(snapshot.Label))
	return name, label, snapshot.SKU, nil
}

// lowStockWhere is the low-stock band: active variants of active products
// with lowStockLevel or fewer units.
var lowStockWhere = dbx.NewExp("v.isActive = 1 AND v.stockQuantity <= {:level} AND p.isActive = 1",
	dbx.Params{"level": lowStockLevel})

// lowStock lists the active variants with lowStockLevel or fewer units,
// emptiest first (at most lowStockLimit), and counts them all.
func lowStock(app core.App) ([]LowStockProduct, int, error) {
	from := func(q *dbx.SelectQuery) *dbx.SelectQuery {
		return q.From(catalog.VariantsCollection+" v").InnerJoin(catalog.ProductsCollection+" p", dbx.NewExp("p.id = v.product")).
			Where(lowStockWhere)
	}
	var total int
	if err := from(app.DB().Select("COUNT(*)")).Row(&total); err != nil {
		return nil, 0, err
	}
	var rows []struct {
		ID            string  `db:"id"`
		VariantID     string  `db:"variantId"`
		SKU           string  `db:"sku"`
		Name          string  `db:"name"`
		NameLocalized string  `db:"nameLocalized"`
		Options       string  `db:"options"`
		Values        string  `db:"optionValues"`
		Stock         float64 `db:"stockQuantity"`
	}
	err := from(app.DB().Select("p.id AS id", "v.id AS variantId", "v.sku AS sku", "p.name AS name",
		"p.nameLocalized AS nameLocalized", "COALESCE(p.options, '') AS options",
		"COALESCE(v.optionValues, '') AS optionValues", "v.stockQuantity AS stockQuantity")).
		OrderBy("v.stockQuantity ASC", "p.name ASC", "v.position ASC", "v.id ASC").Limit(lowStockLimit).All(&rows)
	if err != nil {
		return nil, 0, err
	}
	out := make([]LowStockProduct, 0, len(rows))
	for _, r := range rows {
		name, _ := field.ParseLocalizedJSON([]byte(r.NameLocalized))
		if len(name) == 0 && r.Name != "" {
			name = Localized{"en": r.Name}
		}
		full := catalog.LineName(name, catalog.VariantLabel(catalog.ParseOptions([]byte(r.Options)), field.StringList([]byte(r.Values))))
		out = append(out, LowStockProduct{ID: r.ID, VariantID: r.VariantID, SKU: r.SKU, Name: full.Get("en", r.Name),
			NameLocalized: full, StockQuantity: int(math.Round(r.Stock))})
	}
	return out, total, nil
}

// emailCounts counts the outbox's queued and failed e-mails, one count per
// status so the outbox's (status, nextAttemptAt) index answers them without
// reading the sent e-mails.
func emailCounts(app core.App, out *Overview) error {
	for _, c := range []struct {
		status string
		n      *int
	}{{mail.StatusQueued, &out.QueuedEmails}, {mail.StatusFailed, &out.FailedEmails}} {
		err := app.DB().Select("COUNT(*)").From(mail.Collection).Where(dbx.HashExp{"status": c.status}).Row(c.n)
		if err != nil {
			return err
		}
	}
	return nil
}
