package routes

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// maxJSONBody is the largest JSON request body the API reads (1 MiB).
const maxJSONBody = 1 << 20

// decodeJSON reads the request body as one JSON value into dst, a pointer to
// a struct whose fields have the expected JSON types (use json.Number for
// money, json.RawMessage for fields that accept several shapes). It answers
// the envelope for every way a body can be wrong: too large (413), empty,
// malformed, or with a wrong type (400, naming the field).
func decodeJSON(e *core.RequestEvent, dst any) error {
	// A body declared larger than the limit is 413 before it is read: the
	// contract says so, whatever its first bytes are.
	if e.Request.ContentLength > maxJSONBody {
		return decodeError(&http.MaxBytesError{Limit: maxJSONBody})
	}
	body := bufio.NewReader(http.MaxBytesReader(e.Response, e.Request.Body, maxJSONBody))
	// null would decode into dst as nothing at all: an update that saves
	// nothing new but still writes. It is not an object: 400.
	if first, _ := firstByte(body); first == 'n' {
		return newError(http.StatusBadRequest, "invalid_json", "Request body must be a JSON object")
	}
	dec := json.NewDecoder(body)
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		return decodeError(withJSONPath(err, dst))
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

// firstByte is the first byte of r after JSON whitespace, left unread.
func firstByte(r *bufio.Reader) (byte, error) {
	for {
		b, err := r.Peek(1)
		if err != nil {
			return 0, err
		}
		switch b[0] {
		case ' ', '\t', '\n', '\r':
			_, _ = r.ReadByte()
		default:
			return b[0], nil
		}
	}
}

// withJSONPath makes the field of a wrong-type error the JSON path the
// client sent: encoding/json (since Go 1.24) also names the embedded
// structs on the way ("shippingInfo.PostalAddress.city"), which the JSON
// does not have.
func withJSONPath(err error, dst any) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		typeErr.Field = jsonPath(reflect.TypeOf(dst), typeErr.Field)
	}
	return err
}

// jsonPath drops from field (a dotted path into a value of type t) the
// names of embedded structs without a JSON name of their own. Since Go 1.27
// the path also names list indices and map keys ("lines.0.zipCode"), as
// the contract's field paths do: they are kept.
func jsonPath(t reflect.Type, field string) string {
	var out []string
	for _, name := range strings.Split(field, ".") {
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			out, t = append(out, name), t.Elem() // an index or a key
			continue
		}
		if t == nil || t.Kind() != reflect.Struct {
			out, t = append(out, name), nil
			continue
		}
		if f, ok := t.FieldByName(name); ok && f.Anonymous && f.Tag.Get("json") == "" {
			t = f.Type // embedded: its fields are the outer struct's in JSON
			continue
		}
		out, t = append(out, name), jsonFieldType(t, name)
	}
	return strings.Join(out, ".")
}

// jsonFieldType is the type of the field of struct t (or of a struct it
// embeds) that JSON calls name; nil when there is none.
func jsonFieldType(t reflect.Type, name string) reflect.Type {
	for _, f := range reflect.VisibleFields(t) {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name || (tag == "" && f.Name == name) {
			return f.Type
		}
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

// decodeOptionalJSON is decodeJSON for bodies that may be left out: an
// empty (or all-whitespace) body leaves dst as it is.
func decodeOptionalJSON(e *core.RequestEvent, dst any) error {
	body, err := io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, maxJSONBody))
	if err != nil {
		return decodeError(err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	e.Request.Body = io.NopCloser(bytes.NewReader(body))
	return decodeJSON(e, dst)
}
