package shop

import (
	"encoding/json"

	"stageshop/shop/account"
	"stageshop/shop/catalog"
	"stageshop/shop/contact"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/money"
)

// Exported for the tests of package shop_test only.

// factSheet is what the app is told of the server's rules. (The languages and
// the image limit are in routes/firstscreen/constants.json, which the first
// screens share with the app.)
type factSheet struct {
	USNames  []string          `json:"usCountryNames"`
	Limits   map[string]int    `json:"limits"`
	Patterns map[string]string `json:"patterns"`
}

// sharedFacts are the facts as the server applies them.
func sharedFacts() factSheet {
	return factSheet{
		USNames: locale.Names("US"),
		Limits: map[string]int{
			"passwordMinLength": field.MinPasswordLen, "passwordMaxBytes": field.MaxPasswordBytes,
			"emailMaxLength": field.MaxEmailLen, "personNameMaxLength": account.MaxPersonNameLen,
			"productNameMaxLength": catalog.MaxNameLen, "descriptionMaxLength": catalog.MaxDescriptionLen,
			"attributeTextMaxLength": catalog.MaxAttrTextLen, "maxAttributes": catalog.MaxAttributes,
			"maxPrice": money.MaxPriceCents / 100, "maxStockQuantity": catalog.MaxStockQuantity,
			"addressFieldMaxLength": field.MaxAddressFieldLen, "phoneMinDigits": field.PhoneMinDigits,
			"contactNameMaxLength": contact.MaxNameLen, "contactSubjectMaxLength": contact.MaxSubjectLen,
			"contactMessageMaxLength": contact.MaxMessageLen,
		},
		Patterns: map[string]string{
			"email": field.EmailPattern, "phone": field.PhonePattern, "usZip": field.USZipPattern, "zip": field.ZipPattern,
			"passwordLower": field.PasswordLowerPattern, "passwordUpper": field.PasswordUpperPattern, "passwordDigit": field.PasswordDigitPattern,
		},
	}
}

// FactsJSON is facts.json's content.
func FactsJSON() []byte {
	b, err := json.MarshalIndent(sharedFacts(), "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}
