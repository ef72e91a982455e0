package routes_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	_ "image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// tinyWebP is a 1x1 lossless WebP image.
const tinyWebP = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="

// multipartBody builds a multipart form with the given file parts
// (field, file name, part content type, bytes).
func multipartBody(t *testing.T, parts ...filePart) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		h := make(map[string][]string)
		h["Content-Disposition"] = []string{`form-data; name="` + p.field + `"; filename="` + p.name + `"`}
		h["Content-Type"] = []string{p.contentType}
		pw, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pw.Write(p.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), w.FormDataContentType()
}

type filePart struct {
	field, name, contentType string
	data                     []byte
}

func upload(c testapp.Client, token string, parts ...filePart) testapp.Response {
	c.T.Helper()
	body, ctype := multipartBody(c.T.(*testing.T), parts...)
	return c.Do("POST", "/api/upload/image", body, append(testapp.Auth(token), "Content-Type", ctype)...)
}

type uploadAnswer struct {
	FileName string `json:"fileName"`
	URL      string `json:"url"`
}

func encodeJPEG(t *testing.T) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 8, 6)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeGIF(t *testing.T) []byte {
	var buf bytes.Buffer
	img := image.NewPaletted(image.Rect(0, 0, 3, 3), []color.Color{color.Black, color.White})
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var storedImageName = regexp.MustCompile(`^[a-z0-9_]+\.(jpg|png|gif|webp)$`)

func TestUploadImage(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	pngBytes := testapp.PNG(t)
	webp, _ := base64.StdEncoding.DecodeString(tinyWebP)

	wantError(t, upload(c, "", filePart{"file", "a.png", "image/png", pngBytes}), http.StatusUnauthorized, "unauthorized")
	wantError(t, upload(c, customer.Token, filePart{"file", "a.png", "image/png", pngBytes}), http.StatusForbidden, "forbidden")

	// Each accepted type, whatever the client calls it.
	for ext, data := range map[string][]byte{"png": pngBytes, "jpg": encodeJPEG(t), "gif": encodeGIF(t), "webp": webp} {
		var got uploadAnswer
		wantStatus(t, upload(c, admin.Token, filePart{"file", "../../evil name.php", "text/plain", data}), http.StatusCreated, &got)
		if !storedImageName.MatchString(got.FileName) || !strings.HasSuffix(got.FileName, "."+ext) || strings.Contains(got.FileName, "evil") {
			t.Errorf("%s stored as %q", ext, got.FileName)
		}
		if got.URL != "/images/products/"+got.FileName {
			t.Errorf("url %q", got.URL)
		}
		served := c.Do("GET", got.URL, nil)
		if served.Status != http.StatusOK || !bytes.Equal(served.Body, data) {
			t.Errorf("%s: GET %s = %d (%d bytes)", ext, got.URL, served.Status, len(served.Body))
		}
	}

	// The uploaded name can be used for a product right away, and the
	// thumbnail sizes work.
	var png uploadAnswer
	wantStatus(t, upload(c, admin.Token, filePart{"file", "spot.png", "image/png", pngBytes}), http.StatusCreated, &png)
	body := validProductBody(png.FileName)
	wantStatus(t, c.Do("POST", "/api/products", body, testapp.Auth(admin.Token)...), http.StatusCreated, nil)
	thumb := c.Do("GET", png.URL+"?thumb=120x120", nil)
	if thumb.Status != http.StatusOK {
		t.Fatalf("thumb: %d %s", thumb.Status, thumb.Body)
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(thumb.Body)); err != nil || cfg.Width != 120 || cfg.Height != 120 {
		t.Errorf("thumb is %+v (%v)", cfg, err)
	}
	wantError(t, c.Do("GET", png.URL+"?thumb=999x999", nil), http.StatusBadRequest, "")
}

// Refused uploads store nothing and get the envelope; 5 MB is the limit;
// path tricks never leave the image store.
func TestUploadImageRefusals(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	pngBytes := testapp.PNG(t)
	stored := testapp.Count(t, h.App, "product_images")

	// Refused: text named x.png, an image header over garbage, empty files,
	// no file, two files, not multipart.
	none := map[string]int{"product_images:create": 0}
	uploading := func(name string, status int, code string, parts ...filePart) testapp.Scenario {
		body, ctype := multipartBody(t, parts...)
		return testapp.Scenario{Name: name, Method: "POST", URL: "/api/upload/image", Body: body, Token: admin.Token,
			Headers: []string{"Content-Type", ctype}, ExpectedStatus: status, ExpectedCode: code, ExpectedRecords: none}
	}
	textFile := uploading("text named x.png", http.StatusBadRequest, "invalid_image_type",
		filePart{"file", "x.png", "image/png", []byte("just some text, not an image at all")})
	textFile.ExpectedContent = []string{`"message":"Please select valid image files (JPEG, PNG, GIF, WebP)"`}
	fake := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 100)...)
	testapp.RunScenarios(t, h, []testapp.Scenario{
		textFile,
		uploading("an image header over garbage", http.StatusBadRequest, "invalid_image_type", filePart{"file", "y.png", "image/png", fake}),
		uploading("SVG with a script named .png", http.StatusBadRequest, "invalid_image_type",
			filePart{"file", "svg.png", "image/png", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)}),
		uploading("an empty file", http.StatusBadRequest, "invalid_image_type", filePart{"file", "e.png", "image/png", nil}),
		uploading("no file field", http.StatusBadRequest, "file_required", filePart{"image", "a.png", "image/png", pngBytes}),
		uploading("two files", http.StatusBadRequest, "too_many_files",
			filePart{"file", "a.png", "image/png", pngBytes}, filePart{"file", "b.png", "image/png", pngBytes}),
		{Name: "not multipart", Method: "POST", URL: "/api/upload/image", Body: `{"file": "a.png"}`, Token: admin.Token,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "file_required", ExpectedRecords: none},
		{Name: "a broken multipart body", Method: "POST", URL: "/api/upload/image", Body: "--x\r\nbroken", Token: admin.Token,
			Headers: []string{"Content-Type", "multipart/form-data; boundary=x"}, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "*",
			ExpectedRecords: none},
	})

	// 5 MB is the limit: exactly 5242880 bytes pass, one more is 413.
	padded := func(n int) []byte { return append(append([]byte{}, pngBytes...), make([]byte, n-len(pngBytes))...) }
	wantStatus(t, upload(c, admin.Token, filePart{"file", "big.png", "image/png", padded(5242880)}), http.StatusCreated, nil)
	env := wantError(t, upload(c, admin.Token, filePart{"file", "big.png", "image/png", padded(5242881)}), http.StatusRequestEntityTooLarge, "file_too_large")
	if env.Message != "File size must be less than 5MB" {
		t.Errorf("message %q", env.Message)
	}
	// A body far over the limit is refused by its declared length.
	huge, ctype := multipartBody(t, filePart{"file", "huge.png", "image/png", padded(7 << 20)})
	req := httptest.NewRequest("POST", "/api/upload/image", bytes.NewReader(huge))
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Authorization", "Bearer "+admin.Token)
	rec := httptest.NewRecorder()
	c.Handler.ServeHTTP(rec, req)
	wantError(t, testapp.Response{Status: rec.Code, Body: rec.Body.Bytes()}, http.StatusRequestEntityTooLarge, "file_too_large")

	if n := testapp.Count(t, h.App, "product_images"); n != stored+1 {
		t.Errorf("%d images stored, want %d (only the 5 MB one more)", n, stored+1)
	}

	// Path tricks never leave the image store.
	for _, p := range []string{
		"/images/products/..%2f..%2fpb_data%2fdata.db",
		"/images/products/..%2Fdata.db",
		"/images/products/%2e%2e",
		"/images/products/nope.png",
	} {
		wantError(t, c.Do("GET", p, nil), http.StatusNotFound, "")
	}
}
