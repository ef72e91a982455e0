package mail

import (
	"database/sql"
	"errors"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// Page sizes of the admin's e-mail list.
const (
	DefaultPageSize = 20
	maxPageSize     = 100
)

// ErrNotFound: no e-mail with that id.
var ErrNotFound = wire.NotFound("E-mail not found")

// Summary is an e-mail in the admin's list.
type Summary struct {
	ID        string `json:"id"`
	To        string `json:"to"`
	Subject   string `json:"subject"`
	Kind      string `json:"kind"`
	Language  string `json:"language"`
	Status    string `json:"status"`
	Attempts  int    `json:"attempts"`
	LastError string `json:"lastError"`
	CreatedAt string `json:"createdAt"`
	SentAt    string `json:"sentAt"`
}

// Email is one e-mail with its rendered parts.
type Email struct {
	Summary
	HTML string `json:"html"`
	Text string `json:"text"`
}

// Page is one page of the outbox, newest first.
type Page struct {
	Emails     []Summary `json:"emails"`
	Pagination wire.Page `json:"pagination"`
}

// ListQuery selects a page of the outbox: page from 1, pageSize from 1 to
// maxPageSize, optionally one status.
type ListQuery struct {
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
	Status   string `json:"status"`
}

// Validate checks the query; errors are keyed page, pageSize, status.
func (q ListQuery) Validate() error {
	badPage := validation.NewError("validation_invalid", "Page must be a whole number of at least 1")
	badSize := validation.NewError("validation_invalid", "Page size must be a whole number from 1 to 100")
	return validation.ValidateStruct(&q,
		validation.Field(&q.Page, validation.Required.ErrorObject(badPage), validation.Min(1).ErrorObject(badPage)),
		validation.Field(&q.PageSize, validation.Required.ErrorObject(badSize), validation.Min(1).ErrorObject(badSize),
			validation.Max(maxPageSize).ErrorObject(badSize)),
		validation.Field(&q.Status, validation.In(StatusQueued, statusSent, StatusFailed).
			ErrorObject(validation.NewError("validation_invalid", "Status must be one of queued, sent, failed"))),
	)
}

func summaryOf(r *core.Record) Summary {
	return Summary{ID: r.Id, To: r.GetString("to"), Subject: r.GetString("subject"), Kind: r.GetString("kind"),
		Language: r.GetString("language"), Status: r.GetString("status"), Attempts: r.GetInt("attempts"),
		LastError: r.GetString("lastError"), CreatedAt: wire.Stamp(r.GetDateTime("created")), SentAt: wire.Stamp(r.GetDateTime("sentAt"))}
}

// List returns one page of the outbox, newest first, optionally only the
// e-mails with q.Status.
func List(app core.App, q ListQuery) (*Page, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	page, pageSize := q.Page, q.PageSize
	where, total, err := db.CountByStatus(app, Collection, q.Status)
	if err != nil {
		return nil, err
	}
	out := &Page{Emails: []Summary{}, Pagination: wire.NewPage(page, pageSize, total)}
	recs := []*core.Record{}
	err = app.RecordQuery(Collection).
		Select("id", "to", "subject", "kind", "language", "status", "attempts", "lastError", "created", "sentAt").
		Where(where).OrderBy("created DESC", "rowid DESC").
		Limit(int64(pageSize)).Offset(int64(page-1) * int64(pageSize)).All(&recs)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		out.Emails = append(out.Emails, summaryOf(r))
	}
	return out, nil
}

// Get returns one e-mail with its HTML and text.
func Get(app core.App, id string) (*Email, error) {
	r, err := find(app, id)
	if err != nil {
		return nil, err
	}
	return withContent(r)
}

// withContent is an e-mail with its HTML and text (rendered now when it
// has not been sent yet).
func withContent(r *core.Record) (*Email, error) {
	html, text, err := content(r)
	if err != nil {
		return nil, err
	}
	return &Email{Summary: summaryOf(r), HTML: html, Text: text}, nil
}

// Resend queues an e-mail again (sent, failed or still queued), due now,
// with a fresh count of attempts, and returns it. An e-mail that carried a
// secret (a password reset) is ErrNotResendable: its link went only to the
// user, and a new request makes a new one.
func Resend(app core.App, id string) (*Email, error) {
	r, err := find(app, id)
	if err != nil {
		return nil, err
	}
	if HasSecret(r.GetString("kind")) {
		return nil, ErrNotResendable
	}
	r.Set("status", StatusQueued)
	r.Set("attempts", 0)
	r.Set("nextAttemptAt", "")
	r.Set("claimedBy", "")
	r.Set("claimedUntil", "")
	if err := app.SaveNoValidate(r); err != nil {
		return nil, err
	}
	if w := stateOf(app).worker.Load(); w != nil {
		w.Wake()
	}
	return withContent(r)
}

func find(app core.App, id string) (*core.Record, error) {
	if id == "" {
		return nil, ErrNotFound
	}
	r, err := app.FindRecordById(Collection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}
