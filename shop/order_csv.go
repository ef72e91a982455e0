package shop

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/catalog"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/money"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// csvHeader names the columns of the orders export, one row per order line:
// productName says what was bought ("XLR Cable - 10 m"), variantLabel its
// options alone. shippingMethod keeps the method's code (old spreadsheets
// read it); shippingMethodName, last so that no column moves, is the name
// the order kept when it was placed, in English. The discounts come after
// it for the same reason: lineDiscount (the line's share), orderDiscount
// (off the lines; orderTotal already has it off) and discounts (each
// promotion as it was, English name and code, "; " between them).
var csvHeader = []string{"orderNumber", "createdAt", "status", "customerName", "customerEmail",
	"shippingMethod", "productId", "variantId", "sku", "productName", "variantLabel", "quantity", "unitPrice", "lineTotal",
	"taxClass", "taxRate", "lineTax",
	"orderSubtotal", "orderShipping", "orderTax", "orderTotal", "pricesIncludeTax", "taxExempt",
	"invoiceNumber", "companyName", "taxId", "trackingNumber", "shippingCountry",
	"paymentMethod", "paymentStatus", "poNumber", "amountPaid", "amountRefunded", "shippingMethodName",
	"lineDiscount", "orderDiscount", "discounts", "quoteNumber"}

// csvRow is one order line joined with its order.
type csvRow struct {
	OrderNumber    string         `db:"orderNumber"`
	Created        types.DateTime `db:"created"`
	Status         string         `db:"status"`
	CustomerName   string         `db:"customerName"`
	CustomerEmail  string         `db:"customerEmail"`
	ShippingMethod string         `db:"shippingMethod"`
	MethodName     types.JSONRaw  `db:"shippingMethodName"`
	TrackingNumber string         `db:"trackingNumber"`
	SubtotalCents  float64        `db:"subtotalCents"`
	ShippingCents  float64        `db:"shippingCents"`
	TaxCents       float64        `db:"taxCents"`
	TotalCents     float64        `db:"totalCents"`
	Inclusive      bool           `db:"pricesIncludeTax"`
	Exempt         bool           `db:"taxExempt"`
	InvoiceNumber  string         `db:"invoiceNumber"`
	CompanyName    string         `db:"companyName"`
	TaxID          string         `db:"taxId"`
	ProductID      string         `db:"productId"`
	VariantID      string         `db:"variantId"`
	SKU            string         `db:"sku"`
	ProductName    string         `db:"productName"`
	VariantLabel   string         `db:"variantLabel"`
	Quantity       float64        `db:"quantity"`
	UnitCents      float64        `db:"unitPriceCents"`
	LineCents      float64        `db:"lineCents"`
	TaxClass       string         `db:"taxClass"`
	TaxRate        float64        `db:"taxRate"`
	LineTaxCents   float64        `db:"lineTaxCents"`
	Country        string         `db:"country"`
	PaymentMethod  string         `db:"paymentMethod"`
	PaymentStatus  string         `db:"paymentStatus"`
	PONumber       string         `db:"poNumber"`
	PaidCents      float64        `db:"amountPaidCents"`
	RefundedCents  float64        `db:"amountRefundedCents"`
	LineDiscount   float64        `db:"lineDiscountCents"`
	OrderDiscount  float64        `db:"discountCents"`
	Discounts      types.JSONRaw  `db:"discounts"`
	QuoteNumber    string         `db:"quoteNumber"`
}

