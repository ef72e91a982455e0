package hooks_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"stageshop/internal/testapp"
)

// uploadImage stores a tiny PNG as a product image and returns its name.
func uploadImage(t testing.TB, app core.App) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 4, 3))); err != nil {
		t.Fatal(err)
	}
	f, err := filesystem.NewFileFromBytes(buf.Bytes(), "pic.png")
	if err != nil {
		t.Fatal(err)
	}
	c, err := app.FindCollectionByNameOrId("product_images")
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(c)
	rec.Set("file", f)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return rec.GetString("file")
}

// productCase is a product's fields as the dashboard or Go code would set
// them, with one change applied to a valid product.
type productCase struct {
	name    string
	change  func(fields map[string]any)
	errKey  string // the field the hook must name; "" means valid
	errText string
}

func productCases() []productCase {
	return []productCase{
		{"valid", func(map[string]any) {}, "", ""},
		{"negative price", func(f map[string]any) { f["priceCents"] = -1 }, "priceCents", ""},
		{"fractional cents (a price with three decimals)", func(f map[string]any) { f["priceCents"] = 1234.5 }, "priceCents", ""},
		{"negative stock", func(f map[string]any) { f["stockQuantity"] = -3 }, "stockQuantity", ""},
		{"fractional stock", func(f map[string]any) { f["stockQuantity"] = 2.5 }, "stockQuantity", ""},
		{"unknown category", func(f map[string]any) { f["category"] = "Pyrotechnics" }, "category", ""},
		{"missing English name", func(f map[string]any) {
			f["name"] = ""
			f["nameLocalized"] = map[string]string{"ru": "Прожектор"}
		}, "name", "Name is required"},
		{"no image", func(f map[string]any) { f["imageFileNames"] = []string{} }, "imageFileNames", "At least one image is required"},
		{"unknown image", func(f map[string]any) { f["imageFileNames"] = []string{"nope_123.png"} }, "imageFileNames", "Unknown image"},
		{"attribute with only a key", func(f map[string]any) {
			f["attributes"] = []map[string]any{{"key": "Power", "value": "100 W"}, {"key": "Weight", "value": ""}}
		}, "attributes.1.value", "required when a key is given"},
	}
}

func validFields(image string) map[string]any {
	return map[string]any{
		"name":           "Spot 100",
		"nameLocalized":  map[string]string{"ru": "Прожектор 100", "zh": "聚光灯 100"},
		"description":    "A small spot.",
		"category":       "Lighting",
		"priceCents":     12345,
		"stockQuantity":  5,
		"isActive":       true,
		"imageFileNames": []string{image},
		"attributes":     []map[string]any{{"key": "Power", "value": "100 W"}, {"key": "", "value": ""}},
	}
}

// The hook holds through app.Save, whatever Go code saves a product.
func TestProductHookOnSave(t *testing.T) {
	for _, tc := range productCases() {
		t.Run(tc.name, func(t *testing.T) {
			app := testapp.New(t)
			fields := validFields(uploadImage(t, app))
			tc.change(fields)
			col, _ := app.FindCollectionByNameOrId("products")
			rec := core.NewRecord(col)
			for k, v := range fields {
				rec.Set(k, v)
			}
			err := app.Save(rec)
			if tc.errKey == "" {
				if err != nil {
					t.Fatalf("valid product refused: %v", err)
				}
				saved, _ := app.FindRecordById("products", rec.Id)
				var attrs []map[string]any
				_ = saved.UnmarshalJSONField("attributes", &attrs)
				if len(attrs) != 1 {
					t.Errorf("empty attribute row kept: %v", attrs)
				}
				if !strings.Contains(saved.GetString("searchText"), "прожектор") {
					t.Errorf("search text lacks the Russian name: %q", saved.GetString("searchText"))
				}
				return
			}
			if err == nil {
				t.Fatalf("saved a product with %s", tc.name)
			}
			if !strings.Contains(err.Error(), tc.errKey) || !strings.Contains(err.Error(), tc.errText) {
				t.Errorf("error %q does not name %s (%s)", err, tc.errKey, tc.errText)
			}
			if n, _ := app.CountRecords("products"); n != 0 {
				t.Errorf("%d products stored after a refused save", n)
			}
		})
	}
}

// The hook holds through PocketBase's own records API, as the dashboard uses it.
func TestProductHookThroughRecordsAPI(t *testing.T) {
	for _, tc := range productCases() {
		status, body := 400, []string{`"` + tc.errKey + `"`}
		if tc.errKey == "" {
			status, body = 200, []string{`"name":"Spot 100"`}
		}
		var image string
		headers := map[string]string{"Content-Type": "application/json"}
		scenario := tests.ApiScenario{
			Name:    tc.name,
			Method:  http.MethodPost,
			URL:     "/api/collections/products/records",
			Headers: headers,
			// The body names an image that exists only once the app does.
			Body: &lazyReader{build: func() []byte {
				f := validFields(image)
				tc.change(f)
				b, _ := json.Marshal(f)
				return b
			}},
			TestAppFactory: func(t testing.TB) *tests.TestApp {
				app := testapp.Factory(t)
				headers["Authorization"] = superuserToken(t, app)
				image = uploadImage(t, app)
				return app
			},
			ExpectedStatus:  status,
			ExpectedContent: body,
		}
		scenario.Test(t)
	}
}

func superuserToken(t testing.TB, app core.App) string {
	su, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(su)
	rec.SetEmail("root@example.com")
	rec.SetPassword("Secret1234")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	token, err := rec.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// lazyReader is an io.Reader that builds its content on first read.
type lazyReader struct {
	build func() []byte
	r     *bytes.Reader
}

func (l *lazyReader) Read(p []byte) (int, error) {
	if l.r == nil {
		l.r = bytes.NewReader(l.build())
	}
	return l.r.Read(p)
}
