package openapi

import (
	"encoding/json"
	"fmt"
	"path"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
)

var (
	marshalerType   = reflect.TypeFor[json.Marshaler]()
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	rawMessageType  = reflect.TypeFor[json.RawMessage]()
	numberType      = reflect.TypeFor[json.Number]()
	timeType        = reflect.TypeFor[time.Time]()
)

// Special names a Go type with its own JSON encoding and its schema. Any
// other type with a MarshalJSON or UnmarshalJSON is an error, so a new one
// gets a Special instead of a wrong schema.
type Special struct {
	Type   reflect.Type
	Name   string         // component name ("" to inline)
	Schema map[string]any // its JSON Schema
}

// schemas builds the JSON Schemas (2020-12, as OpenAPI 3.1 uses) of Go types
// by reflection, as encoding/json writes and reads them, into components.
type schemas struct {
	components map[string]any
	byName     map[string]reflect.Type // component name -> the type it is, per mode
	specials   map[reflect.Type]Special
	required   func(reflect.Type) []string
	errs       []string
}

func newSchemas(specials []Special) *schemas {
	s := &schemas{components: map[string]any{}, byName: map[string]reflect.Type{}, specials: map[reflect.Type]Special{}}
	for _, sp := range specials {
		s.specials[sp.Type] = sp
	}
	return s
}

func (s *schemas) errorf(format string, args ...any) {
	s.errs = append(s.errs, fmt.Sprintf(format, args...))
}

// ref is the schema that points at component name.
func ref(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }

// nullable is schema that also allows null.
func nullable(schema map[string]any) map[string]any {
	if t, ok := schema["type"].(string); ok && len(schema) <= 3 && schema["enum"] == nil {
		out := map[string]any{}
		for k, v := range schema {
			out[k] = v
		}
		out["type"] = []string{t, "null"}
		return out
	}
	return map[string]any{"anyOf": []any{schema, map[string]any{"type": "null"}}}
}

// componentName is the name of a named struct type in components: its Go
// name, with its package's in front unless it already says it (cart.Item
// is CartItem, cart.Cart is Cart; the wire package's types keep theirs).
// A request type (input) ends in Input, so that a type both sent and
// answered has two schemas: the answer's fields are required, the
// input's those its validation requires.
func componentName(t reflect.Type, input bool) string {
	name := []rune(t.Name())
	name[0] = unicode.ToUpper(name[0])
	n := string(name)
	if i := strings.IndexByte(n, '['); i >= 0 { // generic instance
		n = n[:i]
	}
	pkg := path.Base(t.PkgPath())
	title := strings.ToUpper(pkg[:1]) + pkg[1:]
	if pkg != "wire" && pkg != "routes" && !strings.HasPrefix(n, title) {
		n = title + n
	}
	if input && !strings.HasSuffix(n, "Input") {
		n += "Input"
	}
	return n
}

// of is the schema of values of type t; input says it is read from a
// request (required fields: Document.Required's) rather than answered.
func (s *schemas) of(t reflect.Type, input bool) map[string]any {
	if sp, ok := s.specials[t]; ok {
		if sp.Name == "" {
			return sp.Schema
		}
		s.components[sp.Name] = sp.Schema
		return ref(sp.Name)
	}
	switch t {
	case rawMessageType:
		return map[string]any{"description": "Any JSON value"}
	case numberType:
		return map[string]any{"type": "number"}
	case timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	}
	if t.Kind() == reflect.Pointer {
		return nullable(s.of(t.Elem(), input))
	}
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(unmarshalerType) {
		s.errorf("%s has its own JSON encoding: give it a Special", t)
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		return map[string]any{"type": "array", "items": s.of(t.Elem(), input)}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			s.errorf("map key of %s is not a string", t)
		}
		return map[string]any{"type": "object", "additionalProperties": s.of(t.Elem(), input)}
	case reflect.Struct:
		return s.structOf(t, input)
	}
	s.errorf("no schema for %s", t)
	return map[string]any{}
}