// ExportOrdersCSV writes the orders that match f (status and date range;
// paging is ignored) as CSV to w, one row per order line, oldest first,
// row by row so that a large export never sits in memory. Texts that a
// spreadsheet would run as a formula are neutralized (see safeCell).
func ExportOrdersCSV(app core.App, f OrderFilter, w io.Writer) error {
	f.Page, f.PageSize = 0, 0
	if err := f.Validate(); err != nil {
		return err
	}
	q := app.DB().Select("o.orderNumber", "o.created", "o.status", "o.customerName", "o.customerEmail",
		"o.shippingMethod", "o.shippingMethodName", "o.trackingNumber", "o.subtotalCents", "o.shippingCents", "o.taxCents", "o.totalCents",
		"o.pricesIncludeTax", "o.taxExempt", "o.invoiceNumber", "o.companyName", "o.taxId",
		"i.productId", "i.variantId", "i.sku", "i.productName", "COALESCE(i.variantLabel, '') AS variantLabel",
		"i.quantity", "i.unitPriceCents", "i.totalCents AS lineCents",
		"i.taxClass", "i.taxRate", "i.taxCents AS lineTaxCents",
		"COALESCE(json_extract(o.shipping, '$.country'), '') AS country",
		"o.paymentMethod", "o.paymentStatus", "o.poNumber", "o.amountPaidCents", "o.amountRefundedCents",
		"i.discountCents AS lineDiscountCents", "o.discountCents", "o.discounts", "o.quoteNumber").
		From(OrdersCollection+" o").
		InnerJoin(OrderItemsCollection+" i", dbx.NewExp("i.orderRef = o.id")).
		OrderBy("o.created ASC", "o.rowid ASC", "i.rowid ASC")
	if where := f.where("o."); where != nil {
		q = q.Where(where)
	}
	return writeCSVRows(q, w, csvHeader, func(r csvRow) []string { return r.record(f.Language) })
}

// writeCSVRows writes header and then each row of q, scanned into a T and
// turned into cells by record, to w as CSV, row by row (the orders and the
// shipping partner's exports).
func writeCSVRows[T any](q *dbx.SelectQuery, w io.Writer, header []string, record func(T) []string) error {
	rows, err := q.Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	out := csv.NewWriter(w)
	if err := out.Write(header); err != nil {
		return err
	}
	for rows.Next() {
		var r T
		if err := rows.ScanStruct(&r); err != nil {
			return err
		}
		if err := out.Write(record(r)); err != nil {
			return err
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return err
	}
	return rows.Err()
}

// record is the CSV record of a row; the texts are the English ones, the
// country's name is in lang.
func (r csvRow) record(lang string) []string {
	product, _ := field.ParseLocalized(r.ProductName)
	label, _ := field.ParseLocalized(r.VariantLabel)
	name := catalog.LineName(product, label)
	money := func(c float64) string {
		return money.Plain(int64(math.Round(c)))
	}
	return []string{
		field.SafeCell(r.OrderNumber), wire.Stamp(r.Created), field.SafeCell(r.Status), field.SafeCell(r.CustomerName),
		field.SafeCell(r.CustomerEmail), field.SafeCell(r.ShippingMethod), field.SafeCell(r.ProductID), field.SafeCell(r.VariantID), field.SafeCell(r.SKU),
		field.SafeCell(name.Get("en", "")), field.SafeCell(label.Get("en", "")),
		strconv.Itoa(int(math.Round(r.Quantity))), money(r.UnitCents), money(r.LineCents),
		tax.ClassOf(r.TaxClass), rateOf(r.TaxRate).String(), money(r.LineTaxCents),
		money(r.SubtotalCents), money(r.ShippingCents), money(r.TaxCents), money(r.TotalCents),
		strconv.FormatBool(r.Inclusive), strconv.FormatBool(r.Exempt),
		field.SafeCell(r.InvoiceNumber), field.SafeCell(r.CompanyName), field.SafeCell(r.TaxID), field.SafeCell(r.TrackingNumber),
		field.SafeCell(locale.CountryName(r.Country, lang)),
		field.SafeCell(r.PaymentMethod), field.SafeCell(r.PaymentStatus), field.SafeCell(r.PONumber), money(r.PaidCents), money(r.RefundedCents),
		field.SafeCell(savedMethodName(r.MethodName, r.ShippingMethod)),
		money(r.LineDiscount), money(r.OrderDiscount), field.SafeCell(discountNames(r.Discounts)),
		field.SafeCell(r.QuoteNumber),
	}
}

// discountNames lists an order's discounts as it kept them, in English
// with their codes ("Touring (TOURING25); Venues").
func discountNames(raw types.JSONRaw) string {
	var names []string
	for _, d := range discountsOf(string(raw)) {
		names = append(names, d.Label("en"))
	}
	return strings.Join(names, "; ")
}

// savedMethodName is the English name of the shipping method an order kept
// when it was placed; an old order without one shows its code.
func savedMethodName(raw types.JSONRaw, code string) string {
	return methodNameOf(string(raw)).Get("en", code)
}
