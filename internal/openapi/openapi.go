// Package openapi writes an OpenAPI 3.1 document from a list of operations
// whose request and answer shapes are Go types: their JSON Schemas are
// made by reflection, as encoding/json reads and writes them (JSON names,
// omitempty fields optional, pointers nullable, embedded structs
// flattened, enums from a field's tstype tag of string literals). It knows
// nothing of the shop: package routes hands it the routes it serves.
package openapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Version is the OpenAPI version of the documents Build writes.
const Version = "3.1.0"

// Param is a query parameter.
type Param struct {
	Name        string
	Description string
	Type        string   // "string" (default), "integer", "number" or "boolean"
	Enum        []string // the values a string may take
}

// Operation is one method on one path.
type Operation struct {
	Method      string // GET, POST, ...
	Path        string // with {name} parameters, as the router has it
	Summary     string
	Description string
	Tag         string
	OperationID string

	// Body is a value of the JSON request body's Go type (nil: no JSON
	// body); BodyOptional when it may be left out. RawBody is a request
	// body of another content type: its media type and schema.
	Body         any
	BodyOptional bool
	RawBody      *Content

	// Status is the success status (200 when 0). Answer is a value of the
	// JSON answer's Go type; RawAnswer an answer of another media type;
	// with neither, the success answer has no body (204).
	Status    int
	Answer    any
	RawAnswer *Content

	Query []Param
	// Errors are the non-2xx statuses the operation may answer, each in
	// the error envelope.
	Errors []int
	// Security lists the alternative security requirements ({} is
	// anonymous); nil leaves the document's default.
	Security []map[string][]string
	// Extensions are x- fields of the operation.
	Extensions map[string]any
}

// Content is a body that is not the JSON of a Go type.
type Content struct {
	MediaType string
	Schema    map[string]any
}

// Document is what Build writes.
type Document struct {
	Title, Version, Description string
	Operations                  []Operation
	// SecuritySchemes are the components' security schemes by name.
	SecuritySchemes map[string]any
	// Problem is a value of the error envelope's Go type.
	Problem  any
	Specials []Special
	// Extensions are x- fields of the document.
	Extensions map[string]any
	// Required names the JSON fields a request body of struct type t
	// must carry (nil: none is required of any).
	Required func(t reflect.Type) []string
}

var statusText = map[int]string{
	400: "Bad input: malformed JSON, a wrong type, an unknown enum value or a failed validation (errors names the fields)",
	401: "Not signed in, or bad credentials",
	403: "Not allowed",
	404: "Not found (also a record that belongs to someone else)",
	409: "Conflict (stock, a duplicate, a changed state)",
	413: "Body too large",
	429: "Rate limited",
	500: "Unexpected error (no internals in the message)",
	503: "Unavailable",
}

var pathParam = regexp.MustCompile(`\{([^}.]+)(\.\.\.)?\}`)

// Build writes d as an OpenAPI 3.1 JSON document. It fails when a Go type
// has no schema it can write.
func Build(d Document) ([]byte, error) {
	s := newSchemas(d.Specials)
	s.required = d.Required
	problem := s.of(reflect.TypeOf(d.Problem), false)
	paths := map[string]map[string]any{}
	for _, op := range d.Operations {
		item := paths[op.Path]
		if item == nil {
			item = map[string]any{}
			paths[op.Path] = item
		}
		item[strings.ToLower(op.Method)] = s.operation(op)
	}
	if len(s.errs) > 0 {
		return nil, errors.New(strings.Join(s.errs, "; "))
	}
	responses := map[string]any{}
	for code, text := range statusText {
		responses[strconv.Itoa(code)] = map[string]any{
			"description": text,
			"content":     map[string]any{"application/json": map[string]any{"schema": problem}},
		}
	}
	doc := map[string]any{
		"openapi": Version,
		"info": map[string]any{
			"title":       d.Title,
			"version":     d.Version,
			"description": d.Description,
		},
		"paths": paths,
		"components": map[string]any{
			"schemas":         s.components,
			"responses":       responses,
			"securitySchemes": d.SecuritySchemes,
		},
	}
	for k, v := range d.Extensions {
		doc[k] = v
	}
	return json.MarshalIndent(doc, "", "  ")
}

