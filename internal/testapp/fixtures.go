package testapp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"golang.org/x/crypto/bcrypt"

	"stageshop/shop/account"
)

var (
	hashOnce sync.Once
	hash     string
)

// FixturePassword is the password of every fixture user.
const FixturePassword = "Secret123"

func passwordHash(t testing.TB) string {
	hashOnce.Do(func() {
		h, err := bcrypt.GenerateFromPassword([]byte(FixturePassword), bcrypt.MinCost)
		if err != nil {
			panic(err)
		}
		hash = string(h)
	})
	return hash
}

// fixtureSeq makes fixture names unique within a test binary.
var fixtureSeq atomic.Int64

func nextSeq() int64 { return fixtureSeq.Add(1) }

// User is a signed-in shop user of a test: its record and a bearer token.
type User struct {
	Record *core.Record
	Token  string
}

// ID is the user's record id.
func (u User) ID() string { return u.Record.Id }

// NewUser creates a user with the Customer role (plus Admin when admin is
// true) and returns it with a fresh access token.
func NewUser(t testing.TB, app core.App, admin bool) User {
	t.Helper()
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatalf("users collection: %v", err)
	}
	n := nextSeq()
	rec := core.NewRecord(users)
	rec.SetEmail(fmt.Sprintf("user%d@example.com", n))
	// A cheap hash of "Secret123": bcrypt at its default cost makes every
	// fixture user take a second under -race.
	rec.SetRaw("password", &core.PasswordFieldValue{Hash: passwordHash(t)})
	rec.Set("firstName", "Test")
	rec.Set("lastName", fmt.Sprintf("User%d", n))
	roles := []string{"Customer"}
	if admin {
		roles = append(roles, "Admin")
	}
	rec.Set("roles", roles)
	if err := app.Save(rec); err != nil {
		t.Fatalf("save user: %v", err)
	}
	// A shop session, as a login makes: tokens without one are refused.
	family, _, err := account.StartSession(app, rec.Id)
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	token, err := account.AccessToken(rec, family, 0)
	if err != nil {
		t.Fatalf("auth token: %v", err)
	}
	return User{Record: rec, Token: token}
}

// PNG returns a small generated PNG image.
func PNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for x := 0; x < 4; x++ {
		for y := 0; y < 4; y++ {
			img.Set(x, y, color.RGBA{R: uint8(60 * x), G: uint8(60 * y), B: 128, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatalf("png: %v", err)
	}
	return buf.Bytes()
}

// NewImage stores a product image and returns its stored file name.
func NewImage(t testing.TB, app core.App) string {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("product_images")
	if err != nil {
		t.Fatalf("product_images collection: %v", err)
	}
	f, err := filesystem.NewFileFromBytes(PNG(t), fmt.Sprintf("img%d.png", nextSeq()))
	if err != nil {
		t.Fatalf("file: %v", err)
	}
	rec := core.NewRecord(col)
	rec.Set("file", f)
	if err := app.Save(rec); err != nil {
		t.Fatalf("save image: %v", err)
	}
	return rec.GetString("file")
}

// Product describes a product fixture. Zero values get sensible defaults:
// an English name, category Sound, one image.
type Product struct {
	Name          string
	NameLocalized map[string]string
	PriceCents    int64
	Stock         int
	Inactive      bool
	Category      string
	TaxClass      string // standard when empty
}

// NewProduct stores a product (through the real record hooks) and returns
// its record.
func NewProduct(t testing.TB, app core.App, p Product) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("products")
	if err != nil {
		t.Fatalf("products collection: %v", err)
	}
	if p.Name == "" {
		p.Name = fmt.Sprintf("Product %d", nextSeq())
	}
	if p.Category == "" {
		p.Category = "Sound"
	}
	loc := map[string]string{"en": p.Name}
	for k, v := range p.NameLocalized {
		loc[k] = v
	}
	rec := core.NewRecord(col)
	rec.Set("name", p.Name)
	rec.Set("nameLocalized", loc)
	rec.Set("description", "A test product")
	rec.Set("category", p.Category)
	rec.Set("priceCents", p.PriceCents)
	rec.Set("stockQuantity", p.Stock)
	rec.Set("isActive", !p.Inactive)
	rec.Set("imageFileNames", []string{NewImage(t, app)})
	rec.Set("attributes", []any{})
	rec.Set("taxClass", p.TaxClass)
	if err := app.Save(rec); err != nil {
		t.Fatalf("save product: %v", err)
	}
	return rec
}

// DefaultVariant is the id of a product's default variant (a product made
// by NewProduct has only that one).
func DefaultVariant(t testing.TB, app core.App, productID string) string {
	t.Helper()
	rec, err := app.FindRecordById("products", productID)
	if err != nil {
		t.Fatalf("find product %s: %v", productID, err)
	}
	if rec.GetString("defaultVariant") == "" {
		t.Fatalf("product %s has no default variant", productID)
	}
	return rec.GetString("defaultVariant")
}

// Stock reads a product's current stock quantity from the database (its
// default variant's).
func Stock(t testing.TB, app core.App, productID string) int {
	t.Helper()
	rec, err := app.FindRecordById("products", productID)
	if err != nil {
		t.Fatalf("find product %s: %v", productID, err)
	}
	return rec.GetInt("stockQuantity")
}

// Count returns the number of records in a collection.
func Count(t testing.TB, app core.App, collection string) int {
	t.Helper()
	n, err := app.CountRecords(collection)
	if err != nil {
		t.Fatalf("count %s: %v", collection, err)
	}
	return int(n)
}

// Server builds the app's router once, as `serve` would, so a test can send
// many requests without a new app per request.
func Server(t testing.TB, app core.App) http.Handler {
	t.Helper()
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatalf("router: %v", err)
	}
	se := new(core.ServeEvent)
	se.App = app
	se.Router = router
	var handler http.Handler
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		mux, err := e.Router.BuildMux()
		if err != nil {
			return err
		}
		handler = mux
		return nil
	})
	if err != nil {
		t.Fatalf("serve event: %v", err)
	}
	return handler
}

