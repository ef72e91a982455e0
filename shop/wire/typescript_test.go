package wire_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"stageshop/shop/cart"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// The app's API types (app/src/api/wire.gen.ts) are written from the Go
// answer types below; this test fails when the committed file is not what
// they give, so a renamed or retyped field fails here and, once the file is
// regenerated, in the app's type check. Regenerate with
//
//	go test ./shop/wire -run TestTypeScriptShapes -update
var update = flag.Bool("update", false, "rewrite app/src/api/wire.gen.ts")

const tsFile = "../../app/src/api/wire.gen.ts"

// answers are the shapes the app reads, by their TypeScript name, in the
// order they are written. Every struct a field refers to must be here.
var answers = []struct {
	name string
	v    any
}{
	{"Pagination", wire.Page{}},
	{"Message", wire.Message{}},
	{"User", wire.User{}},
	{"LoginAnswer", wire.LoginAnswer{}},
	{"UserAnswer", wire.UserAnswer{}},
	{"AdminUser", wire.AdminUser{}},
	{"UserList", wire.AdminUserPage{}},
	{"ProductAttribute", wire.ProductAttribute{}},
	{"ProductOptionValue", wire.ProductOptionValue{}},
	{"ProductOption", wire.ProductOption{}},
	{"HireRates", wire.HireRates{}},
	{"ProductHire", wire.ProductHire{}},
	{"KitComponent", wire.KitComponent{}},
	{"ProductVariant", wire.ProductVariant{}},
	{"Product", wire.Product{}},
	{"PriceRange", wire.PriceRange{}},
	{"ProductFacets", wire.ProductFacets{}},
	{"ProductList", wire.ProductList{}},
	{"Category", wire.Category{}},
	{"ProductSuggestion", wire.ProductSuggestion{}},
	{"ProductSuggestions", wire.ProductSuggestions{}},
	{"UploadedImage", wire.UploadedImage{}},
	{"PageHead", wire.PageHead{}},
	{"SearchSynonyms", wire.SearchSynonyms{}},
	{"CartHire", wire.CartHire{}},
	{"CartItem", cart.Item{}},
	{"Cart", cart.Cart{}},
	{"MergeCapped", wire.MergeCapped{}},
	{"MergeDrop", wire.MergeDrop{}},
	{"MergeReport", wire.MergeReport{}},
	{"MergedCart", cart.Merged{}},
	{"ShippingMethod", wire.ShippingMethod{}},
	{"ShippingMethods", wire.ShippingMethods{}},
	{"WeightRate", wire.WeightRate{}},
	{"ZoneMethod", wire.ZoneMethod{}},
	{"ShippingZone", wire.ShippingZone{}},
	{"ShippingSettings", wire.ShippingSettings{}},
	{"PostalAddress", wire.PostalAddress{}},
	{"ShippingInfo", wire.ShippingInfo{}},
	{"BillingInfo", wire.BillingInfo{}},
	{"TaxLine", wire.TaxLine{}},
	{"TaxRow", wire.TaxRow{}},
	{"TaxEstimate", wire.TaxEstimate{}},
	{"CreditNote", wire.CreditNote{}},
	{"PaymentEvent", wire.PaymentEvent{}},
	{"PaymentAttempt", wire.PaymentAttempt{}},
	{"Refund", wire.Refund{}},
	{"ReturnLine", wire.ReturnLine{}},
	{"ReturnChange", wire.ReturnChange{}},
	{"Return", wire.Return{}},
	{"RefundQuote", wire.RefundQuote{}},
	{"QuoteHire", wire.QuoteHire{}},
	{"QuoteLine", wire.QuoteLine{}},
	{"QuoteServiceLine", wire.QuoteServiceLine{}},
	{"QuoteDiff", wire.QuoteDiff{}},
	{"QuoteChange", wire.QuoteChange{}},
	{"Quote", wire.Quote{}},
	{"Payment", wire.Payment{}},
	{"MethodOption", wire.MethodOption{}},
	{"PaymentMethods", wire.PaymentMethods{}},
	{"CheckoutURL", wire.CheckoutURL{}},
	{"Awaiting", wire.Awaiting{}},
	{"QuoteFigures", wire.QuoteFigures{}},
	{"OrderSummary", wire.OrderSummary{}},
	{"OrderHire", wire.OrderHire{}},
	{"OrderItem", wire.OrderItem{}},
	{"StatusChange", wire.StatusChange{}},
	{"OrderNote", wire.OrderNote{}},
	{"OrderDetail", wire.OrderDetail{}},
	{"SavedAddress", wire.SavedAddress{}},
	{"ContactSent", wire.ContactSent{}},
	{"ContactReply", wire.ContactReply{}},
	{"ContactRequest", wire.ContactRequest{}},
	{"ContactRequestList", wire.ContactPage{}},
	{"ContactStats", wire.ContactStats{}},
	{"Revenue", wire.Revenue{}},
	{"DayFigures", wire.DayFigures{}},
	{"TopProduct", wire.TopProduct{}},
	{"LowStockProduct", wire.LowStockProduct{}},
	{"Overview", wire.Overview{}},
	{"RoleChange", wire.RoleChange{}},
	{"RoleChangeList", wire.RoleChangePage{}},
	{"EmailSummary", mail.Summary{}},
	{"EmailDetail", mail.Email{}},
	{"EmailList", mail.Page{}},
	{"SocialLink", wire.SocialLink{}},
	{"Hero", wire.Hero{}},
	{"Shop", wire.Shop{}},
	{"PageSummary", wire.PageSummary{}},
	{"InfoPage", wire.InfoPage{}},
	{"AdminPage", wire.AdminPage{}},
	{"PaymentTaxSettings", wire.PaymentTaxSettings{}},
	{"AdminTaxRate", wire.AdminTaxRate{}},
	{"Promotion", wire.Promotion{}},
	{"Discount", wire.Discount{}},
	{"PromoIssue", wire.PromoIssue{}},
	{"BookingFee", wire.BookingFee{}},
	{"BookingSettlement", wire.BookingSettlement{}},
	{"Booking", wire.Booking{}},
	{"HireDay", wire.HireDay{}},
	{"HireQuote", wire.HireQuote{}},
	{"Availability", wire.Availability{}},
	{"APIKeyInput", wire.APIKeyInput{}},
	{"APIKey", wire.APIKey{}},
	{"Webhook", wire.Webhook{}},
	{"WebhookAttempt", wire.WebhookAttempt{}},
	{"WebhookDelivery", wire.WebhookDelivery{}},
	{"AuditEntry", wire.AuditEntry{}},
	{"AuditPage", wire.AuditPage{}},
}

