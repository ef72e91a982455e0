package routes_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/catalog"
)

type importAnswer struct {
	Rows    int  `json:"rows"`
	Created int  `json:"created"`
	Updated int  `json:"updated"`
	DryRun  bool `json:"dryRun"`
	Errors  []struct {
		Row     int    `json:"row"`
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

func importCSV(t *testing.T, c testapp.Client, auth []string, csv string, dry bool) importAnswer {
	t.Helper()
	url := "/api/admin/products/import"
	if dry {
		url += "?dryRun=1"
	}
	var a importAnswer
	wantStatus(t, c.Do("POST", url, csv, auth...), http.StatusOK, &a)
	return a
}

// The export is one row per variant with the product's columns repeated,
// and importing it again changes nothing (round trip); signed out and
// shoppers are refused.
func TestProductsCSVRoundTrip(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 3, "XLR-10-BLK": 1})
	heavy := validProductBody(testapp.NewImage(t, h.App))
	heavy["weightKg"], heavy["freightOnly"] = 19.5, true
	wantStatus(t, c.Do("POST", "/api/products", heavy, auth...), http.StatusCreated, nil)

	expectErr(t, c.Do("GET", "/api/admin/products/export.csv", nil), http.StatusUnauthorized, "")
	shopper := testapp.Auth(testapp.NewUser(t, h.App, false).Token)
	expectErr(t, c.Do("POST", "/api/admin/products/import", "name,category,price\n", shopper...), http.StatusForbidden, "")

	r := c.Do("GET", "/api/admin/products/export.csv", nil, auth...)
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %d %s", r.Status, r.Header.Get("Content-Type"))
	}
	before := string(r.Body)
	lines := strings.Split(strings.TrimSpace(before), "\n")
	if len(lines) != 1+4+1 || !strings.HasPrefix(lines[0], "id,name,name_ru,name_zh,") {
		t.Fatalf("export lines %d: %s", len(lines), before)
	}
	if !strings.Contains(before, "XLR-10-BLK,10 m|Black,19.90,24.90,1,true") || !strings.Contains(before, "Вращающаяся голова") ||
		!strings.Contains(before, ",Lighting,standard,19.5,true,true,") {
		t.Errorf("export rows:\n%s", before)
	}

	a := importCSV(t, c, auth, before, true)
	if len(a.Errors) != 0 || a.Rows != 5 || a.Created != 0 || a.Updated != 2 || !a.DryRun {
		t.Fatalf("dry run of the export: %+v", a)
	}
	a = importCSV(t, c, auth, before, false)
	if len(a.Errors) != 0 || a.Updated != 2 {
		t.Fatalf("import of the export: %+v", a)
	}
	if after := string(c.Do("GET", "/api/admin/products/export.csv", nil, auth...).Body); after != before {
		t.Errorf("the round trip changed the catalog:\n%s\n---\n%s", before, after)
	}
	// The shipping columns (issue 35, ship's weight and freight) import too.
	a = importCSV(t, c, auth, strings.Replace(before, ",Lighting,standard,19.5,true,", ",Lighting,standard,250,false,", 1), false)
	after := string(c.Do("GET", "/api/admin/products/export.csv", nil, auth...).Body)
	if len(a.Errors) != 0 || !strings.Contains(after, ",Lighting,standard,250,false,") {
		t.Errorf("weight and freight not imported: %+v", a.Errors)
	}
}

