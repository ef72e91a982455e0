package site

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/richtext"
	"stageshop/shop/wire"
)

// PagesCollection holds the information pages (issue 35): shipping,
// returns, warranty, FAQ, privacy, terms, cookies, about and whatever the
// owner adds.
const PagesCollection = "pages"

// Answer shapes (shop/wire).
type (
	PageSummary = wire.PageSummary
	InfoPage    = wire.InfoPage
	AdminPage   = wire.AdminPage
)

// Limits of a page.
const (
	MaxPageSlugLen   = 60
	MaxPageTitleLen  = 200
	MaxPageSourceLen = 100000
	MaxPageSortOrder = 100000
)

var (
	// ErrPageNotFound: no page has that slug.
	ErrPageNotFound = wire.NotFound("Page not found")
	// ErrPageExists: another page has that slug.
	ErrPageExists = wire.Conflict("page_exists", "A page with this address exists").
			WithField("slug", "Another page has this address")
)

var pageSlugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// PageInput is the body of POST /api/admin/pages and PUT
// /api/admin/pages/{slug}: the slug (on create), the title and the
// Markdown source by language (any of the contract's localized shapes),
// and the footer's order.
type PageInput struct {
	Slug      string          `json:"slug"`
	Title     json.RawMessage `json:"title"`
	Source    json.RawMessage `json:"source"`
	SortOrder int             `json:"sortOrder"`
	// Body is taken as the source when source is not sent: api.md gives
	// pages the shape {slug, title, body} and is silent on what admins
	// send, so a client that writes the shape it reads (HTML, which the
	// source may hold) works too.
	Body json.RawMessage `json:"body"`

	title, source, body wire.Localized // set by Validate
}

// Validate checks the input and renders each language's source to
// sanitized HTML. Errors are keyed by the API's field paths ("title.en").
func (in *PageInput) Validate() error {
	in.Slug = strings.ToLower(strings.TrimSpace(in.Slug))
	errs := validation.Errors{
		"slug": validation.Validate(in.Slug, field.Required("The address is required"),
			validation.RuneLength(0, MaxPageSlugLen).Error("Must be at most 60 characters"),
			validation.Match(pageSlugPattern).Error("Use lowercase letters, digits and single hyphens (e.g. delivery-times)")),
		"sortOrder": validation.Validate(in.SortOrder, validation.Min(0).Error("Must be 0 or more"),
			validation.Max(MaxPageSortOrder).Error("Must be at most 100000")),
	}
	in.title, errs["title"] = localizedText(in.Title, true, MaxPageTitleLen)
	if src := bytes.TrimSpace(in.Source); len(src) == 0 || string(src) == "null" {
		in.Source = in.Body
	}
	in.source, errs["source"] = pageSource(in.Source)
	if errs.Filter() != nil {
		return errs.Filter()
	}
	in.body = wire.Localized{}
	for lang, src := range in.source {
		html, err := richtext.ToHTML(src)
		if err != nil {
			return err
		}
		in.body[lang] = html
	}
	return nil
}

// pageSource parses the localized Markdown: English required, each at
// most MaxPageSourceLen characters, line ends normalized.
func pageSource(raw json.RawMessage) (wire.Localized, error) {
	l, ok := field.ParseLocalizedJSON(raw)
	if !ok {
		return nil, validation.NewError("validation_localized", "Must be an object of texts by language (en, ru, zh)")
	}
	errs := validation.Errors{}
	for lang, s := range l {
		l[lang] = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
		if len([]rune(l[lang])) > MaxPageSourceLen {
			errs[lang] = validation.NewError("validation_length", "Must be at most "+strconv.Itoa(MaxPageSourceLen)+" characters")
		}
		if l[lang] == "" {
			delete(l, lang)
		}
	}
	if l["en"] == "" {
		errs["en"] = validation.NewError("validation_required", "The English text is required")
	}
	if len(errs) > 0 {
		return l, errs
	}
	return l, nil
}

// ListPages returns every page's slug and title, in the footer's order.
func ListPages(app core.App) ([]PageSummary, error) {
	recs, err := app.FindRecordsByFilter(PagesCollection, "", "sortOrder,slug", 0, 0)
	if err != nil {
		return nil, err
	}
	out := make([]PageSummary, 0, len(recs))
	for _, r := range recs {
		out = append(out, PageSummary{Slug: r.GetString("slug"), Title: field.RecordLocalized(r, "title")})
	}
	return out, nil
}

