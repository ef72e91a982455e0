package shop

import (
	"bytes"
	"encoding/json"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/catalog"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

// slipTexts are the packing slip's words in every language (shop/locale's
// "slip" catalogue).
var slipTexts = locale.Texts("slip")

// slipTemplate is one A4 page without prices: what to pack and where it goes.
var slipTemplate = template.Must(template.New("slip").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>{{.L.title}} {{.Number}}</title>
<style>
@page { size: A4; margin: 14mm; }
body { font: 12px/1.4 system-ui, sans-serif; color: #111; max-width: 180mm; margin: 0 auto; }
h1 { font-size: 20px; margin: 0 0 4px; } table { width: 100%; border-collapse: collapse; margin-top: 12px; }
th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid #ccc; } td.qty, th.qty { text-align: right; width: 48px; }
.grid { display: flex; gap: 24px; margin-top: 12px; } .grid > div { flex: 1; } .muted { color: #555; }
.box { display: inline-block; width: 12px; height: 12px; border: 1px solid #333; } footer { margin-top: 24px; }
@media print { button { display: none; } }
</style></head><body>
<button type="button" id="print-slip">{{.L.print}}</button>
<h1>{{.L.title}}</h1>
<div class="muted">{{.L.order}} <strong>{{.Number}}</strong> · {{.L.date}} {{.Date}}</div>
<div class="grid"><div><strong>{{.L.shipTo}}</strong><br>{{range .Address}}{{.}}<br>{{end}}</div>
<div>{{if .Method}}<strong>{{.L.method}}</strong>: {{.Method}}<br>{{end}}{{if .Carrier}}<strong>{{.L.carrier}}</strong>: {{.Carrier}}<br>{{end}}{{if .Tracking}}<strong>{{.L.tracking}}</strong>: {{.Tracking}}<br>{{end}}{{if .Weight}}<strong>{{.L.weight}}</strong>: {{.Weight}}{{end}}</div></div>
<table><thead><tr><th></th><th>{{.L.item}}</th><th>{{.L.sku}}</th><th class="qty">{{.L.qty}}</th></tr></thead><tbody>
{{range .Lines}}<tr><td><span class="box"></span></td><td>{{.Name}}</td><td>{{.SKU}}</td><td class="qty">{{.Qty}}</td></tr>{{end}}
</tbody></table>
<footer class="muted">{{.L.packed}}: ____________________</footer>
<script src="{{.Script}}"></script>
</body></html>`))

type slipLine struct {
	Name, SKU string
	Qty       int
}

// PackingSlip renders an order's packing slip for the warehouse in lang:
// the lines and quantities to pack, the address, method, carrier and
// weight; never a price. One printed page for an order of up to about
// 30 lines.
func PackingSlip(app core.App, orderID, lang, printScript string) ([]byte, error) {
	rec, d, err := findOrderDetail(app, orderID)
	if err != nil {
		return nil, err
	}
	lang = locale.Lang(lang)
	a := d.Shipping
	address := nonEmptyLines(strings.TrimSpace(a.FirstName+" "+a.LastName), rec.GetString("companyName"), a.Address,
		strings.Join(nonEmptyLines(a.City, a.State, a.ZipCode), ", "), locale.CountryName(a.Country, lang), a.Phone)
	data := map[string]any{"Lang": lang, "L": slipTexts.Words(lang), "Number": d.OrderNumber, "Script": printScript,
		"Date": rec.GetDateTime("created").Time().UTC().Format("2006-01-02"), "Address": address,
		"Method": d.ShippingMethodName.Get(lang, shipping.MethodName(d.ShippingMethod, lang)), "Carrier": carrierName(d.Carrier), "Tracking": d.TrackingNumber, "Weight": "", "Lines": []slipLine{}}
	if d.WeightKg > 0 {
		w, _ := d.WeightKg.MarshalJSON()
		data["Weight"] = slipTexts.T(lang, "weightKg", "weight", string(w))
	}
	lines := []slipLine{}
	for _, it := range d.Items {
		lines = append(lines, slipLine{Name: catalog.LineName(it.ProductName, it.VariantLabelLocalized).Get(lang, ""), SKU: it.SKU, Qty: it.Quantity})
	}
	data["Lines"] = lines
	var out bytes.Buffer
	err = slipTemplate.Execute(&out, data)
	return out.Bytes(), err
}

func nonEmptyLines(ss ...string) []string {
	out := []string{}
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// shippingCSVHeader names the columns of the shipping partner's export:
// one row per order, with the address and phone to deliver to.
// shippingMethod is the method's code (as before); shipping.MethodName, added
// last so that no column moves, the English name the order kept.
var shippingCSVHeader = []string{"orderNumber", "createdAt", "status", "name", "company", "address", "city", "state", "zipCode",
	"country", "phone", "email", "shippingMethod", "carrier", "trackingNumber", "items", "weightKg", "shippingMethodName"}

type shippingCSVRow struct {
	OrderNumber string         `db:"orderNumber"`
	Created     types.DateTime `db:"created"`
	Status      string         `db:"status"`
	Shipping    types.JSONRaw  `db:"shipping"`
	Company     string         `db:"companyName"`
	Method      string         `db:"shippingMethod"`
	MethodName  types.JSONRaw  `db:"shippingMethodName"`
	Carrier     string         `db:"carrier"`
	Tracking    string         `db:"trackingNumber"`
	Items       float64        `db:"itemCount"`
	Grams       float64        `db:"weightGrams"`
}

func (r shippingCSVRow) record() []string {
	var s wire.ShippingInfo
	_ = json.Unmarshal(r.Shipping, &s)
	w, _ := wire.Grams(int64(r.Grams)).MarshalJSON()
	cells := []string{r.OrderNumber, wire.Time(r.Created.Time()), r.Status, strings.TrimSpace(s.FirstName + " " + s.LastName), r.Company,
		s.Address, s.City, s.State, s.ZipCode, s.Country, s.Phone, s.Email, r.Method, r.Carrier, r.Tracking,
		strconv.Itoa(int(r.Items)), string(w), savedMethodName(r.MethodName, r.Method)}
	for i, c := range cells {
		cells[i] = field.SafeCell(c)
	}
	return cells
}

// ExportShippingCSV writes the orders that match f (status and dates) for
// a shipping partner, one row per order with its delivery address and
// phone, oldest first, row by row.
func ExportShippingCSV(app core.App, f OrderFilter, w io.Writer) error {
	f.Page, f.PageSize = 0, 0
	if err := f.Validate(); err != nil {
		return err
	}
	q := app.DB().Select("orderNumber", "created", "status", "shipping", "companyName", "shippingMethod", "shippingMethodName", "carrier",
		"trackingNumber", "itemCount", "weightGrams").From(OrdersCollection).OrderBy("created ASC", "rowid ASC")
	if where := f.where(""); where != nil {
		q = q.Where(where)
	}
	return writeCSVRows(q, w, shippingCSVHeader, shippingCSVRow.record)
}
