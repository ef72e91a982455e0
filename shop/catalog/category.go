package catalog

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/keep"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// Categories are records an admin adds, renames, orders and hides (issue
// 35). A product names its category by id (categoryId) and by the English
// name (category), which old clients send and read; the shop keeps the
// name in step when a category is renamed.

// CategoriesCollection holds the catalog's categories.
const CategoriesCollection = "categories"

// Limits of a category.
const (
	maxCategoryName = 100
	maxCategorySlug = 60
	maxCategories   = 200
)

// Category is an answer shape (shop/wire).
type Category = wire.Category

// Category errors.
var (
	ErrCategoryNotFound = wire.NotFound("Category not found")
	// ErrCategoryNotEmpty: products remain in a category being deleted
	// and no other category was named to move them to.
	ErrCategoryNotEmpty = errors.New("products remain in this category")
)

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// CategoryInput is the body of a new or changed category. Name is the
// English name (or nameLocalized.en); an empty slug is made from it; a nil
// sortOrder puts a new category last and leaves a changed one in place,
// a number moves it to that position (0 first) and the others make room.
type CategoryInput struct {
	Name          string         `json:"name"`
	NameLocalized wire.Localized `json:"nameLocalized"`
	Slug          string         `json:"slug"`
	SortOrder     *int           `json:"sortOrder"`
	ImageFileName string         `json:"imageFileName"`
	Hidden        bool           `json:"hidden"`
}

// Normalize trims the texts, fills the English name and the slug from
// each other's source and drops empty translations.
func (in *CategoryInput) Normalize() {
	in.Name = field.CleanLine(in.Name)
	loc := wire.Localized{}
	for k, v := range in.NameLocalized {
		if v = field.CleanLine(v); v != "" {
			loc[k] = v
		}
	}
	if in.Name == "" {
		in.Name = loc["en"]
	}
	if in.Name != "" {
		loc["en"] = in.Name
	}
	in.NameLocalized = loc
	in.Slug = strings.TrimSpace(strings.ToLower(in.Slug))
	if in.Slug == "" {
		in.Slug = Slugify(in.Name)
	}
	in.ImageFileName = strings.TrimSpace(in.ImageFileName)
}

// Slugify makes a URL slug of a name: lower-case letters and digits of
// the Latin alphabet joined by single hyphens.
func Slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	out := b.String()
	if len(out) > maxCategorySlug {
		out = strings.TrimRight(out[:maxCategorySlug], "-")
	}
	return out
}

// Validate checks a normalized category against the app's images.
func (in CategoryInput) Validate(app core.App) error {
	nameLen := fmt.Sprintf("Name must be at most %d characters", maxCategoryName)
	return validation.ValidateStruct(&in,
		validation.Field(&in.Name, field.Required("Name is required"), maxText(maxCategoryName, nameLen)),
		validation.Field(&in.NameLocalized, validation.By(func(any) error {
			for lang, v := range in.NameLocalized {
				if !isLanguage(lang) {
					return validation.NewError("validation_language", "Languages are en, ru and zh")
				}
				if len([]rune(v)) > maxCategoryName {
					return validation.NewError("validation_length", nameLen)
				}
			}
			return nil
		})),
		validation.Field(&in.Slug, field.Required("Slug is required"), validation.By(func(any) error {
			if len(in.Slug) > maxCategorySlug || !slugPattern.MatchString(in.Slug) {
				return validation.NewError("validation_slug", "Slug must be lower-case letters, digits and single hyphens (at most 60)")
			}
			return nil
		})),
		validation.Field(&in.SortOrder, validation.By(func(any) error {
			if in.SortOrder != nil && *in.SortOrder < 0 {
				return validation.NewError("validation_min", "Sort order must be at least 0")
			}
			return nil
		})),
		validation.Field(&in.ImageFileName, validation.By(func(any) error {
			if in.ImageFileName != "" && MissingImages(app, []string{in.ImageFileName}) != "" {
				return validation.NewError("validation_unknown_image", "Unknown image: "+in.ImageFileName)
			}
			return nil
		})),
	)
}

// isLanguage reports the interface languages.
func isLanguage(l string) bool { return l == "en" || l == "ru" || l == "zh" }

// categoryOf is the answer shape of a category record.
func categoryOf(r *core.Record, count int, admin bool) Category {
	loc, _ := field.ParseLocalized(field.JSONValue(r.Get("nameLocalized")))
	if loc == nil {
		loc = wire.Localized{}
	}
	c := Category{ID: r.Id, Slug: r.GetString("slug"), Name: r.GetString("name"), NameLocalized: loc,
		SortOrder: r.GetInt("sortOrder"), ImageFileName: r.GetString("imageFileName"), ProductCount: count}
	if c.ImageFileName != "" {
		c.ImageURL = "/images/products/" + c.ImageFileName
	}
	if admin {
		c.Hidden = r.GetBool("hidden")
	}
	return c
}

// ListCategories is the categories in order: the shown ones with their
// active products counted (shoppers), or every one with all its products
// (admin).
func ListCategories(app core.App, admin bool) ([]Category, error) {
	filter := "hidden = false"
	if admin {
		filter = ""
	}
	recs, err := app.FindRecordsByFilter(CategoriesCollection, filter, "sortOrder,id", maxCategories, 0)
	if err != nil {
		return nil, err
	}
	counts, err := categoryCounts(app, !admin)
	if err != nil {
		return nil, err
	}
	out := make([]Category, 0, len(recs))
	for _, r := range recs {
		out = append(out, categoryOf(r, counts[r.GetString("name")], admin))
	}
	return out, nil
}

