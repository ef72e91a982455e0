package routes_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"stageshop/internal/testapp"
	"stageshop/routes"
)

// Uploads are refused by their header alone when they declare more pixels
// than the budget, however small the file; a 24-megapixel photo passes.
func TestUploadRefusesImageBombs(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	for _, size := range [][2]int{{30000, 30000}, {10001, 10}, {10, 10001}, {7000, 7000}} {
		bomb := testapp.PNGOfZeros(size[0], size[1], 1)
		r := upload(h.Client, admin.Token, filePart{"file", "bomb.png", "image/png", bomb})
		env := wantError(t, r, http.StatusBadRequest, "image_too_large")
		if env.Message != "Image dimensions must be at most 10000 pixels on a side and 40 megapixels" {
			t.Errorf("message %q", env.Message)
		}
	}
	if n := testapp.Count(t, h.App, "product_images"); n != 0 {
		t.Fatalf("%d images stored from refused uploads", n)
	}
	photo := testapp.PNGOfZeros(6000, 4000, 4000) // 24 megapixels
	wantStatus(t, upload(h.Client, admin.Token, filePart{"file", "photo.png", "image/png", photo}), http.StatusCreated, nil)
}

// storeImage saves data as a product image directly (as the dashboard or
// data from before the upload check could) and returns the record.
func storeImage(t *testing.T, app core.App, data []byte) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("product_images")
	if err != nil {
		t.Fatal(err)
	}
	f, err := filesystem.NewFileFromBytes(data, "stored.png")
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.Set("file", f)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// A stored image over the budget is never decoded for a thumbnail, and a
// thumbnail that failed (a truncated file) is not tried again: both serve
// the original.
func TestThumbnailsOfBadStoredImages(t *testing.T) {
	h := testapp.NewHarness(t)
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"bomb", testapp.PNGOfZeros(30000, 30000, 1)},
		{"truncated", testapp.PNGOfZeros(2000, 2000, 20)},
	} {
		rec := storeImage(t, h.App, tc.data)
		name := rec.GetString("file")
		thumbPath := rec.BaseFilesPath() + "/thumbs_" + name + "/400x300_" + name
		for i := 0; i < 2; i++ {
			r := h.Client.Do("GET", "/images/products/"+name+"?thumb=400x300", nil)
			if r.Status != http.StatusOK || !bytes.Equal(r.Body, tc.data) {
				t.Fatalf("%s: %d, %d bytes; want the original", tc.name, r.Status, len(r.Body))
			}
			if !routes.ThumbFailed(thumbPath) {
				t.Fatalf("%s: failed thumbnail not remembered", tc.name)
			}
		}
	}
}
