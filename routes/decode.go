package routes

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// MaxJSONBody is the largest JSON request body the API reads (1 MiB).
const MaxJSONBody = 1 << 20

// decodeJSON reads the request body as one JSON value into dst, a pointer to
// a struct whose fields have the expected JSON types (use json.Number for
// money, json.RawMessage for fields that accept several shapes). It answers
// the envelope for every way a body can be wrong: too large (413), empty,
// malformed, or with a wrong type (400, naming the field).
func decodeJSON(e *core.RequestEvent, dst any) error {
	body := http.MaxBytesReader(e.Response, e.Request.Body, MaxJSONBody)
	dec := json.NewDecoder(body)
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	// One value only: trailing data is a malformed body too.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return decodeError(err)
		}
		return newError(http.StatusBadRequest, "invalid_json", "Request body must be a single JSON object")
	}
	return nil
}

// decodeError turns a json/io error into the envelope.
func decodeError(err error) error {
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &tooLarge):
		return newError(http.StatusRequestEntityTooLarge, "body_too_large", "Request body is too large")
	case errors.Is(err, io.EOF):
		return newError(http.StatusBadRequest, "invalid_json", "Request body is required")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return newError(http.StatusBadRequest, "invalid_json", "Request body must be a JSON object")
		}
		ae := newError(http.StatusBadRequest, "validation_failed", "Invalid value for "+field)
		ae.Errors = map[string]string{field: "Must be " + jsonTypeName(typeErr.Type.Kind().String())}
		return ae
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return newError(http.StatusBadRequest, "invalid_json", "Request body is not valid JSON")
	}
	return newError(http.StatusBadRequest, "invalid_json", "Request body is not valid JSON")
}

func jsonTypeName(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "string":
		return "a string"
	case kind == "bool":
		return "true or false"
	case kind == "slice", kind == "array":
		return "a list"
	}
	return "an object"
}
