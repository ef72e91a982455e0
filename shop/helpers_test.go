package shop_test

import validation "github.com/pocketbase/ozzo-validation/v4"

// fieldText is the message of a field's validation error ("" when none).
func fieldText(fields validation.Errors, key string) string {
	if err := fields[key]; err != nil {
		return err.Error()
	}
	return ""
}