// Client sends JSON requests to a test server.
type Client struct {
	T       testing.TB
	Handler http.Handler
}

// Response is a recorded answer.
type Response struct {
	Status int
	Body   []byte
	Header http.Header
}

// JSON decodes the body into v, failing the test when it is not JSON.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Map decodes the body as a JSON object.
func (r Response) Map(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	r.JSON(t, &m)
	return m
}

// Do sends a request. body may be nil, a string (sent as is) or any value
// (sent as JSON). headers are pairs of name and value; a "Bearer" pair with
// an empty value is skipped.
func (c Client) Do(method, url string, body any, headers ...string) Response {
	c.T.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			c.T.Fatalf("encode body: %v", err)
		}
		r = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, url, r)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	c.Handler.ServeHTTP(rec, req)
	return Response{Status: rec.Code, Body: rec.Body.Bytes(), Header: rec.Header()}
}

// Auth returns the header pair for a bearer token.
func Auth(token string) []string {
	if token == "" {
		return nil
	}
	return []string{"Authorization", "Bearer " + token}
}

// Harness bundles a fresh app and a client for its router.
type Harness struct {
	App    *tests.TestApp
	Client Client
	writes *RecordWrites
}

// Records counts the app's committed record writes (see Scenario).
func (h Harness) Records() *RecordWrites { return h.writes }

// NewHarness makes a fresh app (cleaned up with the test) and its router.
func NewHarness(t testing.TB) Harness {
	t.Helper()
	return NewHarnessSite(t, Site)
}

// NewHarnessSite is NewHarness serving site as the built web app.
func NewHarnessSite(t testing.TB, site fs.FS) Harness {
	t.Helper()
	app := newSite(t, site)
	t.Cleanup(app.Cleanup)
	return HarnessFor(t, app)
}

// HarnessFor is a harness around app, made by New and set up by the
// caller.
func HarnessFor(t testing.TB, app *tests.TestApp) Harness {
	t.Helper()
	writes := countRecordWrites(app)
	return Harness{App: app, Client: Client{T: t, Handler: Server(t, app)}, writes: writes}
}

// UpdateSettings changes app's settings the way the dashboard does: a
// saved copy, reloaded under the settings' lock. Code that keeps a copy of
// the settings (the mail package) follows a reload, never a direct write
// to app.Settings(), which would also race with goroutines reading them.
func UpdateSettings(t testing.TB, app core.App, change func(*core.Settings)) {
	t.Helper()
	s, err := app.Settings().Clone()
	if err != nil {
		t.Fatal(err)
	}
	change(s)
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
}

// SetAppURL sets the shop's public URL (the links in e-mails).
func SetAppURL(t testing.TB, app core.App, url string) {
	t.Helper()
	UpdateSettings(t, app, func(s *core.Settings) { s.Meta.AppURL = url })
}

// NewHarnessFrom is NewHarness on a copy of data dir dir (the database and
// whatever else it holds), as a restart on that directory would see it.
func NewHarnessFrom(t testing.TB, dir string) Harness {
	t.Helper()
	app := newOn(t, dir, Site)
	t.Cleanup(app.Cleanup)
	return Harness{App: app, Client: Client{T: t, Handler: Server(t, app)}}
}