// operation is the Operation Object of op.
func (s *schemas) operation(op Operation) map[string]any {
	out := map[string]any{"summary": op.Summary}
	if op.Description != "" {
		out["description"] = op.Description
	}
	if op.Tag != "" {
		out["tags"] = []string{op.Tag}
	}
	out["operationId"] = op.OperationID
	if out["operationId"] == "" {
		out["operationId"] = OperationID(op.Method, op.Path)
	}
	if params := parameters(op); params != nil {
		out["parameters"] = params
	}
	if body := s.requestBody(op); body != nil {
		out["requestBody"] = body
	}
	out["responses"] = s.responses(op)
	if op.Security != nil {
		out["security"] = op.Security
	}
	for k, v := range op.Extensions {
		out[k] = v
	}
	return out
}

// parameters are op's path parameters, then its query parameters (nil
// for none).
func parameters(op Operation) []any {
	var params []any
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		params = append(params, map[string]any{
			"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"},
		})
	}
	for _, q := range op.Query {
		typ := q.Type
		if typ == "" {
			typ = "string"
		}
		schema := map[string]any{"type": typ}
		if q.Enum != nil {
			schema["enum"] = q.Enum
		}
		p := map[string]any{"name": q.Name, "in": "query", "schema": schema}
		if q.Description != "" {
			p["description"] = q.Description
		}
		params = append(params, p)
	}
	return params
}

// requestBody is op's Request Body Object (nil when it takes none).
func (s *schemas) requestBody(op Operation) map[string]any {
	switch {
	case op.Body != nil:
		return map[string]any{
			"required": !op.BodyOptional,
			"content":  map[string]any{"application/json": map[string]any{"schema": s.of(reflect.TypeOf(op.Body), true)}},
		}
	case op.RawBody != nil:
		return map[string]any{
			"required": !op.BodyOptional,
			"content":  map[string]any{op.RawBody.MediaType: map[string]any{"schema": op.RawBody.Schema}},
		}
	}
	return nil
}

// responses is op's Responses Object: its success answer and each of its
// error statuses, pointing at the envelope's shared responses.
func (s *schemas) responses(op Operation) map[string]any {
	status := op.Status
	if status == 0 {
		status = http.StatusOK
	}
	ok := map[string]any{"description": http.StatusText(status)}
	switch {
	case op.Answer != nil:
		ok["content"] = map[string]any{"application/json": map[string]any{"schema": s.of(reflect.TypeOf(op.Answer), false)}}
	case op.RawAnswer != nil:
		ok["content"] = map[string]any{op.RawAnswer.MediaType: map[string]any{"schema": op.RawAnswer.Schema}}
	}
	responses := map[string]any{strconv.Itoa(status): ok}
	errs := append([]int{}, op.Errors...)
	sort.Ints(errs)
	for _, code := range errs {
		if _, known := statusText[code]; !known {
			s.errorf("%s %s: no description for status %d", op.Method, op.Path, code)
			continue
		}
		responses[strconv.Itoa(code)] = map[string]any{"$ref": "#/components/responses/" + strconv.Itoa(code)}
	}
	return responses
}

// OperationID is the operation id of method on path: the method and the
// path's words in camel case ("GET /api/products/{id}" is
// getProductsById).
func OperationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	upper := true
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/api"), "/") {
		if m := pathParam.FindStringSubmatch(seg); m != nil {
			seg = "by-" + m[1]
		}
		for _, r := range seg {
			if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
				upper = true
				continue
			}
			if upper {
				b.WriteString(strings.ToUpper(string(r)))
				upper = false
			} else {
				b.WriteRune(r)
			}
		}
		upper = true
	}
	return b.String()
}
