package shop

import (
	"regexp"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
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
	return strings.Join(strings.Fields(CleanLine(s)), " ")
}

// companyRules and taxIDRules check a company name and a tax ID (both
// optional).
var (
	companyRules = []validation.Rule{validation.RuneLength(0, MaxCompanyNameLen).
			ErrorObject(validation.NewError("validation_length", "Company name must be at most 200 characters"))}
	taxIDRules = []validation.Rule{
		validation.RuneLength(0, MaxTaxIDLen).ErrorObject(validation.NewError("validation_length", "Tax ID must be at most 50 characters")),
		validation.Match(taxIDPattern).ErrorObject(validation.NewError("validation_tax_id", "Tax ID may hold letters, digits, spaces, dots, dashes and slashes")),
	}
)

// addBusinessErrors checks a company name and tax ID into errs under
// prefix ("billingInfo.").
func addBusinessErrors(errs validation.Errors, prefix, company, taxID string) {
	if err := validation.Validate(company, companyRules...); err != nil {
		errs[prefix+"companyName"] = err
	}
	if err := validation.Validate(taxID, taxIDRules...); err != nil {
		errs[prefix+"taxId"] = err
	}
}
