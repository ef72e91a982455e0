// Package richtext turns what a shop owner writes on an information page
// (Markdown, with HTML allowed inside it) into HTML that is safe to send to
// every shopper: goldmark renders the Markdown, then bluemonday keeps only
// a safe subset of HTML (no scripts, no event attributes, no style, links
// only to http, https, mailto and tel addresses).
package richtext

import (
	"bytes"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// markdown renders tables and strikethrough too; raw HTML passes through
// to the sanitizer, which is what makes it safe (WithUnsafe is goldmark's
// name for "do not drop it here").
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Table, extension.Strikethrough),
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// policy is bluemonday's policy for user-generated content (headings,
// paragraphs, lists, tables, links, images, emphasis, quotes, code) with
// the shop's own links left followable and only web, mail and phone links.
var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(false)
	p.RequireParseableURLs(true)
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.AllowRelativeURLs(true)
	p.AllowElements("details", "summary")
	return p
}()

// ToHTML renders Markdown (with inline HTML) to sanitized HTML.
func ToHTML(source string) (string, error) {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(source), &buf); err != nil {
		return "", err
	}
	return Sanitize(buf.String()), nil
}

// Sanitize keeps the safe subset of HTML in s.
func Sanitize(s string) string {
	return strings.TrimSpace(policy.Sanitize(s))
}

// PlainText is the text of sanitized HTML without its tags, whitespace
// collapsed (a page's description for search engines).
func PlainText(s string) string {
	text := bluemonday.StrictPolicy().Sanitize(strings.NewReplacer("</p>", " </p>", "</li>", " </li>", "</h2>", " </h2>", "</h3>", " </h3>").Replace(s))
	return strings.Join(strings.Fields(unescape(text)), " ")
}

// Summary is the text of the first paragraph of sanitized HTML that is not
// a note in italics (a "Last updated" line), else all its text: a page's
// description for search engines.
func Summary(s string) string {
	rest := s
	for {
		start := strings.Index(rest, "<p>")
		if start < 0 {
			break
		}
		end := strings.Index(rest[start:], "</p>")
		if end < 0 {
			break
		}
		inner := strings.TrimSpace(rest[start+3 : start+end])
		note := strings.HasPrefix(inner, "<em>") && strings.HasSuffix(inner, "</em>")
		if text := PlainText(inner); text != "" && !note {
			return text
		}
		rest = rest[start+end+4:]
	}
	return PlainText(s)
}

// unescape undoes the entities the strict policy writes for text.
func unescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&quot;", `"`).Replace(s)
}