// AdminListPages returns every page with its sources, in the footer's order.
func AdminListPages(app core.App) ([]AdminPage, error) {
	recs, err := app.FindRecordsByFilter(PagesCollection, "", "sortOrder,slug", 0, 0)
	if err != nil {
		return nil, err
	}
	out := make([]AdminPage, 0, len(recs))
	for _, r := range recs {
		out = append(out, adminPageOf(r))
	}
	return out, nil
}

// GetPage returns the page with that slug, or ErrPageNotFound.
func GetPage(app core.App, slug string) (InfoPage, error) {
	rec, err := findPage(app, slug)
	if err != nil {
		return InfoPage{}, err
	}
	return InfoPage{Slug: rec.GetString("slug"), Title: field.RecordLocalized(rec, "title"), Body: field.RecordLocalized(rec, "body")}, nil
}

func findPage(app core.App, slug string) (*core.Record, error) {
	if !pageSlugPattern.MatchString(slug) || len(slug) > MaxPageSlugLen {
		return nil, ErrPageNotFound
	}
	rec, err := app.FindFirstRecordByData(PagesCollection, "slug", slug)
	if err != nil {
		return nil, ErrPageNotFound
	}
	return rec, nil
}

// SavePage creates a page (slug "") or updates the page with that slug
// (its slug stays; the input's is ignored).
func SavePage(app core.App, slug string, in PageInput) (AdminPage, error) {
	if slug != "" {
		in.Slug = slug
	}
	if err := in.Validate(); err != nil {
		return AdminPage{}, err
	}
	var rec *core.Record
	if slug != "" {
		found, err := findPage(app, slug)
		if err != nil {
			return AdminPage{}, err
		}
		rec = found
	} else {
		if _, err := findPage(app, in.Slug); err == nil {
			return AdminPage{}, ErrPageExists
		}
		col, err := app.FindCachedCollectionByNameOrId(PagesCollection)
		if err != nil {
			return AdminPage{}, err
		}
		rec = core.NewRecord(col)
		rec.Set("slug", in.Slug)
	}
	rec.Set("title", in.title)
	rec.Set("source", in.source)
	rec.Set("body", in.body)
	rec.Set("sortOrder", in.SortOrder)
	if err := app.Save(rec); err != nil {
		if slug == "" && strings.Contains(err.Error(), "UNIQUE") {
			return AdminPage{}, ErrPageExists // another admin made it meanwhile
		}
		return AdminPage{}, err
	}
	return adminPageOf(rec), nil
}

// DeletePage deletes the page with that slug.
func DeletePage(app core.App, slug string) error {
	rec, err := findPage(app, slug)
	if err != nil {
		return err
	}
	return app.Delete(rec)
}

func adminPageOf(r *core.Record) AdminPage {
	return AdminPage{Slug: r.GetString("slug"), Title: field.RecordLocalized(r, "title"), Source: field.RecordLocalized(r, "source"),
		Body: field.RecordLocalized(r, "body"), SortOrder: r.GetInt("sortOrder"), UpdatedAt: wire.Stamp(r.GetDateTime("updated"))}
}

// PageWriteHook is the pages OnRecordCreate and OnRecordUpdate hook: a
// page's HTML is safe whoever writes it (the API, the PocketBase
// dashboard, a script): an <img onerror> saved through the dashboard
// reached the page (issue 43 item 8). A changed source is rendered again;
// otherwise the body as written is sanitized.
func PageWriteHook(e *core.RecordEvent) error {
	rec := e.Record
	source := field.RecordLocalized(rec, "source")
	var body wire.Localized
	if rec.IsNew() || !sameLocalized(source, field.RecordLocalized(rec.Original(), "source")) {
		body = wire.Localized{}
		for lang, src := range source {
			html, err := richtext.ToHTML(src)
			if err != nil {
				return err
			}
			body[lang] = html
		}
	} else {
		body = field.RecordLocalized(rec, "body")
		for lang, html := range body {
			body[lang] = richtext.Sanitize(html)
		}
	}
	rec.Set("body", body)
	return e.Next()
}

// sameLocalized reports whether a and b hold the same texts.
func sameLocalized(a, b wire.Localized) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
