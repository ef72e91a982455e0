package shop

import (
	"encoding/json"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/account"
	"stageshop/shop/field"
	"stageshop/shop/money"
)

// OrderInput is what a customer sends to place an order; the lines come
// from the customer's cart. Prices and totals a client might send are not
// even read.
type OrderInput struct {
	Shipping              ShippingInfo `json:"shippingInfo"`
	Billing               BillingInfo  `json:"billingInfo"`
	UseShippingForBilling bool         `json:"useShippingForBilling"`
	// ShippingMethod is the code of a method that fits the address.
	ShippingMethod string `json:"shippingMethod"`
	// ExpectedTotal, when sent, is the total the shopper saw: only compared
	// with the server's total (an order with another total is refused with
	// TotalChangedError), never charged.
	ExpectedTotal json.Number `json:"expectedTotal"`
	// PaymentMethod is card, bank_transfer (the default) or invoice;
	// PONumber is the customer's purchase order (invoice).
	PaymentMethod string `json:"paymentMethod"`
	PONumber      string `json:"poNumber"`
	// quoteNumber and fromQuote are an order from a quote's
	// (PlaceQuotedOrder): its number, kept on the order, and invoice terms
	// for any approved customer.
	quoteNumber string
	fromQuote   bool
}

// Normalize trims every text of the input and copies the billing address
// from shipping when asked to.
func (in *OrderInput) Normalize() {
	in.ShippingMethod = strings.TrimSpace(in.ShippingMethod)
	s := &in.Shipping
	for _, p := range []*string{&s.FirstName, &s.LastName, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country, &s.Phone, &s.Email} {
		*p = strings.TrimSpace(*p)
	}
	s.Email = field.NormalizeEmail(s.Email)
	field.PlaceAddress(&s.PostalAddress)
	if in.UseShippingForBilling {
		// The address only: company name and tax ID stay the billing's.
		in.Billing.PostalAddress = s.PostalAddress
	}
	b := &in.Billing
	for _, p := range []*string{&b.FirstName, &b.LastName, &b.Address, &b.City, &b.State, &b.ZipCode, &b.Country} {
		*p = strings.TrimSpace(*p)
	}
	field.PlaceAddress(&b.PostalAddress)
	b.CompanyName, b.TaxID = field.CleanLine(b.CompanyName), account.NormalizeTaxID(b.TaxID)
}

// Validate checks a normalized input: every shipping field required, with
// a valid e-mail, phone and postal code; every billing field too unless
// copied from shipping; an expected total that is an amount. Errors are
// keyed "shippingInfo.city", "billingInfo.zipCode".
func (in OrderInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Shipping, validation.By(func(any) error { return shippingRules(in.Shipping).Validate() })),
		validation.Field(&in.Billing, validation.By(func(any) error { return billingRules(in.Billing, in.UseShippingForBilling) })),
		validation.Field(&in.ExpectedTotal, validation.By(amountMember)),
	)
}

// expectedTotal is the total the shopper saw, nil when not sent.
func (in OrderInput) expectedTotal() *Amount {
	if in.ExpectedTotal == "" {
		return nil
	}
	cents, _ := money.Parse(in.ExpectedTotal)
	a := Amount(cents)
	return &a
}

// billingRules checks whom an order is billed to: the address unless
// copied from shipping, and the business details (optional) always.
func billingRules(b BillingInfo, copied bool) error {
	return validation.ValidateStruct(&b,
		validation.Field(&b.PostalAddress, validation.Skip.When(copied),
			validation.By(func(any) error { return addressRules(b.PostalAddress).Validate() })),
		validation.Field(&b.CompanyName, account.CompanyRules...),
		validation.Field(&b.TaxID, account.TaxIDRules...),
	)
}

// addressRules is an address (an answer shape of shop/wire) as its rules
// see it.
type addressRules PostalAddress

// Validate checks an address: every field required and at most
// maxAddressFieldLen characters, the postal code as its country writes
// them.
func (a addressRules) Validate() error {
	return validation.ValidateStruct(&a,
		validation.Field(&a.FirstName, addressText()...),
		validation.Field(&a.LastName, addressText()...),
		validation.Field(&a.Address, addressText()...),
		validation.Field(&a.City, addressText()...),
		validation.Field(&a.State, addressText(validation.By(field.USState(a.Country)))...),
		validation.Field(&a.ZipCode, addressText(validation.By(func(v any) error {
			if s, _ := v.(string); !field.ValidZip(s, a.Country) {
				return validation.NewError("validation_zip", "Please enter a valid ZIP or postal code")
			}
			return nil
		}))...),
		validation.Field(&a.Country, addressText(validation.By(field.KnownCountry))...),
	)
}

// shippingRules is a shipping address with its phone and e-mail as their
// rules see them.
type shippingRules ShippingInfo

// Validate checks a shipping address with its phone and e-mail.
func (s shippingRules) Validate() error {
	return validation.ValidateStruct(&s,
		validation.Field(&s.PostalAddress, validation.By(func(any) error { return addressRules(s.PostalAddress).Validate() })),
		validation.Field(&s.Phone, addressText(validation.By(func(v any) error {
			if p, _ := v.(string); !field.ValidPhone(p) {
				return validation.NewError("validation_phone", "Please enter a valid phone number")
			}
			return nil
		}))...),
		validation.Field(&s.Email, addressText(validation.By(func(v any) error {
			if e, _ := v.(string); !field.PlausibleEmail(e) {
				return validation.NewError("validation_invalid", "Please enter a valid email address")
			}
			return nil
		}))...),
	)
}

// addressText are the rules of an address text: required, at most
// MaxAddressFieldLen characters, then the field's own.
func addressText(own ...validation.Rule) []validation.Rule {
	return append([]validation.Rule{field.Required("This field is required"), field.MaxChars(field.MaxAddressFieldLen)}, own...)
}

// amountMember accepts no amount or a non-negative one with at most two
// decimals.
func amountMember(v any) error {
	n, _ := v.(json.Number)
	if n == "" {
		return nil
	}
	if cents, err := money.Parse(n); err != nil || cents < 0 {
		return validation.NewError("validation_amount", "Must be an amount with at most two decimals")
	}
	return nil
}