// A file with a bad row reports every row's problems and writes nothing,
// dry run or not; once fixed it imports: a product per name, a variant per
// row.
func TestProductsCSVImportErrorsWriteNothing(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	auth := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	img := testapp.NewImage(t, h.App)
	head := "name,name_ru,category,price,stockQuantity,images,sku,options,optionValues\n"
	opts := `"[{""name"":""Length"",""values"":[{""value"":""10 m""},{""value"":""20 m""}]}]"`
	good := "Chain Hoist 500 kg,Таль цепная,Stage,1299.00,2," + img + ",,,\n" +
		"Truss Clamp,,Stage,12.50,40," + img + ",,,\n" +
		"Round Sling,,Stage,30,5," + img + ",SLING-10," + opts + ",10 m\n" +
		"Round Sling,,Stage,45,5," + img + ",SLING-20," + opts + ",20 m\n"
	bad := strings.Replace(good, "Truss Clamp,,Stage,12.50", "Truss Clamp,,Rigging,twelve", 1)
	bad = strings.Replace(bad, "SLING-20", "SLING 20", 1)

	for _, dry := range []bool{true, false} {
		a := importCSV(t, c, auth, head+bad, dry)
		got := map[string]bool{}
		for _, e := range a.Errors {
			got[strings.Join([]string{string(rune('0' + e.Row)), e.Field}, ":")] = true
		}
		if a.Rows != 4 || !got["3:price"] || !got["5:sku"] {
			t.Errorf("dry %v: %+v, want errors at 3:price and 5:sku", dry, a)
		}
		if n := testapp.Count(t, h.App, "products"); n != 0 {
			t.Fatalf("dry %v: %d products written", dry, n)
		}
	}
	a := importCSV(t, c, auth, head+strings.Replace(good, "12.50", "12.5O", 1), true)
	if len(a.Errors) != 1 || a.Errors[0].Row != 3 || a.Errors[0].Field != "price" {
		t.Errorf("one bad cell: %+v", a.Errors)
	}

	a = importCSV(t, c, auth, head+good, false)
	if len(a.Errors) != 0 || a.Created != 3 {
		t.Fatalf("fixed file: %+v", a)
	}
	p := listPage(t, c, "?category=Stage&sort=name_asc")
	if p.Pagination.TotalCount != 3 || p.Products[0].Name != "Chain Hoist 500 kg" || p.Products[0].NameLocalized["ru"] != "Таль цепная" {
		t.Fatalf("imported: %+v", p)
	}
	var sling productAnswer
	wantStatus(t, c.Do("GET", "/api/products/"+p.Products[1].ID, nil), http.StatusOK, &sling)
	if len(sling.Variants) != 2 || sling.Variants[1].SKU != "SLING-20" {
		t.Errorf("the sling's variants: %+v", sling.Variants)
	}
	e := importCSV(t, c, auth, "name,category\nX,Stage\n", true)
	if len(e.Errors) != 1 || e.Errors[0].Row != 1 || e.Errors[0].Field != "price" {
		t.Errorf("header without price: %+v", e)
	}
}

// The products' export leaves no formula live, whichever separator the
// spreadsheet splits on (issue 43 item 5: =HYPERLINK(...), +1+1 and
// ;=cmd|... were exported as they are), and importing it again gives back
// the very texts.
func TestProductsCSVExportDefusesFormulas(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	auth := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	body := validProductBody(testapp.NewImage(t, h.App))
	body["name"] = `=HYPERLINK("http://evil.example","Open")`
	body["nameLocalized"] = map[string]string{"ru": `x;=cmd|' /C calc'!A0`, "zh": "@SUM(1)"}
	body["description"] = "+1+1"
	body["descriptionLocalized"] = map[string]string{"ru": "'=already quoted", "zh": "a,\t-2"}
	body["attributes"] = []map[string]any{{"key": "-Power", "value": "=1"}}
	wantStatus(t, c.Do("POST", "/api/products", body, auth...), http.StatusCreated, nil)

	before := string(c.Do("GET", "/api/admin/products/export.csv", nil, auth...).Body)
	for _, want := range []string{`'=HYPERLINK(`, `x;'=cmd|`, `'@SUM(1)`, `'+1+1`, `''=already quoted`, "a,\t'-2"} {
		if !strings.Contains(before, want) {
			t.Errorf("export lacks the defused %q:\n%s", want, before)
		}
	}
	for _, live := range []string{`,"=HYPERLINK`, `;=cmd`, `,@SUM`, `,+1+1`} {
		if strings.Contains(before, live) {
			t.Errorf("export has a live formula %q:\n%s", live, before)
		}
	}
	a := importCSV(t, c, auth, before, false)
	if len(a.Errors) != 0 || a.Updated != 1 {
		t.Fatalf("import of the export: %+v", a)
	}
	if after := string(c.Do("GET", "/api/admin/products/export.csv", nil, auth...).Body); after != before {
		t.Errorf("the round trip changed the texts:\n%s\n---\n%s", before, after)
	}
	r := c.Do("GET", "/api/products?pageSize=1", nil)
	var list struct {
		Products []struct {
			Name string `json:"name"`
		} `json:"products"`
	}
	r.JSON(t, &list)
	if len(list.Products) != 1 || list.Products[0].Name != body["name"] {
		t.Errorf("after the import the name is %+v, want %q", list.Products, body["name"])
	}
}

