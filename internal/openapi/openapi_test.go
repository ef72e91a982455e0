package openapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type money int64

func (m money) MarshalJSON() ([]byte, error) { return []byte("1.00"), nil }

type base struct {
	ID      string `json:"id"`
	Shadow  string `json:"shadow"`
	private string
}

type sample struct {
	base
	Shadow   int               `json:"shadow"`
	Name     string            `json:"name"`
	Note     string            `json:"note,omitempty"`
	Status   string            `json:"status" tstype:"'open' | 'closed'"`
	Free     string            `json:"free" tstype:"Record<string, number>"`
	Price    money             `json:"price"`
	Maybe    *money            `json:"maybe"`
	Tags     []string          `json:"tags"`
	ByLang   map[string]string `json:"byLang"`
	Skipped  string            `json:"-"`
	Child    *sample           `json:"child,omitempty"`
	Count    int64             `json:"count,string"`
	Untagged bool
}

func build(t *testing.T, ops ...Operation) map[string]any {
	t.Helper()
	b, err := Build(Document{Title: "T", Version: "1", Operations: ops, Problem: struct {
		Code string `json:"code"`
	}{},
		Specials: []Special{{Type: reflect.TypeFor[money](), Name: "Money", Schema: map[string]any{"type": "number"}}}})
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func schemaOf(doc map[string]any, name string) map[string]any {
	return doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
}

func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestSchemaFollowsEncodingJSON: names from tags, omitempty fields not
// required, pointers nullable, embedded fields flattened (the outer one
// of a name wins), "-" and unexported fields left out, enums from tstype
// literals only, specials by reference, ",string" a string.
func TestSchemaFollowsEncodingJSON(t *testing.T) {
	doc := build(t, Operation{Method: "GET", Path: "/api/x/{id}", Summary: "x", Answer: sample{}})
	s := schemaOf(doc, "OpenapiSample")
	props := s["properties"].(map[string]any)
	for _, want := range []string{"id", "shadow", "name", "note", "status", "free", "price", "maybe", "tags", "byLang", "child", "count", "Untagged"} {
		if props[want] == nil {
			t.Errorf("no property %s in %s", want, asJSON(props))
		}
	}
	for _, gone := range []string{"private", "Skipped", "-", "base"} {
		if props[gone] != nil {
			t.Errorf("property %s should be left out", gone)
		}
	}
	checks := map[string]string{
		"shadow": `{"type":"integer"}`,
		"status": `{"enum":["open","closed"],"type":"string"}`,
		"free":   `{"type":"string"}`,
		"price":  `{"$ref":"#/components/schemas/Money"}`,
		"maybe":  `{"anyOf":[{"$ref":"#/components/schemas/Money"},{"type":"null"}]}`,
		"tags":   `{"items":{"type":"string"},"type":"array"}`,
		"byLang": `{"additionalProperties":{"type":"string"},"type":"object"}`,
		"child":  `{"anyOf":[{"$ref":"#/components/schemas/OpenapiSample"},{"type":"null"}]}`,
		"count":  `{"type":"string"}`,
	}
	for name, want := range checks {
		if got := asJSON(props[name]); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	req := asJSON(s["required"])
	if strings.Contains(req, `"note"`) || strings.Contains(req, `"child"`) || !strings.Contains(req, `"name"`) || !strings.Contains(req, `"id"`) {
		t.Errorf("required %s: want every field without omitempty", req)
	}
	op := doc["paths"].(map[string]any)["/api/x/{id}"].(map[string]any)["get"].(map[string]any)
	if got := asJSON(op["parameters"]); !strings.Contains(got, `"in":"path","name":"id","required":true`) {
		t.Errorf("path parameter: %s", got)
	}
	if op["operationId"] != "getXById" {
		t.Errorf("operationId %v", op["operationId"])
	}
}

// TestInputSchemasRequireNothing: a body type gets its own Input schema
// without required fields, beside the answer's.
func TestInputSchemasRequireNothing(t *testing.T) {
	doc := build(t, Operation{Method: "PUT", Path: "/api/x", Summary: "x", Body: sample{}, Answer: sample{}})
	in := schemaOf(doc, "OpenapiSampleInput")
	if in["required"] != nil {
		t.Errorf("input requires %v", in["required"])
	}
	if schemaOf(doc, "OpenapiSample")["required"] == nil {
		t.Error("the answer requires nothing")
	}
}

type own struct{}

func (own) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

// TestUnknownEncodingFails: a type with its own MarshalJSON and no Special
// fails the build instead of getting a wrong schema.
func TestUnknownEncodingFails(t *testing.T) {
	_, err := Build(Document{Operations: []Operation{{Method: "GET", Path: "/x", Answer: struct {
		V own `json:"v"`
	}{}}}, Problem: struct{}{}})
	if err == nil || !strings.Contains(err.Error(), "own JSON encoding") {
		t.Errorf("err %v, want the type named", err)
	}
}
