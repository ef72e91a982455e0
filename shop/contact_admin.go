package shop

// The admins' side of the contact requests: the list, the counts, the
// status and notes, deletion. (The visitor's side is in contact.go, replies
// in contact_reply.go.)

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

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

// ListContactRequests returns one page of contact requests, newest first,
// optionally only those with status. page starts at 1; pageSize is one of
// ContactPageSizes. A page past the end is empty.
func ListContactRequests(app core.App, page, pageSize int, status string) (*ContactPage, error) {
	errs := validation.Errors{}
	if page < 1 {
		errs["page"] = validation.NewError("validation_invalid", "Page must be a whole number of at least 1")
	}
	if !IsContactPageSize(pageSize) {
		errs["pageSize"] = validation.NewError("validation_invalid", "Page size must be one of 5, 10, 25, 50")
	}
	if status != "" && !IsContactStatus(status) {
		errs["status"] = validation.NewError("validation_invalid", "Status must be one of "+strings.Join(ContactStatuses, ", "))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	var where dbx.Expression = dbx.NewExp("1=1")
	if status != "" {
		where = dbx.HashExp{"status": status}
	}
	var total int
	if err := app.DB().Select("COUNT(*)").From(ContactCollection).Where(where).Row(&total); err != nil {
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
	err := app.DB().Select(contactColumns...).From(ContactCollection).Where(where).
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
	return findRecord(app, ContactCollection, id, ErrContactNotFound)
}

// SetContactStatus sets a request's status and, when notes is not nil, its
// admin notes (trimmed, at most 5000 characters), and returns the request.
func SetContactStatus(app core.App, id, status string, notes *string) (*ContactRequest, error) {
	errs := validation.Errors{}
	if !IsContactStatus(status) {
		errs["status"] = validation.NewError("validation_invalid", "Status must be one of "+strings.Join(ContactStatuses, ", "))
	}
	if notes != nil {
		n := strings.TrimSpace(*notes)
		notes = &n
		if len([]rune(n)) > MaxAdminNotesLen {
			errs["adminNotes"] = validation.NewError("validation_invalid", fmt.Sprintf("Must be at most %d characters", MaxAdminNotesLen))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
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