// A header of 1,000,000 columns is 400 invalid_csv before anything is
// parsed (issue 43 item 4: it took 51 s of CPU), and so is any header past
// shop.MaxImportColumns; nothing is written. The dry run and the import
// alike.
func TestProductsCSVImportCapsColumns(t *testing.T) {
	h := testapp.NewHarness(t)
	auth := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	wide := "name,category,price" + strings.Repeat(",x", 1_000_000) + "\nLamp,Lighting,10.00\n"
	justOver := "name,category,price" + strings.Repeat(",x", catalog.MaxImportColumns-2) + "\nLamp,Lighting,10.00\n"
	for _, file := range []string{wide, justOver} {
		for _, url := range []string{"/api/admin/products/import?dryRun=1", "/api/admin/products/import"} {
			expectErr(t, h.Client.Do("POST", url, file, auth...), http.StatusBadRequest, "invalid_csv")
		}
	}
	if n := testapp.Count(t, h.App, "products"); n != 0 {
		t.Fatalf("%d products written", n)
	}
	// At the cap a file is read as before (its rows' own errors).
	atCap := "name,category,price" + strings.Repeat(",x", catalog.MaxImportColumns-3) + "\nLamp,Lighting,10.00\n"
	if a := importCSV(t, h.Client, auth, atCap, true); a.Rows != 1 {
		t.Fatalf("a header of %d columns: %+v", catalog.MaxImportColumns, a)
	}
}

// A supplier's spreadsheet imports without JSON (issue 44): attr:Power and
// attr:Weight become attributes in the header's order, option1/value1 the
// variants' option (one variant a row); a JSON column beside the plain ones
// is a row error.
func TestProductsCSVImportPlainColumns(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	auth := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	img := testapp.NewImage(t, h.App)
	head := "name,category,price,stockQuantity,images,sku,attr:Power,attr:Weight,option1,value1\n"
	file := head + "Thunder 12A,Sound,499,4," + img + ",,1200 W,18 kg,,\n" +
		"XLR Cable,Accessories,9.90,50," + img + ",XLR-3,,,Length,3 m\n" +
		"XLR Cable,Accessories,12.90,40," + img + ",XLR-10,,,Length,10 m\n"
	a := importCSV(t, c, auth, file, false)
	if len(a.Errors) != 0 || a.Created != 2 {
		t.Fatalf("plain columns: %+v", a)
	}
	p := listPage(t, c, "?sort=name_asc")
	var speaker, cable map[string]any
	for _, pr := range p.Products {
		var m map[string]any
		c.Do("GET", "/api/products/"+pr.ID, nil).JSON(t, &m)
		if pr.Name == "Thunder 12A" {
			speaker = m
		} else {
			cable = m
		}
	}
	attrs, _ := json.Marshal(speaker["attributes"])
	if !strings.Contains(string(attrs), `"key":"Power"`) || strings.Index(string(attrs), "Power") > strings.Index(string(attrs), "Weight") ||
		!strings.Contains(string(attrs), `"value":"18 kg"`) {
		t.Errorf("the speaker's attributes: %s", attrs)
	}
	opts, _ := json.Marshal(cable["options"])
	vars, _ := json.Marshal(cable["variants"])
	if !strings.Contains(string(opts), `"name":"Length"`) || !strings.Contains(string(opts), `"value":"10 m"`) ||
		!strings.Contains(string(vars), `"optionValues":["10 m"]`) || !strings.Contains(string(vars), `"sku":"XLR-3"`) {
		t.Errorf("the cable's options %s and variants %s", opts, vars)
	}
	both := "name,category,price,attributes,attr:Power\nAmp,Sound,100,[],500 W\n"
	if e := importCSV(t, c, auth, both, true); len(e.Errors) != 1 || e.Errors[0].Field != "attributes" || e.Errors[0].Row != 2 {
		t.Errorf("JSON and plain attributes: %+v", e)
	}
}