var (
	amountType    = reflect.TypeFor[wire.Amount]()
	rateType      = reflect.TypeFor[wire.Rate]()
	gramsType     = reflect.TypeFor[wire.Grams]()
	localizedType = reflect.TypeFor[wire.Localized]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
)

func TestTypeScriptShapes(t *testing.T) {
	got, err := typeScript()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(tsFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(tsFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Fatalf("%s is not what the Go answer types give: run go test ./shop/wire -run TestTypeScriptShapes -update, then fix the app where its type check fails", tsFile)
	}
}

// TestTypeScriptNamesAnswerFields proves the check bites: a field renamed in
// Go changes the generated text.
func TestTypeScriptNamesAnswerFields(t *testing.T) {
	ts, err := typeScript()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"export interface Product {\n  id: string;",
		"  price: number;\n",
		"  nameLocalized: Localized;\n",
		"  waitingAlerts?: number;\n",
		"  lastLoginAt: string | null;\n",
		"  language: 'en' | 'ru' | 'zh';\n",
		"export interface OrderDetail extends OrderSummary {\n", // embedded OrderSummary
		"  ordersByStatus: Record<string, number>;\n",
	} {
		if !strings.Contains(ts, want) {
			t.Errorf("generated TypeScript lacks %q", want)
		}
	}
}

