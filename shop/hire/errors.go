package hire

import (
	"fmt"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// RuleError is a hire that breaks one of the product's terms (400 with
// Code and the message under Field): hire_too_soon, hire_too_short.
type RuleError struct {
	Code, Field, Message string
}

func (e *RuleError) Error() string { return e.Message }

// Problem is the 400 of Code with the message under Field.
func (e *RuleError) Problem() *wire.Problem {
	return wire.BadRequest(e.Code, e.Message).WithField(e.Field, e.Message)
}

// UnavailableError is a hire asking for more units than are free on every
// day of its range (409 not_available); Available is the most it can have.
type UnavailableError struct {
	ProductID, VariantID string
	Available            int
}

func (e *UnavailableError) Error() string {
	if e.Available == 0 {
		return "This product is not available for these dates"
	}
	return fmt.Sprintf("Only %d available for these dates", e.Available)
}

// Problem is 409 not_available with what is free, by product and by
// variant (as insufficient_stock).
func (e *UnavailableError) Problem() *wire.Problem {
	p := wire.Conflict("not_available", e.Error())
	p.Available = map[string]int{e.ProductID: e.Available, e.VariantID: e.Available}
	return p
}

// StatusError is a booking status change the booking cannot make (409
// Code).
type StatusError struct {
	Code, Message string
}

func (e *StatusError) Error() string { return e.Message }

// Problem is the 409 of Code.
func (e *StatusError) Problem() *wire.Problem { return wire.Conflict(e.Code, e.Message) }

// parseRange reads the dates from and to (their fields fromField and
// toField) as a range of at most maxDays days, in order.
func parseRange(from, to, fromField, toField string, maxDays int) (Date, Date, error) {
	errs := validation.Errors{}
	start, err := ParseDate(from)
	if err != nil {
		errs[fromField] = validation.NewError("validation_date", "Must be a date (YYYY-MM-DD)")
	}
	end, err := ParseDate(to)
	if err != nil {
		errs[toField] = validation.NewError("validation_date", "Must be a date (YYYY-MM-DD)")
	}
	if len(errs) > 0 {
		return Date{}, Date{}, errs
	}
	switch days := Days(start, end); {
	case days < 1:
		return Date{}, Date{}, field.Error(toField, "validation_order", "Must not be before "+fromField)
	case days > maxDays:
		return Date{}, Date{}, field.Error(toField, "validation_range", fmt.Sprintf("The range is at most %d days", maxDays))
	}
	return start, end, nil
}
