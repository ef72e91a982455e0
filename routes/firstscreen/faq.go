package firstscreen

import (
	"html/template"
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// faq is the FAQ page's template data (faq.{lang}): its title, the text
// before the first group and the groups of questions, in Lang.
type faq struct {
	page
	Lang, Title string
	Intro       template.HTML
	Groups      []faqGroup
}

// faqGroup is a tab of the FAQ: an `##` heading and its `###` questions.
type faqGroup struct {
	Index     int
	Name      string
	Questions []faqQuestion
}

type faqQuestion struct {
	Question string
	Answer   template.HTML
}

// RenderFAQ writes the FAQ page's first screen in lang: the page in lang
// when it has a body in it, else in English (as RecordPage), read into
// groups and questions as the app's parseFaq reads it. Its body was
// sanitized when it was saved (shop/richtext); ok is false when it cannot
// be read.
func RenderFAQ(lang string, store Store, p InfoPage) (out []byte, ok bool, err error) {
	in, title := p.text(lang)
	data, ok := parseFAQ(p.Body[in])
	if !ok {
		return nil, false, nil
	}
	data.page, data.Lang, data.Title = page{store}, in, title
	out, err = execute("faq."+lang, data)
	return out, err == nil, err
}

// parseFAQ splits a FAQ body as the app's parseFaq (features/info/
// faqSearch.ts) does: each top-level <h2> starts a group, each <h3> in a
// group a question whose answer is what follows until the next heading;
// what comes before the first group is the intro.
func parseFAQ(body string) (faq, bool) {
	var f faq
	nodes, err := html.ParseFragment(strings.NewReader(body), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return f, false
	}
	var intro strings.Builder
	var q *faqQuestion
	var answer strings.Builder
	flush := func() {
		if q != nil {
			q.Answer = template.HTML(answer.String()) //nolint:gosec // sanitized when saved
			g := &f.Groups[len(f.Groups)-1]
			g.Questions = append(g.Questions, *q)
		}
		q = nil
		answer.Reset()
	}
	for _, n := range nodes {
		switch {
		case n.Type == html.ElementNode && n.DataAtom == atom.H2:
			flush()
			f.Groups = append(f.Groups, faqGroup{Index: len(f.Groups), Name: strings.TrimSpace(textOf(n))})
		case n.Type == html.ElementNode && n.DataAtom == atom.H3 && len(f.Groups) > 0:
			flush()
			q = &faqQuestion{Question: strings.TrimSpace(textOf(n))}
		case q != nil:
			if err := writeNode(&answer, n); err != nil {
				return f, false
			}
		case len(f.Groups) == 0:
			if err := writeNode(&intro, n); err != nil {
				return f, false
			}
		}
	}
	flush()
	f.Intro = template.HTML(intro.String()) //nolint:gosec // sanitized when saved
	return f, true
}

// writeNode writes an element as its HTML and a text as its text (the
// app adds an element's outerHTML and a text node's text); comments are
// left out, as the browser's HTML would not show them.
func writeNode(b *strings.Builder, n *html.Node) error {
	switch n.Type {
	case html.ElementNode:
		return html.Render(b, n)
	case html.TextNode:
		b.WriteString(html.EscapeString(n.Data))
	}
	return nil
}

// textOf is a node's text, as the DOM's textContent.
func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.CommentNode {
			b.WriteString(textOf(c))
		}
	}
	return b.String()
}

// Contact is what the contact page's cards show of the store details
// (/admin/settings), in the page's language: a card per detail the owner
// filled in.
type Contact struct {
	Phone, Email, Address, Hours string
}

// contact is the contact page's template data (contact.{lang}).
type contact struct {
	page
	Phone, PhoneHref, Email string
	HasAddress, HasHours    string // "yes" when there are lines
	Address, Hours          []string
}

var notDialled = regexp.MustCompile(`[^0-9+]`)

// RenderContact writes the contact page's first screen in lang: the
// form and the cards of the details c has, as the app's ContactPage.
func RenderContact(lang string, store Store, c Contact) ([]byte, error) {
	d := contact{page: page{store}, Phone: c.Phone, Email: c.Email, Address: lines(c.Address), Hours: lines(c.Hours)}
	if d.Phone != "" {
		d.PhoneHref = notDialled.ReplaceAllString(d.Phone, "")
	}
	if len(d.Address) > 0 {
		d.HasAddress = "yes"
	}
	if len(d.Hours) > 0 {
		d.HasHours = "yes"
	}
	return execute("contact."+lang, d)
}

// lines are s's lines that are not blank, as the app's cards split them.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
