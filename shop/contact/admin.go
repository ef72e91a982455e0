package contact

// The admins' side of the contact requests: the list, the counts, the
// status and notes, deletion. (The visitor's side is in contact.go, replies
// in contact_reply.go.)

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// Page is an answer shape (shop/wire).
type Page = wire.ContactPage

// Stats is an answer shape (shop/wire).
type Stats = wire.ContactStats

// contactRow is one row of the contact list query.
type contactRow struct {
	ID         string         `db:"id"`
	Name       string         `db:"name"`
	Email      string         `db:"email"`
	Subject    string         `db:"subject"`
	Message    string         `db:"message"`
	Status     string         `db:"status"`
	AdminNotes string         `db:"adminNotes"`
	Created    types.DateTime `db:"created"`
	Updated    types.DateTime `db:"updated"`
}

func (r contactRow) request() Request {
	return Request{ID: r.ID, Name: r.Name, Email: r.Email, Subject: r.Subject, Message: r.Message,
		Status: r.Status, AdminNotes: r.AdminNotes, CreatedAt: wire.Stamp(r.Created), UpdatedAt: wire.Stamp(r.Updated),
		Replies: []Reply{}}
}

var contactColumns = []string{"id", "name", "email", "subject", "message", "status", "adminNotes", "created", "updated"}

// Query selects a page of the contact requests: page from 1,
// pageSize one of the page sizes, optionally one status.
type Query struct {
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
	Status   string `json:"status"`
}

// Validate checks the query; errors are keyed page, pageSize, status.
func (q Query) Validate() error {
	return validation.ValidateStruct(&q,
		validation.Field(&q.Page, validation.By(func(any) error {
			if q.Page < 1 {
				return validation.NewError("validation_invalid", "Page must be a whole number of at least 1")
			}
			return nil
		})),
		validation.Field(&q.PageSize, validation.By(func(any) error {
			if !isPageSize(q.PageSize) {
				return validation.NewError("validation_invalid", "Page size must be one of 5, 10, 25, 50")
			}
			return nil
		})),
		validation.Field(&q.Status, statusRule),
	)
}

// statusRule accepts one of the statuses (or nothing: required
// separately where it is).
var statusRule = validation.In(field.AnySlice(statuses)...).
	ErrorObject(validation.NewError("validation_invalid", "Status must be one of "+strings.Join(statuses, ", ")))

// List returns one page of contact requests, newest first,
// optionally only those with q.Status. A page past the end is empty.
func List(app core.App, q Query) (*Page, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	page, pageSize := q.Page, q.PageSize
	where, total, err := db.CountByStatus(app, Collection, q.Status)
	if err != nil {
		return nil, err
	}
	out := &Page{
		Requests:   []Request{},
		Pagination: wire.NewPage(page, pageSize, total),
	}
	offset := int64(page-1) * int64(pageSize)
	if offset >= int64(total) {
		return out, nil
	}
	var rows []contactRow
	err = app.DB().Select(contactColumns...).From(Collection).Where(where).
		OrderBy("created DESC", "rowid DESC").Limit(int64(pageSize)).Offset(offset).All(&rows)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out.Requests = append(out.Requests, r.request())
	}
	if err := attachReplies(app, out.Requests); err != nil {
		return nil, err
	}
	return out, nil
}

// GetStats counts the requests in total and by status, in one query.
func GetStats(app core.App) (*Stats, error) {
	var s struct {
		Total      int `db:"total"`
		New        int `db:"newCount"`
		InProgress int `db:"inProgress"`
		Resolved   int `db:"resolved"`
	}
	err := app.DB().NewQuery(`
		SELECT COUNT(*) AS total,
		       COALESCE(SUM(status = 'New'), 0) AS newCount,
		       COALESCE(SUM(status = 'InProgress'), 0) AS inProgress,
		       COALESCE(SUM(status = 'Resolved'), 0) AS resolved
		FROM contact_requests`).One(&s)
	if err != nil {
		return nil, err
	}
	return &Stats{TotalRequests: s.Total, NewRequests: s.New, InProgressRequests: s.InProgress, ResolvedRequests: s.Resolved}, nil
}

// findContact loads a contact request or answers ErrNotFound.
func findContact(app core.App, id string) (*core.Record, error) {
	return db.FindRecord(app, Collection, id, ErrNotFound)
}

// StatusInput is an admin's change of a contact request: its
// status and, when sent, its notes (trimmed; "" clears them).
type StatusInput struct {
	Status     string  `json:"status"`
	AdminNotes *string `json:"adminNotes"`
}

// Normalize trims the notes.
func (in *StatusInput) Normalize() {
	if in.AdminNotes != nil {
		n := strings.TrimSpace(*in.AdminNotes)
		in.AdminNotes = &n
	}
}

// Validate checks a normalized change: one of the statuses, notes of at
// most 5000 characters.
func (in StatusInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Status, field.Required("Status must be one of "+strings.Join(statuses, ", ")), statusRule),
		validation.Field(&in.AdminNotes, field.MaxChars(maxAdminNotesLen)),
	)
}

// SetStatus sets a request's status and, when sent, its admin notes,
// and returns the request.
func SetStatus(app core.App, id string, in StatusInput) (*Request, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	status, notes := in.Status, in.AdminNotes
	rec, err := findContact(app, id)
	if err != nil {
		return nil, err
	}
	rec.Set("status", status)
	if notes != nil {
		rec.Set("adminNotes", *notes)
	}
	if err := app.Save(rec); err != nil {
		return nil, err
	}
	return contactRequest(app, rec)
}

// Delete removes a contact request for good.
func Delete(app core.App, id string) error {
	rec, err := findContact(app, id)
	if err != nil {
		return err
	}
	return app.Delete(rec)
}
