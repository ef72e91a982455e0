package account

import (
	"regexp"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
)

// Bounds of a business customer's details.
const (
	MaxCompanyNameLen = 200
	MaxTaxIDLen       = 50
)

// taxIDPattern is what tax IDs are made of across countries: letters,
// digits and the separators they are written with (DE123456789,
// 12-3456789, GB 123 4567 89).
var taxIDPattern = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N} ./-]*$`)

// NormalizeTaxID trims a tax ID and collapses its inner spaces.
func NormalizeTaxID(s string) string {
	return strings.Join(strings.Fields(field.CleanLine(s)), " ")
}

// CompanyRules and taxIDRules check a company name and a tax ID (both
// optional).
var (
	CompanyRules = []validation.Rule{validation.RuneLength(0, MaxCompanyNameLen).
			ErrorObject(validation.NewError("validation_length", "Company name must be at most 200 characters"))}
	TaxIDRules = []validation.Rule{
		validation.RuneLength(0, MaxTaxIDLen).ErrorObject(validation.NewError("validation_length", "Tax ID must be at most 50 characters")),
		validation.Match(taxIDPattern).ErrorObject(validation.NewError("validation_tax_id", "Tax ID may hold letters, digits, spaces, dots, dashes and slashes")),
	}
)

// TaxExemptInput is an admin's change of a customer's tax exemption (a
// reseller certificate on file).
type TaxExemptInput struct {
	TaxExempt *bool `json:"taxExempt"`
}

// Validate requires taxExempt.
func (in TaxExemptInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.TaxExempt, validation.NotNil.ErrorObject(validation.NewError("validation_required", "taxExempt must be true or false"))))
}

// SetTaxExempt marks a user tax-exempt or not: their orders from then on
// carry no tax (placed ones keep theirs). An unknown user is
// ErrUserNotFound.
func SetTaxExempt(app core.App, userID string, in TaxExemptInput) (*core.Record, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	user, err := FindUser(app, userID)
	if err != nil {
		return nil, err
	}
	user.Set("taxExempt", *in.TaxExempt)
	if err := app.Save(user); err != nil {
		return nil, err
	}
	return user, nil
}
