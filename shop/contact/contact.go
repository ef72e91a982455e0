package contact

import (
	"slices"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// Collection holds the messages of the contact form.
const Collection = "contact_requests"

// Contact request statuses.
const (
	StatusNew        = "New"
	StatusInProgress = "InProgress"
	StatusResolved   = "Resolved"
	StatusClosed     = "Closed"
)

// statuses are the statuses a contact request may have.
var statuses = []string{StatusNew, StatusInProgress, StatusResolved, StatusClosed}

// pageSizes are the page sizes the admin list offers; the first
// listed default is DefaultPageSize.
var pageSizes = []int{5, 10, 25, 50}

// Limits of a contact request.
const (
	DefaultPageSize  = 10
	MaxNameLen       = 200
	MaxSubjectLen    = 200
	MaxMessageLen    = 5000
	maxAdminNotesLen = 5000
)

// isPageSize reports whether n is one of the page sizes.
func isPageSize(n int) bool {
	return slices.Contains(pageSizes, n)
}

// Input is a message sent through the contact form. Language is
// the visitor's language (en, ru, zh; anything else means English): the
// shop's e-mails about the request are written in it.
type Input struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Subject  string `json:"subject"`
	Message  string `json:"message"`
	Language string `json:"language"`
}

// Request is an answer shape (shop/wire).
type Request = wire.ContactRequest

// Normalize cleans the input: name and subject become single lines
// (CleanLine); the message keeps its line breaks but loses other control
// characters; the e-mail is trimmed and lower-cased.
func (in *Input) Normalize() {
	in.Name = field.CleanLine(in.Name)
	in.Email = field.NormalizeEmail(in.Email)
	in.Subject = field.CleanLine(in.Subject)
	in.Message = field.CleanText(in.Message)
}

// Validate checks a normalized input: name, subject and message required,
// a valid e-mail, name and subject at most 200 characters, the message at
// most 5000.
func (in Input) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Name, field.Required("This field is required"), field.MaxChars(MaxNameLen)),
		validation.Field(&in.Email, field.EmailFormat),
		validation.Field(&in.Subject, field.Required("This field is required"), field.MaxChars(MaxSubjectLen)),
		validation.Field(&in.Message, field.Required("This field is required"), field.MaxChars(MaxMessageLen)),
	)
}

// Submit stores a message of the contact form with status New and
// returns its id. In the same transaction it queues the visitor's copy and
// the admins' notices (package mail).
func Submit(app core.App, in Input) (string, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return "", err
	}
	var id string
	err := db.Write(app, func(txApp core.App) error {
		col, err := txApp.FindCachedCollectionByNameOrId(Collection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set("name", in.Name)
		rec.Set("email", in.Email)
		rec.Set("subject", in.Subject)
		rec.Set("message", in.Message)
		rec.Set("status", StatusNew)
		rec.Set("language", locale.Lang(in.Language))
		if err := txApp.Save(rec); err != nil {
			return err
		}
		id = rec.Id
		return mail.QueueContactReceived(txApp, mailContact(rec))
	})
	return id, err
}