// typeScript writes every answer as a TypeScript interface.
func typeScript() (string, error) {
	names := map[reflect.Type]string{}
	for _, a := range answers {
		names[reflect.TypeOf(a.v)] = a.name
	}
	var b strings.Builder
	b.WriteString("// Generated by shop/wire/typescript_test.go from the Go answer types: do not edit.\n")
	b.WriteString("// go test ./shop/wire -run TestTypeScriptShapes -update\n\n")
	b.WriteString("/** A text by language code (en, ru, zh); null when the record has none. */\n")
	b.WriteString("export type Localized = Record<string, string> | null;\n")
	for _, a := range answers {
		t := reflect.TypeOf(a.v)
		var fields strings.Builder
		if err := writeFields(&fields, t, names); err != nil {
			return "", fmt.Errorf("%s: %w", a.name, err)
		}
		fmt.Fprintf(&b, "\nexport interface %s%s {\n%s}\n", a.name, extends(t, names), fields.String())
	}
	return b.String(), nil
}

// embedded is the answer type of an embedded field whose fields encoding/json
// lifts into the outer object ("" when it is not one).
func embedded(f reflect.StructField, names map[reflect.Type]string) string {
	if !f.Anonymous || f.Tag.Get("json") != "" {
		return ""
	}
	t := f.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return names[t]
}

// extends names the answers t embeds: ` extends OrderSummary`.
func extends(t reflect.Type, names map[reflect.Type]string) string {
	var out []string
	for f := range t.Fields() {
		if n := embedded(f, names); n != "" {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " extends " + strings.Join(out, ", ")
}

// writeFields writes the JSON fields of struct t as encoding/json writes
// them: embedded answers become `extends`, other embedded structs are
// flattened, `-` and unexported fields left out, omitempty fields optional.
func writeFields(b *strings.Builder, t reflect.Type, names map[reflect.Type]string) error {
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if embedded(f, names) != "" {
			continue
		}
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if err := writeFields(b, ft, names); err != nil {
					return err
				}
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		optional := strings.Contains(opts, "omitempty")
		ts := f.Tag.Get("tstype")
		if ts == "" {
			var err error
			if ts, err = tsType(ft, names, optional); err != nil {
				return fmt.Errorf("field %s: %w", f.Name, err)
			}
		}
		mark := ""
		if optional {
			mark = "?"
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", name, mark, ts)
	}
	return nil
}

// tsType is the TypeScript type of the JSON of a Go type. A pointer is
// null when unset, unless the field is left out instead (omitempty).
func tsType(t reflect.Type, names map[reflect.Type]string, optional bool) (string, error) {
	switch t {
	case amountType, rateType, gramsType: // dollars with two decimals; a percentage (6.25); kilograms
		return "number", nil
	case localizedType:
		return "Localized", nil
	}
	if n, ok := names[t]; ok {
		return n, nil
	}
	if t.Kind() == reflect.Pointer && (t.Elem() == amountType || t.Elem() == gramsType) { // a price or weight that may be absent
		if optional {
			return "number", nil
		}
		return "number | null", nil
	}
	if t.Implements(marshalerType) {
		return "", fmt.Errorf("%s has its own JSON encoding: give it a case in tsType", t)
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Pointer:
		inner, err := tsType(t.Elem(), names, false)
		if err != nil || optional {
			return inner, err
		}
		return inner + " | null", nil
	case reflect.Slice:
		inner, err := tsType(t.Elem(), names, false)
		if strings.Contains(inner, " ") {
			inner = "(" + inner + ")"
		}
		return inner + "[]", err
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("map key %s is not a string", t.Key())
		}
		inner, err := tsType(t.Elem(), names, false)
		return "Record<string, " + inner + ">", err
	case reflect.Struct:
		return "", fmt.Errorf("struct %s is not in the answers list", t)
	}
	return "", fmt.Errorf("no TypeScript type for %s", t)
}
