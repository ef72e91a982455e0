package catalog

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Plain columns beside the JSON ones, so that a supplier's spreadsheet
// imports without hand-written JSON: `attr:Power` (an attribute, its key
// after the colon, its value the first row's cell) and `option1`/`value1`,
// `option2`/`value2`... (an option's name on the product's first row, each
// row's value giving its variant's option values, in the options' order).
// A product uses either the JSON column or the plain ones.

const attrPrefix = "attr:"

// maxPlainOptions is how many optionN/valueN pairs are read.
const maxPlainOptions = 3

// plainColumns fills in's attributes and options from the plain columns
// when the group has some; opts reports whether options came from them
// (every row is then a variant).
func (g *importGroup) plainColumns(in *ProductInput, bad func(importRow, string, string)) (opts bool) {
	first := g.rows[0]
	var attrs []map[string]string
	for _, h := range first.header {
		if k := strings.TrimSpace(strings.TrimPrefix(h, attrPrefix)); strings.HasPrefix(h, attrPrefix) && k != "" {
			if v := first.col[h]; v != "" {
				attrs = append(attrs, map[string]string{"key": k, "value": v})
			}
		}
	}
	if len(attrs) > 0 {
		if first.col["attributes"] != "" {
			bad(first, "attributes", "Use the attributes column or the attr: columns, not both")
		} else {
			in.Attributes, _ = json.Marshal(attrs)
		}
	}
	options := g.plainOptions()
	if len(options) == 0 {
		return false
	}
	if first.col["options"] != "" {
		bad(first, "options", "Use the options column or option1/value1 columns, not both")
		return false
	}
	in.Options, _ = json.Marshal(options)
	for i := range g.rows {
		r := &g.rows[i]
		var values []string
		for n := range options {
			values = append(values, r.col["value"+strconv.Itoa(n+1)])
		}
		r.col["optionValues"] = strings.Join(values, listSep)
	}
	return true
}

// plainOptions are the options named in option1, option2... of the first
// row, each with the values its valueN column takes, in order.
func (g *importGroup) plainOptions() []map[string]any {
	var out []map[string]any
	for n := 1; n <= maxPlainOptions; n++ {
		name := g.rows[0].col["option"+strconv.Itoa(n)]
		if name == "" {
			break
		}
		var values []map[string]string
		seen := map[string]bool{}
		for _, r := range g.rows {
			v := r.col["value"+strconv.Itoa(n)]
			if v != "" && !seen[v] {
				seen[v] = true
				values = append(values, map[string]string{"value": v})
			}
		}
		out = append(out, map[string]any{"name": name, "values": values})
	}
	return out
}
