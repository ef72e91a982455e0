package shop

// The admins' side of the contact requests: the list, the counts, the
// status and notes, deletion. (The visitor's side is in contact.go, replies
// in contact_reply.go.)

import (
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// ContactPage is an answer shape (shop/wire).
type ContactPage = wire.ContactPage

// ContactStats is an answer shape (shop/wire).
type ContactStats = wire.ContactStats

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

func (r contactRow) request() ContactRequest {
	return ContactRequest{ID: r.ID, Name: r.Name, Email: r.Email, Subject: r.Subject, Message: r.Message,
		Status: r.Status, AdminNotes: r.AdminNotes, CreatedAt: wire.Stamp(r.Created), UpdatedAt: wire.Stamp(r.Updated),
		Replies: []ContactReply{}}
}

var contactColumns = []string{"id", "name", "email", "subject", "message", "status", "adminNotes", "created", "updated"}

// ContactQuery selects a page of the contact requests: page from 1,
// pageSize one of ContactPageSizes, optionally one status.
type ContactQuery struct {
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
	Status   string `json:"status"`
}

// Validate checks the query; errors are keyed page, pageSize, status.
func (q ContactQuery) Validate() error {
	return validation.ValidateStruct(&q,
		validation.Field(&q.Page, validation.By(func(any) error {
			if q.Page < 1 {
				return validation.NewError("validation_invalid", "Page must be a whole number of at least 1")
			}
			return nil
		})),
		validation.Field(&q.PageSize, validation.By(func(any) error {
			if !isContactPageSize(q.PageSize) {
				return validation.NewError("validation_invalid", "Page size must be one of 5, 10, 25, 50")
			}
			return nil
		})),
		validation.Field(&q.Status, contactStatus),
	)
}

// contactStatus accepts one of ContactStatuses (or nothing: required
// separately where it is).
var contactStatus = validation.In(field.AnySlice(contactStatuses)...).
	ErrorObject(validation.NewError("validation_invalid", "Status must be one of "+strings.Join(contactStatuses, ", ")))

// ListContactRequests returns one page of contact requests, newest first,
// optionally only those with q.Status. A page past the end is empty.
func ListContactRequests(app core.App, q ContactQuery) (*ContactPage, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	page, pageSize, status := q.Page, q.PageSize, q.Status
	var where dbx.Expression = dbx.NewExp("1=1")
	if status != "" {
		where = dbx.HashExp{"status": status}
	}
	var total int
	if err := app.DB().Select("COUNT(*)").From(contactCollection).Where(where).Row(&total); err != nil {
		return nil, err
	}
	out := &ContactPage{
		Requests:   []ContactRequest{},
		Pagination: wire.NewPage(page, pageSize, total),
	}
	offset := int64(page-1) * int64(pageSize)
	if offset >= int64(total) {
		return out, nil
	}
	var rows []contactRow
	err := app.DB().Select(contactColumns...).From(contactCollection).Where(where).
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

// GetContactStats counts the requests in total and by status, in one query.
func GetContactStats(app core.App) (*ContactStats, error) {
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
	return &ContactStats{TotalRequests: s.Total, NewRequests: s.New, InProgressRequests: s.InProgress, ResolvedRequests: s.Resolved}, nil
}

// findContact loads a contact request or answers ErrContactNotFound.
func findContact(app core.App, id string) (*core.Record, error) {
	return db.FindRecord(app, contactCollection, id, ErrContactNotFound)
}

// ContactStatusInput is an admin's change of a contact request: its
// status and, when sent, its notes (trimmed; "" clears them).
type ContactStatusInput struct {
	Status     string  `json:"status"`
	AdminNotes *string `json:"adminNotes"`
}

// Normalize trims the notes.
func (in *ContactStatusInput) Normalize() {
	if in.AdminNotes != nil {
		n := strings.TrimSpace(*in.AdminNotes)
		in.AdminNotes = &n
	}
}

// Validate checks a normalized change: one of ContactStatuses, notes of at
// most 5000 characters.
func (in ContactStatusInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Status, field.Required("Status must be one of "+strings.Join(contactStatuses, ", ")), contactStatus),
		validation.Field(&in.AdminNotes, field.MaxChars(maxAdminNotesLen)),
	)
}

// SetContactStatus sets a request's status and, when sent, its admin notes,
// and returns the request.
func SetContactStatus(app core.App, id string, in ContactStatusInput) (*ContactRequest, error) {
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

// DeleteContact removes a contact request for good.
func DeleteContact(app core.App, id string) error {
	rec, err := findContact(app, id)
	if err != nil {
		return err
	}
	return app.Delete(rec)
}
