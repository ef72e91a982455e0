package ops

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
)

// UnusedImageAge is how old an uploaded image must be before the cleanup
// may remove it: an admin uploads images before saving the product that
// uses them, and a product form can stay open for a long while.
const UnusedImageAge = 24 * time.Hour

// RemoveUnusedImages deletes the uploaded product images created before
// cutoff that no product shows and no order line remembers (an order keeps
// its picture after the product is gone). Deleting the record removes the
// file and its thumbnails from the storage in use, the local disk or S3.
// It returns how many it removed.
func RemoveUnusedImages(app core.App, cutoff time.Time) (int, error) {
	before, err := types.ParseDateTime(cutoff)
	if err != nil {
		return 0, err
	}
	var ids []string
	err = app.DB().NewQuery(`SELECT i.id FROM product_images i
		WHERE i.created < {:before}
		AND NOT EXISTS (SELECT 1 FROM products p, json_each(p.imageFileNames) n WHERE n.value = i.file)
		AND NOT EXISTS (SELECT 1 FROM order_items o WHERE o.productImage = i.file)`).
		Bind(dbx.Params{"before": before.String()}).Column(&ids)
	if err != nil {
		return 0, err
	}
	removed := 0
	for _, id := range ids {
		rec, err := app.FindRecordById("product_images", id)
		if err != nil {
			continue // removed meanwhile
		}
		// One at a time: a product saved meanwhile may have picked it up.
		deleted := false
		err = db.Write(app, func(tx core.App) error {
			deleted = false // a busy retry starts again
			var users int
			q := `SELECT COUNT(*) FROM products p, json_each(p.imageFileNames) n WHERE n.value = {:file}`
			if err := tx.DB().NewQuery(q).Bind(dbx.Params{"file": rec.GetString("file")}).Row(&users); err != nil || users > 0 {
				return err
			}
			deleted = true
			return tx.Delete(rec)
		})
		if err != nil {
			return removed, err
		}
		if deleted {
			removed++
		}
	}
	return removed, nil
}
