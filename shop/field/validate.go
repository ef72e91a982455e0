package field

import (
	"errors"
	"fmt"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
)

// The shop's one validation style: each input type has a Validate method
// built with validation.ValidateStruct (codes via validation.NewError),
// whose errors are keyed by the API's field paths. The routes turn them
// into the contract's 400 envelope through Messages, and nothing else.

// messageError is a validation failure with its own summary instead of the
// envelope's generic one ("Please enter both email and password").
type messageError struct {
	message string
	err     error
}

func (e *messageError) Error() string { return e.message }
func (e *messageError) Unwrap() error { return e.err }

// WithSummary gives the field errors of err the summary message; nil and
// other errors pass through as they are.
func WithSummary(err error, message string) error {
	var verrs validation.Errors
	if !errors.As(err, &verrs) {
		return err
	}
	return &messageError{message: message, err: err}
}

// Messages reports whether err is a validation failure and, if so, its
// messages by field path ("shippingInfo.city", "roles.1"; nested errors
// flattened) and its summary message ("" for the generic one).
func Messages(err error) (fields map[string]string, message string, ok bool) {
	var verrs validation.Errors
	if !errors.As(err, &verrs) {
		return nil, "", false
	}
	var me *messageError
	if errors.As(err, &me) {
		message = me.message
	}
	fields = map[string]string{}
	flattenFieldErrors("", verrs, fields)
	return fields, message, true
}

// flattenFieldErrors writes errors under JSON field paths into dst.
func flattenFieldErrors(prefix string, verrs validation.Errors, dst map[string]string) {
	for key, err := range verrs {
		var nested validation.Errors
		if errors.As(err, &nested) {
			flattenFieldErrors(prefix+key+".", nested, dst)
			continue
		}
		dst[prefix+key] = ErrorText(err)
	}
}

// ErrorText is the human message of a validation error (nested errors
// flattened to their first message).
func ErrorText(err error) string {
	var verrs validation.Errors
	if errors.As(err, &verrs) {
		for _, e := range verrs {
			return ErrorText(e)
		}
	}
	var ve validation.Error
	if errors.As(err, &ve) {
		return ve.Error()
	}
	return err.Error()
}

// Error is a validation failure of one field.
func Error(field, code, message string) validation.Errors {
	return validation.Errors{field: validation.NewError(code, message)}
}

// MaxChars refuses a text longer than n characters.
func MaxChars(n int) validation.Rule {
	return validation.By(func(v any) error {
		v, _ = validation.Indirect(v)
		if s, _ := v.(string); len([]rune(s)) > n {
			return validation.NewError("validation_length", fmt.Sprintf("Must be at most %d characters", n))
		}
		return nil
	})
}

// Required is validation.Required with the shop's code and message.
func Required(message string) validation.Rule {
	return validation.Required.ErrorObject(validation.NewError("validation_required", message))
}

// EmailFormat accepts a plausible e-mail address (PlausibleEmail).
var EmailFormat = validation.By(func(v any) error {
	if s, _ := v.(string); !PlausibleEmail(s) {
		return validation.NewError("validation_invalid", "Please enter a valid email address")
	}
	return nil
})

// AnySlice is a list as validation.In takes it.
func AnySlice[T any](list []T) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
	}
	return out
}

// Flat turns nested field errors into one level keyed by dotted
// paths ("attributes.2.key"), as PocketBase's record API and dashboard
// show a record's errors; other errors pass through.
func Flat(err error) error {
	var verrs validation.Errors
	if !errors.As(err, &verrs) {
		return err
	}
	flat := validation.Errors{}
	var walk func(prefix string, errs validation.Errors)
	walk = func(prefix string, errs validation.Errors) {
		for key, e := range errs {
			var nested validation.Errors
			if errors.As(e, &nested) {
				walk(prefix+key+".", nested)
				continue
			}
			flat[prefix+key] = e
		}
	}
	walk("", verrs)
	return flat
}

// PlausibleEmail reports whether s looks like an e-mail address: the app's
// pattern and the format check PocketBase's email fields use, at most 254
// bytes.
func PlausibleEmail(s string) bool {
	return len(s) <= 254 && emailRe.MatchString(s) && is.EmailFormat.Validate(s) == nil
}