// structOf is the schema of struct t: inline when it has no name, else a
// reference to its component, made the first time.
func (s *schemas) structOf(t reflect.Type, input bool) map[string]any {
	if t.Name() == "" {
		return s.object(t, input)
	}
	name := componentName(t, input)
	if other, ok := s.byName[name]; ok {
		if other != t {
			s.errorf("%s and %s both have the schema name %s", t, other, name)
		}
		return ref(name)
	}
	s.byName[name] = t
	s.components[name] = map[string]any{} // placeholder for recursive types
	s.components[name] = s.object(t, input)
	return ref(name)
}

// field is one JSON field of a struct as encoding/json sees it.
type field struct {
	name     string
	depth    int
	tagged   bool
	optional bool
	f        reflect.StructField
}

// fields lists the JSON fields of struct t by encoding/json's rules:
// exported fields, embedded structs without a name flattened, "-" left
// out, the shallowest of fields with one name kept (a tagged one first).
func fields(t reflect.Type) []field {
	var all []field
	var walk func(t reflect.Type, depth int, seen map[reflect.Type]bool)
	walk = func(t reflect.Type, depth int, seen map[reflect.Type]bool) {
		if seen[t] {
			return
		}
		seen[t] = true
		for f := range t.Fields() {
			tag := f.Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" && opts == "" {
				continue
			}
			ft := f.Type
			if f.Anonymous {
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name == "" && ft.Kind() == reflect.Struct {
					walk(ft, depth+1, seen)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			tagged := name != ""
			if name == "" {
				name = f.Name
			}
			optional := strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
			all = append(all, field{name: name, depth: depth, tagged: tagged, optional: optional, f: f})
		}
	}
	walk(t, 0, map[reflect.Type]bool{})
	best := map[string]field{}
	var order []string
	for _, f := range all {
		b, ok := best[f.name]
		if !ok {
			order = append(order, f.name)
			best[f.name] = f
			continue
		}
		if f.depth < b.depth || (f.depth == b.depth && f.tagged && !b.tagged) {
			best[f.name] = f
		}
	}
	out := make([]field, 0, len(order))
	for _, n := range order {
		out = append(out, best[n])
	}
	return out
}

// object is the schema of struct t: its fields as properties, those
// always written (no omitempty) required in answers, those the document's
// Required names required in requests.
func (s *schemas) object(t reflect.Type, input bool) map[string]any {
	props := map[string]any{}
	var required []string
	for _, f := range fields(t) {
		var schema map[string]any
		_, opts, _ := strings.Cut(f.f.Tag.Get("json"), ",")
		switch {
		case strings.Contains(opts, "string"):
			schema = map[string]any{"type": "string"}
		default:
			schema = s.of(f.f.Type, input)
			if enum := enumOf(f.f.Tag.Get("tstype")); enum != nil && f.f.Type.Kind() == reflect.String {
				schema = map[string]any{"type": "string", "enum": enum}
			}
		}
		props[f.name] = schema
		if !input && !f.optional {
			required = append(required, f.name)
		}
	}
	if input && s.required != nil {
		for _, name := range s.required(t) {
			if _, ok := props[name]; ok && !slices.Contains(required, name) {
				required = append(required, name)
			}
		}
	}
	out := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		sort.Strings(required)
		out["required"] = required
	}
	return out
}

// enumOf reads the string literals of a TypeScript union tag
// ('a' | 'b' | ”); nil when the tag is not one.
func enumOf(tag string) []string {
	if tag == "" {
		return nil
	}
	var out []string
	for part := range strings.SplitSeq(tag, "|") {
		p := strings.TrimSpace(part)
		if len(p) < 2 || p[0] != '\'' || p[len(p)-1] != '\'' {
			return nil
		}
		out = append(out, p[1:len(p)-1])
	}
	return out
}
