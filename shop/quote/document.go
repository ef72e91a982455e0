package quote

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/locale"
)

//go:embed templates/document.html
var templateFS embed.FS

var page = template.Must(template.New("document.html").ParseFS(templateFS, "templates/document.html"))

// docTexts are the document's words in every language.
var docTexts = map[string]map[string]string{
	"en": {"title": "Quote", "number": "Quote number", "revision": "Revision", "date": "Date", "validUntil": "Valid until",
		"for": "Quote for", "event": "Event", "item": "Item", "qty": "Qty", "unit": "Unit price", "amount": "Amount",
		"subtotal": "Subtotal", "discount": "Discount", "shipping": "Shipping", "tax": "Tax", "deposit": "Deposit (refundable)",
		"total": "Total", "message": "Your message", "taxId": "Tax ID", "hire": "Hire %s – %s (%d days)", "service": "Service",
		"availability": "Subject to availability at confirmation: this quote holds no stock and books nothing until it is accepted."},
	"ru": {"title": "Коммерческое предложение", "number": "Номер", "revision": "Редакция", "date": "Дата", "validUntil": "Действует до",
		"for": "Для", "event": "Мероприятие", "item": "Позиция", "qty": "Кол-во", "unit": "Цена", "amount": "Сумма",
		"subtotal": "Подытог", "discount": "Скидка", "shipping": "Доставка", "tax": "Налог", "deposit": "Залог (возвратный)",
		"total": "Итого", "message": "Ваше сообщение", "taxId": "ИНН", "hire": "Аренда %s – %s (дней: %d)", "service": "Услуга",
		"availability": "При наличии на момент подтверждения: предложение ничего не резервирует и не бронирует, пока его не примут."},
	"zh": {"title": "报价单", "number": "报价编号", "revision": "版本", "date": "日期", "validUntil": "有效期至",
		"for": "报价对象", "event": "活动", "item": "项目", "qty": "数量", "unit": "单价", "amount": "金额",
		"subtotal": "小计", "discount": "折扣", "shipping": "运费", "tax": "税费", "deposit": "押金（可退）",
		"total": "合计", "message": "您的留言", "taxId": "税号", "hire": "租赁 %s – %s（%d 天）", "service": "服务",
		"availability": "以确认时的库存为准：在报价被接受之前，不预留库存，也不做任何预订。"},
}

// docLine is a line as the document prints it.
type docLine struct{ Name, Note, Qty, Unit, Amount string }

// Document is the printable quote in its customer's language (api.md
// "Quotes"): the shop's details, the number, revision and validity, the
// lines and service lines, the figures and "subject to availability".
func Document(app core.App, v Viewer, id string) ([]byte, error) {
	rec, err := find(app, v, id)
	if err != nil {
		return nil, err
	}
	q := answer(app, rec)
	lang := "en"
	if to, err := recipientOf(app, rec); err == nil {
		lang = locale.Lang(to.Language)
	}
	t := docTexts[lang]
	price := func(c int64) string { return locale.Price(c, lang) }
	data := map[string]any{"Lang": lang, "T": t, "Q": q, "Seller": shop.Seller(app),
		"Date": locale.Date(rec.GetDateTime("updated").Time(), lang), "Subtotal": price(int64(q.Subtotal)),
		"Shipping": price(int64(q.ShippingAmount)), "Tax": price(int64(q.TaxAmount)), "Total": price(int64(q.Total)),
		"Address": addressOf(q.ShippingInfo)}
	if q.DiscountAmount > 0 {
		data["Discount"] = price(int64(q.DiscountAmount))
	}
	if q.DepositAmount > 0 {
		data["Deposit"] = price(int64(q.DepositAmount))
	}
	if v := rec.GetDateTime("validUntil"); !v.IsZero() {
		data["ValidUntil"] = locale.Date(v.Time(), lang)
	}
	lines := []docLine{}
	for _, l := range q.Lines {
		d := docLine{Name: l.ProductName.Get(lang, l.ProductName.Get("en", "")), Qty: fmt.Sprint(l.Quantity),
			Unit: price(int64(l.UnitPrice)), Amount: price(int64(l.LineTotal))}
		if label := l.VariantLabel.Get(lang, ""); label != "" {
			d.Name += " — " + label
		}
		if l.Hire != nil {
			d.Note = fmt.Sprintf(t["hire"], l.Hire.Start, l.Hire.End, l.Hire.Days)
		}
		lines = append(lines, d)
	}
	for _, s := range q.ServiceLines {
		lines = append(lines, docLine{Name: s.Name.Get(lang, s.Name.Get("en", "")), Note: t["service"], Qty: "1",
			Unit: price(int64(s.Amount)), Amount: price(int64(s.Amount))})
	}
	data["Lines"] = lines
	var b bytes.Buffer
	err = page.Execute(&b, data)
	return b.Bytes(), err
}

// addressOf is the delivery address as lines.
func addressOf(s shop.ShippingInfo) []string {
	out := []string{}
	for _, l := range []string{s.Address, strings.TrimSpace(s.ZipCode + " " + s.City), strings.TrimSpace(s.State + " " + s.Country)} {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}
