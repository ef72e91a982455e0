package mail

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

// Kinds of quote e-mail (issue 47), all to the customer: the quote sent
// (or a new revision of it) and the reminder two days before it expires.
const (
	KindQuoteSent     = "quote_sent"
	KindQuoteReminder = "quote_reminder"
)

func init() { kinds = append(kinds, KindQuoteSent, KindQuoteReminder) }

// Quote is what a quote e-mail tells: its number, total in cents, the
// validity date, the event, and the page of the quote (/account/quotes/ID).
type Quote struct {
	To         Recipient
	Number     string
	Event      string
	Total      int64
	ValidUntil time.Time
	Path       string
}

// QueueQuote queues the quote e-mail of kind to the customer in their
// language, once per eventKey.
func QueueQuote(txApp core.App, kind, eventKey string, q Quote) error {
	lang := locale.Lang(q.To.Language)
	v := newView(txApp, lang, q.To.Email, q.To.Name)
	args := []string{"number", q.Number, "amount", locale.Price(q.Total, lang), "date", locale.Date(q.ValidUntil, lang)}
	v.Subject = tr(lang, kind+"Subject", args...)
	v.Heading = tr(lang, kind+"Heading", args...)
	v.Intro = []string{tr(lang, kind+"Intro", args...)}
	v.Facts = append(v.Facts, fact{tr(lang, "quoteNumber"), q.Number})
	if q.Event != "" {
		v.Facts = append(v.Facts, fact{tr(lang, "quoteEvent"), q.Event})
	}
	v.Facts = append(v.Facts, fact{tr(lang, "quoteTotal"), locale.Price(q.Total, lang)},
		fact{tr(lang, "quoteValidUntil"), locale.Date(q.ValidUntil, lang)})
	v.Button = &button{tr(lang, "quoteOpen"), v.link(q.Path)}
	v.After = []string{tr(lang, "quoteAvailability"), tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(kind, q.To.Email, eventKey, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}
