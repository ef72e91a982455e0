//go:build ops

package main

// Product images on S3 (VersityGW on loopback), through the built binary:
// `make test-ops`.

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/ops"
	"stageshop/shop/account"
)

// useS3 points the data dir's file storage at g (on) or back at the local
// disk (off), as the dashboard's Settings > Files storage does.
func useS3(t *testing.T, dir string, g *s3gw, on bool) {
	t.Helper()
	app, err := openApp(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer closeApp(app)
	s := app.Settings()
	s.S3.Enabled = on
	s.S3.Bucket, s.S3.Region, s.S3.Endpoint = s3Bucket, s3Region, g.endpoint
	s.S3.AccessKey, s.S3.Secret, s.S3.ForcePathStyle = s3AccessKey, s3SecretKey, true
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
}

// testS3 starts VersityGW on a temporary directory for the test, which
// stops it at the end.
func testS3(t *testing.T) *s3gw {
	t.Helper()
	g, err := startS3(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.stop)
	return g
}

// adminToken makes a shop admin in the data dir and returns a token.
func adminToken(t *testing.T, dir string) string {
	t.Helper()
	app, err := openApp(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer closeApp(app)
	users, _ := app.FindCollectionByNameOrId("users")
	u := core.NewRecord(users)
	u.SetEmail("ops-admin@bench.local")
	u.SetPassword(benchPassword)
	u.Set("roles", []string{"Admin", "Customer"})
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	family, _, err := account.StartSession(app, u.Id)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := account.AccessToken(u, family, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// upload sends a PNG through POST /api/upload/image and returns its name.
func upload(t *testing.T, srv *server, token string, png []byte) string {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "spot.png")
	_, _ = part.Write(png)
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, srv.url("/api/upload/image"), &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		FileName string `json:"fileName"`
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated || json.Unmarshal(b, &out) != nil || out.FileName == "" {
		t.Fatalf("upload: %d %s", resp.StatusCode, b)
	}
	return out.FileName
}

// fetch GETs path and returns the status, content type and body.
func fetch(t *testing.T, srv *server, path string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Get(srv.url(path))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

// hasKey reports whether a key of keys ends with name.
func hasKey(keys []string, name string) bool {
	return slices.ContainsFunc(keys, func(k string) bool { return strings.HasSuffix(k, "/"+name) })
}

// localFiles lists the files of the data dir's local storage.
func localFiles(dir string) []string {
	var out []string
	_ = filepath.WalkDir(filepath.Join(dir, "storage"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// With S3 on, seed, uploads, images, thumbnails, deletions and the unused
// image cleanup all work against S3 and leave the local disk empty; after
// switching back (and copying the bucket to the disk, as the README says)
// the same images are served from the disk.
func TestOpsImagesOnS3(t *testing.T) {
	bin := shopBinary(t)
	g := testS3(t)
	dir := t.TempDir()
	if err := runCLI(bin, dir, "migrate", "up"); err != nil {
		t.Fatal(err)
	}
	useS3(t, dir, g, true)
	token := adminToken(t, dir)
	if err := runCLI(bin, dir, "seed"); err != nil {
		t.Fatal(err)
	}
	seeded := g.objects("")
	if len(seeded) < 24 || len(localFiles(dir)) > 0 {
		t.Fatalf("seed: %d objects on S3, %d local files", len(seeded), len(localFiles(dir)))
	}

	srv, err := startServer(bin, dir)
	if err != nil {
		t.Fatal(err)
	}
	img := pngBytes(t)
	name := upload(t, srv, token, img)
	if !hasKey(g.objects(""), name) || len(localFiles(dir)) > 0 {
		t.Fatalf("uploaded %s: on S3 %v, local files %v", name, hasKey(g.objects(""), name), localFiles(dir))
	}
	if st, ct, b := fetch(t, srv, "/images/products/"+name); st != 200 || ct != "image/png" || !bytes.Equal(b, img) {
		t.Errorf("image from S3: %d %s, %d bytes (want the %d uploaded)", st, ct, len(b), len(img))
	}
	for _, size := range []string{"400x300", "120x120"} {
		if st, ct, b := fetch(t, srv, "/images/products/"+name+"?thumb="+size); st != 200 || ct != "image/png" || bytes.Equal(b, img) {
			t.Errorf("thumbnail %s: %d %s", size, st, ct)
		}
		if !hasKey(g.objects(""), size+"_"+name) {
			t.Errorf("thumbnail %s not stored on S3", size)
		}
	}
	deleteProductWith(t, srv, token, name)
	srv.stop()

	// The cleanup (its hourly cron) removes the now unused upload from S3.
	removeUnused(t, dir, g, name)

	switchBack(t, bin, dir, g, token, filepath.Base(seeded[0]), img)
}

// switchBack turns S3 off, copies the bucket to the local storage (as the
// README says), and checks that the seeded image is served from the disk
// and that a new upload goes there.
func switchBack(t *testing.T, bin, dir string, g *s3gw, token, seededName string, img []byte) {
	t.Helper()
	useS3(t, dir, g, false)
	if out, err := exec.Command("cp", "-r", filepath.Join(g.root, s3Bucket)+"/.", filepath.Join(dir, "storage")).CombinedOutput(); err != nil {
		t.Fatalf("copy the bucket: %v %s", err, out)
	}
	srv, err := startServer(bin, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop()
	if st, _, _ := fetch(t, srv, "/images/products/"+seededName); st != 200 {
		t.Errorf("seeded image %s from the local disk after switching back: %d", seededName, st)
	}
	before := len(g.objects(""))
	local := upload(t, srv, token, img)
	if len(g.objects("")) != before || !slices.ContainsFunc(localFiles(dir), func(p string) bool { return strings.HasSuffix(p, local) }) {
		t.Errorf("upload after switching back did not go to the local disk")
	}
}

// deleteProductWith creates a product showing image, deletes it, and
// checks the image is still stored (an order may show it; the cleanup
// decides).
func deleteProductWith(t *testing.T, srv *server, token, image string) {
	t.Helper()
	c := &customer{Token: token}
	body := map[string]any{"name": "S3 Spot", "description": "On S3.", "price": 99.5, "category": "Lighting",
		"imageFileNames": []string{image}, "stockQuantity": 3, "isActive": true, "attributes": []any{}}
	st, b, _, err := call(context.Background(), http.DefaultClient, srv.url(""), c, http.MethodPost, "/api/products", body)
	var p struct {
		ID string `json:"id"`
	}
	if err != nil || st != http.StatusCreated || json.Unmarshal(b, &p) != nil {
		t.Fatalf("create product: %d %s %v", st, b, err)
	}
	if st, b, _, err := call(context.Background(), http.DefaultClient, srv.url(""), c, http.MethodDelete, "/api/products/"+p.ID, nil); err != nil || st != 200 {
		t.Fatalf("delete product: %d %s %v", st, b, err)
	}
	if st, _, _ := fetch(t, srv, "/images/products/"+image); st != 200 {
		t.Errorf("image after its product was deleted: %d", st)
	}
}

// removeUnused runs the unused-image cleanup as if a day had passed and
// waits for image (and its thumbnails) to leave S3.
func removeUnused(t *testing.T, dir string, g *s3gw, image string) {
	t.Helper()
	app, err := openApp(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer closeApp(app)
	n, err := ops.RemoveUnusedImages(app, time.Now().Add(time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("cleanup removed %d (%v), want the 1 unused upload", n, err)
	}
	for deadline := time.Now().Add(10 * time.Second); hasKey(g.objects(""), image); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s still on S3 10 s after the cleanup: %v", image, g.objects(""))
		}
	}
	for _, k := range g.objects("") {
		if strings.Contains(k, image) {
			t.Errorf("left on S3 after the cleanup: %s", k)
		}
	}
}

// pngBytes is a 640x480 PNG with a gradient (big enough for both thumbs).
func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for x := 0; x < 640; x++ {
		for y := 0; y < 480; y++ {
			img.Set(x, y, color.RGBA{R: uint8(x / 3), G: uint8(y / 2), B: 90, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
