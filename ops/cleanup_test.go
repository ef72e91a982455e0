package ops_test

import (
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/ops"
)

// age backdates an image record's creation.
func age(t *testing.T, app core.App, file string, by time.Duration) {
	t.Helper()
	when := time.Now().Add(-by).UTC().Format("2006-01-02 15:04:05.000Z")
	if _, err := app.DB().NewQuery("UPDATE product_images SET created = {:when} WHERE file = {:file}").
		Bind(dbx.Params{"when": when, "file": file}).Execute(); err != nil {
		t.Fatal(err)
	}
}

// imageStored reports whether the image's file is in the storage.
func imageStored(t *testing.T, app core.App, file string) bool {
	t.Helper()
	rec, err := app.FindFirstRecordByData("product_images", "file", file)
	if err != nil {
		return false
	}
	fsys, err := app.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	ok, err := fsys.Exists(rec.BaseFilesPath() + "/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// Only images older than a day that no product shows and no order line
// remembers are removed, with their files; the rest stay as they are.
func TestRemoveUnusedImages(t *testing.T) {
	app := testapp.New(t)
	oldUnused := testapp.NewImage(t, app)
	newUnused := testapp.NewImage(t, app)
	product := testapp.NewProduct(t, app, testapp.Product{})
	var shown []string
	if err := product.UnmarshalJSONField("imageFileNames", &shown); err != nil || len(shown) == 0 {
		t.Fatalf("fixture product has no image: %v", err)
	}
	inOrder := testapp.NewImage(t, app)
	if _, err := app.DB().NewQuery("INSERT INTO order_items (id, productImage) VALUES ('cleanupline001', {:file})").
		Bind(dbx.Params{"file": inOrder}).Execute(); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{oldUnused, shown[0], inOrder} {
		age(t, app, f, 48*time.Hour)
	}
	age(t, app, newUnused, 23*time.Hour)
	if !imageStored(t, app, oldUnused) {
		t.Fatal("fixture image not stored")
	}
	rec, _ := app.FindFirstRecordByData("product_images", "file", oldUnused)
	oldPath := rec.BaseFilesPath() + "/" + oldUnused

	n, err := ops.RemoveUnusedImages(app, time.Now().Add(-ops.UnusedImageAge))
	if err != nil || n != 1 {
		t.Fatalf("removed %d (%v), want 1", n, err)
	}
	if _, err := app.FindFirstRecordByData("product_images", "file", oldUnused); err == nil {
		t.Error("the old unused image record is still there")
	}
	fsys, _ := app.NewFilesystem()
	defer fsys.Close()
	// PocketBase removes a deleted record's files in the background.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		still, err := fsys.Exists(oldPath)
		if err == nil && !still {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the old unused image's file is still stored 5 s after (%v)", err)
		}
	}
	for _, f := range []string{newUnused, shown[0], inOrder} {
		if !imageStored(t, app, f) {
			t.Errorf("image %s was removed but is in use or new", f)
		}
	}
	if again, err := ops.RemoveUnusedImages(app, time.Now().Add(-ops.UnusedImageAge)); err != nil || again != 0 {
		t.Errorf("second run removed %d (%v), want 0", again, err)
	}
}

// The hourly cron runs the cleanup with the one-day cutoff: an unused
// upload two days old goes, one from an hour ago stays.
func TestImageCleanupCron(t *testing.T) {
	app := testapp.New(t)
	job := cronJob(t, app, "stageshopUnusedImages")
	if job.Expression() != "23 * * * *" {
		t.Fatalf("cleanup cron at %q, want hourly at minute 23", job.Expression())
	}
	old, recent := testapp.NewImage(t, app), testapp.NewImage(t, app)
	age(t, app, old, 48*time.Hour)
	age(t, app, recent, time.Hour)
	job.Run()
	if _, err := app.FindFirstRecordByData("product_images", "file", old); err == nil {
		t.Error("the cron left the two-day-old unused image")
	}
	if _, err := app.FindFirstRecordByData("product_images", "file", recent); err != nil {
		t.Errorf("the cron removed the image uploaded an hour ago: %v", err)
	}
}
