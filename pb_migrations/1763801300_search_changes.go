package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The product search index (shop/search) follows every writer of products
// through a change log that SQLite triggers fill in the writer's own
// transaction: the shop's routes, the dashboard, checkout's stock updates
// by plain SQL, Go code, the bench's raw inserts. A row names a product
// whose searchable state changed (a text, the category, the price, the
// creation time, active or not, or stock crossing zero; a stock change that
// leaves the product in stock writes nothing, so checkout pays for a row
// only when it sells the last unit). The index replays the rows it has not
// seen (by seq) before it answers, so it is never behind a committed write.
// A later migration that drops or retypes a products column named here
// must drop these triggers first (SQLite refuses to drop a column a trigger
// uses) and recreate them.
func init() {
	m.Register(func(app core.App) error {
		return execAll(app, searchChangesUp)
	}, func(app core.App) error {
		return execAll(app, searchChangesDown)
	})
}

// searchChangedWhen is true when an update changes what the index holds.
const searchChangedWhen = `OLD.id IS NOT NEW.id OR OLD.name IS NOT NEW.name OR OLD.nameLocalized IS NOT NEW.nameLocalized
	OR OLD.description IS NOT NEW.description OR OLD.descriptionLocalized IS NOT NEW.descriptionLocalized
	OR OLD.attributes IS NOT NEW.attributes OR OLD.category IS NOT NEW.category OR OLD.priceCents IS NOT NEW.priceCents
	OR OLD.isActive IS NOT NEW.isActive OR OLD.created IS NOT NEW.created OR OLD.imageFileNames IS NOT NEW.imageFileNames
	OR (OLD.stockQuantity > 0) IS NOT (NEW.stockQuantity > 0)`

var searchChangesUp = []string{
	`CREATE TABLE search_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, productId TEXT NOT NULL)`,
	`CREATE TRIGGER search_products_insert AFTER INSERT ON products BEGIN
		INSERT INTO search_changes (productId) VALUES (NEW.id); END`,
	`CREATE TRIGGER search_products_delete AFTER DELETE ON products BEGIN
		INSERT INTO search_changes (productId) VALUES (OLD.id); END`,
	`CREATE TRIGGER search_products_update AFTER UPDATE ON products WHEN ` + searchChangedWhen + ` BEGIN
		INSERT INTO search_changes (productId) VALUES (OLD.id);
		INSERT INTO search_changes (productId) SELECT NEW.id WHERE NEW.id IS NOT OLD.id; END`,
}

var searchChangesDown = []string{
	"DROP TRIGGER IF EXISTS search_products_insert",
	"DROP TRIGGER IF EXISTS search_products_delete",
	"DROP TRIGGER IF EXISTS search_products_update",
	"DROP TABLE IF EXISTS search_changes",
}
