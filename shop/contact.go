package shop

import (
	"fmt"
	"slices"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// ContactCollection holds the messages of the contact form.
const ContactCollection = "contact_requests"

// Contact request statuses.
const (
	ContactNew        = "New"
	ContactInProgress = "InProgress"
	ContactResolved   = "Resolved"
	ContactClosed     = "Closed"
)

// ContactStatuses are the statuses a contact request may have.
var ContactStatuses = []string{ContactNew, ContactInProgress, ContactResolved, ContactClosed}

// ContactPageSizes are the page sizes the admin list offers; the first
// listed default is DefaultContactPageSize.
var ContactPageSizes = []int{5, 10, 25, 50}

// Limits of a contact request.
const (
	DefaultContactPageSize = 10
	MaxContactNameLen      = 200
	MaxContactSubjectLen   = 200
	MaxContactMessageLen   = 5000
	MaxAdminNotesLen       = 5000
)

// IsContactStatus reports whether s is one of ContactStatuses.
func IsContactStatus(s string) bool {
	return slices.Contains(ContactStatuses, s)
}

// IsContactPageSize reports whether n is one of ContactPageSizes.
func IsContactPageSize(n int) bool {
	return slices.Contains(ContactPageSizes, n)
}

// ContactInput is a message sent through the contact form. Language is
// the visitor's language (en, ru, zh; anything else means English): the
// shop's e-mails about the request are written in it.
type ContactInput struct {
	Name     string
	Email    string
	Subject  string
	Message  string
	Language string
}

// ContactRequest is an answer shape (shop/wire).
type ContactRequest = wire.ContactRequest

// ValidateContact cleans the input and checks it: name, subject and message
// required, a valid e-mail, name and subject at most 200 characters, the
// message at most 5000. Name and subject become single lines (CleanLine);
// the message keeps its line breaks but loses other control characters.
func ValidateContact(in *ContactInput) error {
	in.Name = CleanLine(in.Name)
	in.Email = NormalizeEmail(in.Email)
	in.Subject = CleanLine(in.Subject)
	in.Message = CleanText(in.Message)
	errs := validation.Errors{}
	for _, f := range []struct {
		key string
		val string
		max int
	}{{"name", in.Name, MaxContactNameLen}, {"subject", in.Subject, MaxContactSubjectLen}, {"message", in.Message, MaxContactMessageLen}} {
		switch {
		case f.val == "":
			errs[f.key] = validation.NewError("validation_invalid", "This field is required")
		case len([]rune(f.val)) > f.max:
			errs[f.key] = validation.NewError("validation_invalid", fmt.Sprintf("Must be at most %d characters", f.max))
		}
	}
	if !plausibleEmail(in.Email) {
		errs["email"] = validation.NewError("validation_invalid", "Please enter a valid email address")
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// SubmitContact stores a message of the contact form with status New and
// returns its id. In the same transaction it queues the visitor's copy and
// the admins' notices (package mail).
func SubmitContact(app core.App, in ContactInput) (string, error) {
	if err := ValidateContact(&in); err != nil {
		return "", err
	}
	var id string
	err := app.RunInTransaction(func(txApp core.App) error {
		col, err := txApp.FindCachedCollectionByNameOrId(ContactCollection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set("name", in.Name)
		rec.Set("email", in.Email)
		rec.Set("subject", in.Subject)
		rec.Set("message", in.Message)
		rec.Set("status", ContactNew)
		rec.Set("language", mail.Lang(in.Language))
		if err := txApp.Save(rec); err != nil {
			return err
		}
		id = rec.Id
		return mail.QueueContactReceived(txApp, mailContact(rec))
	})
	return id, err
}
