package returns

import (
	"fmt"
	"slices"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/field"
)

// Reasons a customer may give for a line.
const (
	ReasonWrongItem      = "wrong_item"
	ReasonDamaged        = "damaged"
	ReasonNotAsDescribed = "not_as_described"
	ReasonChangedMind    = "changed_mind"
)

// Reasons is the list the customer chooses from.
var Reasons = []string{ReasonWrongItem, ReasonDamaged, ReasonNotAsDescribed, ReasonChangedMind}

// Bounds of the inputs.
const (
	maxLines    = 100
	maxQuantity = 100000
	maxNote     = 1000
	maxReason   = 500
)

// LineInput is units of one order line: coming back (reason) or refunded
// by an admin (restock).
type LineInput struct {
	OrderItemID string `json:"orderItemId"`
	Quantity    int    `json:"quantity"`
	Reason      string `json:"reason"`
	Restock     bool   `json:"restock"`
}

// RequestInput is a customer's return: lines and an optional note.
type RequestInput struct {
	Lines []LineInput `json:"lines"`
	Note  string      `json:"note"`
}

// Validate checks the lines (each with a reason of the list) and the note.
func (in RequestInput) Validate() error {
	errs := field.Errs{}
	checkLines(in.Lines, true, errs)
	if utf8.RuneCountInString(in.Note) > maxNote {
		errs.Add("note", "validation_length_too_long", fmt.Sprintf("Must be at most %d characters", maxNote))
	}
	return result(errs)
}

// Statuses of a return.
const (
	StatusRequested = "requested"
	StatusApproved  = "approved"
	StatusReceived  = "received"
	StatusRejected  = "rejected"
)

// RestockInput is whether a received line's units go back on sale.
type RestockInput struct {
	OrderItemID string `json:"orderItemId"`
	Restock     bool   `json:"restock"`
}

// UpdateInput is an admin's step of a return: approve or reject (with a
// message to the customer), or receive with restock per line (a line not
// named is not restocked) and, optionally, the shipping refunded too.
type UpdateInput struct {
	Status   string         `json:"status"`
	Message  string         `json:"message"`
	Lines    []RestockInput `json:"lines"`
	Shipping bool           `json:"shipping"`
}

// Validate checks the status, the message and the lines.
func (in UpdateInput) Validate() error {
	errs := field.Errs{}
	if !slices.Contains([]string{StatusApproved, StatusRejected, StatusReceived}, in.Status) {
		errs.Add("status", "validation_in_invalid", "Must be approved, rejected or received")
	}
	if utf8.RuneCountInString(in.Message) > maxNote {
		errs.Add("message", "validation_length_too_long", fmt.Sprintf("Must be at most %d characters", maxNote))
	}
	if len(in.Lines) > maxLines {
		errs.Add("lines", "validation_length_too_long", fmt.Sprintf("At most %d lines", maxLines))
	}
	for i, l := range in.Lines {
		if l.OrderItemID == "" {
			errs.Add(fmt.Sprintf("lines.%d.orderItemId", i), "validation_required", "This field is required")
		}
	}
	return result(errs)
}

// RefundLinesInput is an admin's refund by line without a return.
type RefundLinesInput struct {
	Lines    []LineInput `json:"lines"`
	Shipping bool        `json:"shipping"`
	Reason   string      `json:"reason"`
}

// Validate checks the lines and the reason.
func (in RefundLinesInput) Validate() error {
	errs := field.Errs{}
	checkLines(in.Lines, false, errs)
	if utf8.RuneCountInString(in.Reason) > maxReason {
		errs.Add("reason", "validation_length_too_long", fmt.Sprintf("Must be at most %d characters", maxReason))
	}
	return result(errs)
}

// checkLines checks 1 to maxLines lines, each naming an order line with a
// quantity of 1 or more, and (customers) a reason of the list.
func checkLines(lines []LineInput, reason bool, errs field.Errs) {
	switch {
	case len(lines) == 0:
		errs.Add("lines", "validation_required", "Choose at least one line")
	case len(lines) > maxLines:
		errs.Add("lines", "validation_length_too_long", fmt.Sprintf("At most %d lines", maxLines))
	}
	for i, l := range lines {
		path := fmt.Sprintf("lines.%d.", i)
		if l.OrderItemID == "" {
			errs.Add(path+"orderItemId", "validation_required", "This field is required")
		}
		if l.Quantity < 1 || l.Quantity > maxQuantity {
			errs.Add(path+"quantity", "validation_min_greater_equal_than_required", "Enter a quantity of 1 or more")
		}
		if reason && !slices.Contains(Reasons, l.Reason) {
			errs.Add(path+"reason", "validation_in_invalid", "Choose a reason from the list")
		}
	}
}

// result is errs as an error, nil when empty.
func result(errs field.Errs) error {
	if len(errs) == 0 {
		return nil
	}
	return validation.Errors(errs)
}