// categoryCounts counts the products of each category by its English name
// (active ones only): products written by raw inserts (the benches) may
// carry only the name.
func categoryCounts(app core.App, activeOnly bool) (map[string]int, error) {
	var rows []struct {
		ID string `db:"category"`
		N  int    `db:"n"`
	}
	q := app.DB().Select("category", "COUNT(*) AS n").From(ProductsCollection).GroupBy("category")
	if activeOnly {
		q = q.Where(dbx.HashExp{"isActive": true})
	}
	if err := q.All(&rows); err != nil {
		return nil, err
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.ID] = r.N
	}
	return out, nil
}

// CategoryNames is the English names of the shown categories, in order
// (GET /api/products/categories: what old clients read).
func CategoryNames(app core.App) ([]string, error) {
	cats, err := knownCategories(app)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(cats))
	for _, c := range cats {
		if !c.hidden {
			out = append(out, c.name)
		}
	}
	return out, nil
}

// knownCategory is what lists and filters need of a category.
type knownCategory struct {
	id, slug, name string
	loc            wire.Localized
	hidden         bool
}

// KnownCategories are every category in order, kept between requests
// until a category changes (the catalog's filters read them per request).
type KnownCategories []knownCategory

// Canonical is the English name of the category named s (its name in any
// case, or its slug), and whether there is one.
func (k KnownCategories) Canonical(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, c := range k {
		if strings.EqualFold(c.name, s) || c.slug == s {
			return c.name, true
		}
	}
	return s, false
}

// Hidden is the English names of the hidden categories.
func (k KnownCategories) Hidden() []string {
	var out []string
	for _, c := range k {
		if c.hidden {
			out = append(out, c.name)
		}
	}
	return out
}

// Localized is the name of the category named name in lang (English when
// it has none), and whether there is such a category.
func (k KnownCategories) Localized(name, lang string) (string, bool) {
	for _, c := range k {
		if c.name == name {
			if v := c.loc[lang]; v != "" {
				return v, true
			}
			return c.name, true
		}
	}
	return name, false
}

// Shown reports whether name is a category shoppers see.
func (k KnownCategories) Shown(name string) bool {
	for _, c := range k {
		if c.name == name {
			return !c.hidden
		}
	}
	return false
}

// Names is the English names of the shown categories, in order.
func (k KnownCategories) Names() []string {
	var out []string
	for _, c := range k {
		if !c.hidden {
			out = append(out, c.name)
		}
	}
	return out
}

// Categories reads the kept categories.
func Categories(app core.App) (KnownCategories, error) { return knownCategories(app) }

func knownCategories(app core.App) (KnownCategories, error) {
	return stateOf(app).categories(app).Get(app)
}

func readKnownCategories(app core.App) (KnownCategories, error) {
	recs, err := app.FindRecordsByFilter(CategoriesCollection, "", "sortOrder,id", maxCategories, 0)
	if err != nil {
		return nil, err
	}
	out := make(KnownCategories, 0, len(recs))
	for _, r := range recs {
		loc, _ := field.ParseLocalized(field.JSONValue(r.Get("nameLocalized")))
		out = append(out, knownCategory{id: r.Id, slug: r.GetString("slug"), name: r.GetString("name"),
			loc: loc, hidden: r.GetBool("hidden")})
	}
	return out, nil
}

// KeepCategories keeps the categories between requests, dropped when one
// changes.
func KeepCategories(app core.App) {
	k := keep.New(time.Minute, readKnownCategories)
	k.DropOnChange(app, CategoriesCollection)
	stateOf(app).cats.Store(k)
}

// categories is the kept categories (read afresh when KeepCategories was
// not called, as in a bare app).
func (s *state) categories(app core.App) *keep.Value[KnownCategories] {
	if k := s.cats.Load(); k != nil {
		return k
	}
	return keep.New(0, readKnownCategories)
}

// nowDate is PocketBase's form of the current time, for raw updates of
// `updated`.
func nowDate() string { return types.NowDateTime().String() }

// syncProductCategory keeps a product's two names of its category in step
// (the product hook): a changed categoryId names the category when the
// name did not change too, else the English name in any case does (what
// old clients and the dashboard send).
func syncProductCategory(app core.App, rec *core.Record) error {
	id, name := rec.GetString("categoryId"), strings.TrimSpace(rec.GetString("category"))
	orig := rec.Original()
	byID := id != "" && (rec.IsNew() && name == "" ||
		!rec.IsNew() && id != orig.GetString("categoryId") && strings.EqualFold(name, orig.GetString("category")))
	var cat *core.Record
	if byID {
		cat, _ = app.FindRecordById(CategoriesCollection, id)
	} else if name != "" {
		cat, _ = app.FindFirstRecordByFilter(CategoriesCollection, "name = {:name}", dbx.Params{"name": name})
		if cat == nil {
			var found []*core.Record
			err := app.RecordQuery(CategoriesCollection).AndWhere(dbx.NewExp("name = {:name} COLLATE NOCASE",
				dbx.Params{"name": name})).Limit(1).All(&found)
			if err == nil && len(found) == 1 {
				cat = found[0]
			}
		}
	}
	if cat == nil {
		known, _ := readKnownCategories(app)
		return validation.NewError("validation_invalid_category", "Category must be one of "+strings.Join(known.Names(), ", "))
	}
	rec.Set("categoryId", cat.Id)
	rec.Set("category", cat.GetString("name"))
	return nil
}
