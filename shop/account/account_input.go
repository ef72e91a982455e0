package account

import (
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
)

// RegisterInput is the body of a registration.
type RegisterInput struct {
	Email           string `json:"email"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	Language        string `json:"language"`
}

// Normalize trims the names and trims and lower-cases the e-mail.
func (in *RegisterInput) Normalize() {
	in.Email = field.NormalizeEmail(in.Email)
	in.FirstName, in.LastName = field.CleanLine(in.FirstName), field.CleanLine(in.LastName)
}

// Validate checks a normalized registration; errors are keyed by the
// body's field names.
func (in RegisterInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Email, field.EmailRule),
		validation.Field(&in.Password, field.PasswordRule),
		validation.Field(&in.ConfirmPassword, sameAs(in.Password)),
		validation.Field(&in.FirstName, personName("First name")),
		validation.Field(&in.LastName, personName("Last name")),
		validation.Field(&in.Language, optionalLanguage),
	)
}

// ProfileInput is the body of a profile update of Account, the signed-in
// user. newPassword (or confirmPassword) changes the password.
type ProfileInput struct {
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	Email           string `json:"email"`
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
	Language        string `json:"language"`
	// CompanyName and TaxID are a business customer's (nil: unchanged).
	CompanyName *string      `json:"companyName"`
	TaxID       *string      `json:"taxId"`
	Account     *core.Record `json:"-"`
}

// Normalize trims the names and trims and lower-cases the e-mail.
func (in *ProfileInput) Normalize() {
	in.Email = field.NormalizeEmail(in.Email)
	in.FirstName, in.LastName = field.CleanLine(in.FirstName), field.CleanLine(in.LastName)
	if in.CompanyName != nil {
		c := field.CleanLine(*in.CompanyName)
		in.CompanyName = &c
	}
	if in.TaxID != nil {
		id := NormalizeTaxID(*in.TaxID)
		in.TaxID = &id
	}
}

// ChangesPassword reports whether the update sets a new password.
func (in ProfileInput) ChangesPassword() bool {
	return in.NewPassword != "" || in.ConfirmPassword != ""
}

// ChangesEmail reports whether the update changes the account's e-mail.
func (in ProfileInput) ChangesEmail() bool { return in.Email != in.Account.Email() }

// Validate checks a normalized profile update: names, e-mail, and the
// current password when the e-mail or the password changes (a stolen
// access token alone cannot take the account over). Errors are keyed by
// the body's field names.
func (in ProfileInput) Validate() error {
	fields := []*validation.FieldRules{
		validation.Field(&in.FirstName, personName("First name")),
		validation.Field(&in.LastName, personName("Last name")),
		validation.Field(&in.Email, field.EmailRule),
		validation.Field(&in.Language, optionalLanguage),
		validation.Field(&in.CompanyName, CompanyRules...),
		validation.Field(&in.TaxID, TaxIDRules...),
	}
	if in.ChangesPassword() || in.ChangesEmail() {
		fields = append(fields, validation.Field(&in.CurrentPassword, validation.By(in.checkCurrentPassword)))
	}
	if in.ChangesPassword() {
		fields = append(fields, validation.Field(&in.NewPassword, field.PasswordRule),
			validation.Field(&in.ConfirmPassword, sameAs(in.NewPassword)))
	}
	return validation.ValidateStruct(&in, fields...)
}

// checkCurrentPassword accepts the account's current password.
func (in ProfileInput) checkCurrentPassword(any) error {
	switch {
	case in.CurrentPassword == "":
		return validation.NewError("validation_required", "Current password is required")
	case len(in.CurrentPassword) > field.MaxPasswordBytes || !in.Account.ValidatePassword(in.CurrentPassword):
		return validation.NewError("validation_wrong_password", "Current password is incorrect")
	}
	return nil
}
