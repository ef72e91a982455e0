package routes_test

import (
	"bytes"
	"mime/multipart"
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

// storeImage saves data as a product image directly, past every check (as
// data stored before the checks could be) and returns the record.
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
	if err := app.SaveNoValidate(rec); err != nil {
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

// storeThroughRecordsAPI posts data as a product image to PocketBase's
// records API, as the dashboard does.
func storeThroughRecordsAPI(t *testing.T, h testapp.Harness, token string, data []byte) testapp.Response {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("file", "image.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(data)
	_ = w.Close()
	return h.Client.Do("POST", "/api/collections/product_images/records", body.Bytes(),
		"Content-Type", w.FormDataContentType(), "Authorization", token)
}

// Issue 27, 9: a bomb stored through the dashboard (the records API as a
// superuser) passed, and PocketBase's own file route made its thumbnail
// (RSS 3.5 GB). The product_images hook refuses it by its header, as the
// upload route does; a camera photo passes.
func TestDashboardRefusesImageBombs(t *testing.T) {
	h := testapp.NewHarness(t)
	su := superuserToken(t, h.App)
	for _, size := range [][2]int{{30000, 30000}, {10001, 10}, {7000, 7000}} {
		r := storeThroughRecordsAPI(t, h, su, testapp.PNGOfZeros(size[0], size[1], 1))
		if r.Status != http.StatusBadRequest || !bytes.Contains(r.Body, []byte("image_too_large")) {
			t.Errorf("%dx%d through the records API: %d %s", size[0], size[1], r.Status, r.Body)
		}
	}
	if n := testapp.Count(t, h.App, "product_images"); n != 0 {
		t.Fatalf("%d bombs stored", n)
	}
	if r := storeThroughRecordsAPI(t, h, su, testapp.PNGOfZeros(6000, 4000, 4000)); r.Status != http.StatusOK {
		t.Fatalf("a 24-megapixel photo: %d %s", r.Status, r.Body)
	}
}

// A stored image beyond the limits (from before the hook) gets no
// thumbnail from PocketBase's file route either: the original is served.
func TestFileRouteMakesNoThumbnailOfBigImages(t *testing.T) {
	h := testapp.NewHarness(t)
	wide := testapp.PNGOfZeros(10001, 2, 2) // valid and cheap, but beyond the limits
	rec := storeImage(t, h.App, wide)
	name := rec.GetString("file")
	r := h.Client.Do("GET", "/api/files/product_images/"+rec.Id+"/"+name+"?thumb=400x300", nil)
	if r.Status != http.StatusOK || !bytes.Equal(r.Body, wide) {
		t.Fatalf("%d, %d bytes; want the original", r.Status, len(r.Body))
	}
	fsys, err := h.App.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	if ok, _ := fsys.Exists(rec.BaseFilesPath() + "/thumbs_" + name + "/400x300_" + name); ok {
		t.Fatal("PocketBase's file route made a thumbnail of an image beyond the limits")
	}
	// An image within the limits still gets its thumbnail there.
	small := storeImage(t, h.App, testapp.PNGOfZeros(800, 600, 600))
	r = h.Client.Do("GET", "/api/files/product_images/"+small.Id+"/"+small.GetString("file")+"?thumb=400x300", nil)
	if r.Status != http.StatusOK || len(r.Body) == 0 || bytes.Equal(r.Body, testapp.PNGOfZeros(800, 600, 600)) {
		t.Fatalf("thumbnail of a small image: %d, %d bytes", r.Status, len(r.Body))
	}
}
