package mail

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"regexp"
	"strings"
	texttemplate "text/template"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

//go:embed templates/layout.html templates/layout.txt
var templateFS embed.FS

// One layout for every e-mail, in HTML (inline styles, tables, no web fonts
// or scripts, so common mail clients show it alike) and in plain text.
var (
	htmlLayout = htmltemplate.Must(htmltemplate.New("layout.html").Funcs(htmltemplate.FuncMap{"linked": linked}).
			ParseFS(templateFS, "templates/layout.html"))
	textLayout = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/layout.txt"))
)

// view is what an e-mail says; the layouts decide how it looks.
type view struct {
	Lang, Subject, Preheader string
	Shop, ShopURL, SentTo    string
	Logo                     string // the shop's logo (absolute URL), "" for none
	Heading, Greeting        string
	Intro                    []string
	Facts                    []fact
	Lines                    []viewLine
	Totals                   []total
	Address                  []string
	Quotes                   []quote
	Button                   *button
	Links                    []button
	After                    []string
	Labels                   labels
}

type fact struct{ Label, Value string }

type viewLine struct {
	Name        string
	SKU         string
	Qty         int
	Unit, Total string
}

type total struct {
	Label, Value string
	Strong       bool
}

type quote struct{ Label, Title, Text string }

type button struct{ Label, URL string }

// labels are the fixed words of the layout.
type labels struct{ Item, Qty, Amount, ShipTo, Tagline, ButtonFallback, SKU string }

// newView starts a view in lang for the recipient to: the shop's name and
// URL, the greeting and the layout's words.
func newView(app core.App, lang, to, name string) *view {
	id := identityOf(app)
	shop := id.Name
	if shop == "" {
		shop = "StageShop"
	}
	greeting := tr(lang, "helloAnon")
	if name = strings.TrimSpace(name); name != "" {
		greeting = tr(lang, "hello", "name", name)
	}
	return &view{
		Lang: lang, Shop: shop, ShopURL: PublicURL(app), Greeting: greeting, Logo: logoURL(app, id.LogoURL),
		SentTo: tr(lang, "sentTo", "to", to),
		Labels: labels{
			Item: tr(lang, "item"), Qty: tr(lang, "qty"), SKU: tr(lang, "sku"), Amount: tr(lang, "amount"), ShipTo: tr(lang, "shipTo"),
			Tagline: tr(lang, "tagline"), ButtonFallback: tr(lang, "buttonFallback"),
		},
	}
}

// logoURL is the logo's address as a mail client can load it: a path is
// put under the shop's public URL; "" stays "".
func logoURL(app core.App, logo string) string {
	if strings.HasPrefix(logo, "/") {
		return PublicURL(app) + logo
	}
	return logo
}

// link is a path on the shop's public URL.
func (v *view) link(path string) string { return v.ShopURL + PagePath(v.Lang, path) }

// PagePath is the app's page path at its address in lang: English (the
// fallback) as it is, the others under their prefix (/ru/account/orders),
// as the shop's pages are addressed since they have one per language.
func PagePath(lang, path string) string {
	if l := locale.Lang(lang); l != locale.Fallback {
		return "/" + l + path
	}
	return path
}

// render turns a view into the outbox's e-mail: the view itself, as JSON.
// The layouts run when the e-mail is sent or previewed (see content), not
// in the transaction that queues it.
func render(kind, to, eventKey string, v *view) (rendered, error) {
	if v.Preheader == "" && len(v.Intro) > 0 {
		v.Preheader = v.Intro[0]
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return rendered{}, err
	}
	return rendered{Kind: kind, To: to, Language: v.Lang, Subject: v.Subject, View: raw, EventKey: eventKey}, nil
}

// execute runs the layouts on v.
func (v *view) execute() (html, text string, err error) {
	var h, t bytes.Buffer
	if err := htmlLayout.Execute(&h, v); err != nil {
		return "", "", err
	}
	if err := textLayout.Execute(&t, v); err != nil {
		return "", "", err
	}
	return h.String(), t.String(), nil
}

// content is an outbox record's HTML and text: as sent when it was sent,
// else rendered now from its stored view.
func content(rec *core.Record) (html, text string, err error) {
	if html, text = rec.GetString("html"), rec.GetString("text"); html != "" || text != "" {
		return html, text, nil
	}
	v, err := storedView(rec)
	if err != nil {
		return "", "", err
	}
	return v.execute()
}

// storedView reads the view an outbox record was queued with.
func storedView(rec *core.Record) (*view, error) {
	var v view
	if err := json.Unmarshal([]byte(rec.GetString("view")), &v); err != nil {
		return nil, fmt.Errorf("e-mail %s: unreadable view: %w", rec.Id, err)
	}
	return &v, nil
}

// urlInText finds the shop's links in a sentence; a period, comma or
// bracket at the end is the sentence's, not the link's.
var urlInText = regexp.MustCompile(`https?://[^\s<>"]*[^\s<>".,;:!?)\]]`)

// linked is a paragraph's text for the HTML layout with every URL in it
// made a link (the texts carry the shop's links as plain URLs, which the
// plain-text e-mail shows as they are).
func linked(text string) htmltemplate.HTML {
	var b strings.Builder
	last := 0
	for _, m := range urlInText.FindAllStringIndex(text, -1) {
		b.WriteString(htmltemplate.HTMLEscapeString(text[last:m[0]]))
		u := htmltemplate.HTMLEscapeString(text[m[0]:m[1]])
		b.WriteString(`<a href="` + u + `" style="color:#4f46e5;">` + u + `</a>`)
		last = m[1]
	}
	b.WriteString(htmltemplate.HTMLEscapeString(text[last:]))
	return htmltemplate.HTML(b.String()) //nolint:gosec // every part is escaped above
}
