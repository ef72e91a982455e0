package routes_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"stageshop/internal/testapp"
)

// imageServer serves a PNG at /spot.png, a page at /page.html, a
// dimensions bomb at /bomb.png, 6 MB at /huge.png and 404 elsewhere,
// counting the requests for the PNG.
func imageServer(t *testing.T) (*httptest.Server, []byte, *atomic.Int32) {
	t.Helper()
	png := testapp.PNG(t)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/spot.png":
			hits.Add(1)
			_, _ = w.Write(png)
		case "/page.html":
			w.Header().Set("Content-Type", "image/png") // the header lies; the bytes decide
			_, _ = w.Write([]byte("<!doctype html><title>not an image</title>"))
		case "/bomb.png":
			_, _ = w.Write(testapp.PNGOfZeros(30000, 30000, 1))
		case "/huge.png":
			_, _ = w.Write(append(bytes.Clone(png), make([]byte, 6<<20)...))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, png, &hits
}

// storedFiles counts the files under the app's storage (pb_data/storage).
func storedFiles(t *testing.T, dataDir string) int {
	t.Helper()
	n := 0
	_ = filepath.Walk(filepath.Join(dataDir, "storage"), func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && !strings.HasPrefix(info.Name(), "thumbs_") {
			n++
		}
		return nil
	})
	return n
}

// The import's images may name URLs of public images (issue 44, api.md):
// each is fetched once and stored with the upload's rules; a dry run and a
// failing file store nothing; loopback is refused without the test flag.
func TestImportFetchesImageURLs(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	auth := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	uploaded := testapp.NewImage(t, h.App)
	srv, png, hits := imageServer(t)
	head := "name,category,price,stockQuantity,images\n"
	row := func(name, images string) string { return name + ",Lighting,99,5," + images + "\n" }
	spot := srv.URL + "/spot.png"

	// Without the flag a loopback address is refused, like a webhook's.
	a := importCSV(t, c, auth, head+row("Spot A", spot), true)
	if len(a.Errors) != 1 || a.Errors[0].Field != "images" || !strings.Contains(a.Errors[0].Message, "public servers") {
		t.Fatalf("a loopback image URL without the flag: %+v", a)
	}
	if hits.Load() != 0 {
		t.Fatalf("the refused URL was requested %d times", hits.Load())
	}

	t.Setenv("STAGESHOP_WEBHOOKS_ALLOW_PRIVATE", "1")
	imagesBefore, filesBefore := testapp.Count(t, h.App, "product_images"), storedFiles(t, h.App.DataDir())
	file := head + row("Spot A", spot+"|"+uploaded) + row("Spot B", spot)
	a = importCSV(t, c, auth, file, true)
	if len(a.Errors) != 0 || a.Created != 2 {
		t.Fatalf("dry run: %+v", a)
	}
	if n := testapp.Count(t, h.App, "product_images"); n != imagesBefore {
		t.Errorf("a dry run stored %d images", n-imagesBefore)
	}
	if n := storedFiles(t, h.App.DataDir()); n != filesBefore {
		t.Errorf("a dry run left %d files in storage", n-filesBefore)
	}

	// A bad row elsewhere: nothing stored, not even the fetched image.
	a = importCSV(t, c, auth, file+row("Broken", "no-such-upload.png"), false)
	if len(a.Errors) != 1 || a.Errors[0].Row != 4 {
		t.Fatalf("a file with a bad row: %+v", a)
	}
	if n := testapp.Count(t, h.App, "products"); n != 0 {
		t.Fatalf("a refused import wrote %d products", n)
	}
	if n := testapp.Count(t, h.App, "product_images"); n != imagesBefore {
		t.Errorf("a refused import stored %d images", n-imagesBefore)
	}

	hits.Store(0)
	a = importCSV(t, c, auth, file, false)
	if len(a.Errors) != 0 || a.Created != 2 {
		t.Fatalf("import: %+v", a)
	}
	if hits.Load() != 1 {
		t.Errorf("the URL named twice was fetched %d times, want once", hits.Load())
	}
	if n := testapp.Count(t, h.App, "product_images"); n != imagesBefore+1 {
		t.Errorf("%d images stored, want 1", n-imagesBefore)
	}
	p := listPage(t, c, "?search=Spot")
	if len(p.Products) != 2 {
		t.Fatalf("products after the import: %+v", p.Products)
	}
	for _, pr := range p.Products {
		var got struct {
			ImageFileNames []string `json:"imageFileNames"`
		}
		c.Do("GET", "/api/products/"+pr.ID, nil).JSON(t, &got)
		want := 1
		if pr.Name == "Spot A" {
			want = 2
		}
		if len(got.ImageFileNames) != want || strings.Contains(strings.Join(got.ImageFileNames, " "), "http") {
			t.Errorf("%s's images %q", pr.Name, got.ImageFileNames)
			continue
		}
		if pr.Name == "Spot A" && got.ImageFileNames[1] != uploaded {
			t.Errorf("Spot A's second image %q, want the uploaded %q", got.ImageFileNames[1], uploaded)
		}
		rec, err := h.App.FindFirstRecordByData("product_images", "file", got.ImageFileNames[0])
		if err != nil {
			t.Errorf("%s's image %q is not a stored image: %v", pr.Name, got.ImageFileNames[0], err)
			continue
		}
		r := c.Do("GET", "/api/files/product_images/"+rec.Id+"/"+got.ImageFileNames[0], nil)
		if r.Status != http.StatusOK || !bytes.Equal(r.Body, png) {
			t.Errorf("%s's stored image: %d, %d bytes (want the fetched %d)", pr.Name, r.Status, len(r.Body), len(png))
		}
	}

	// The upload's rules, each an error of its row naming the URL.
	for path, want := range map[string]string{
		"/page.html": "valid image files", "/bomb.png": "Image dimensions", "/huge.png": "larger than 5 MB", "/gone.png": "answered 404",
	} {
		a := importCSV(t, c, auth, head+row("Bad "+path, srv.URL+path), true)
		if len(a.Errors) != 1 || a.Errors[0].Row != 2 || !strings.Contains(a.Errors[0].Message, want) ||
			!strings.Contains(a.Errors[0].Message, path) {
			t.Errorf("%s: %+v, want an error saying %q", path, a.Errors, want)
		}
	}
}
