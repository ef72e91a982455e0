package invoice

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Languages the invoice is written in; the first is the fallback.
var Languages = []string{"en", "ru", "zh"}

// Lang returns lang when the invoice can be written in it, else "en".
func Lang(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if slices.Contains(Languages, lang) {
		return lang
	}
	return "en"
}

// words are the invoice's fixed words in lang.
func words(lang string) map[string]string { return messages[Lang(lang)] }

// tr is key in lang with each {name} replaced by the value after it.
func tr(lang, key string, args ...string) string {
	s, ok := messages[lang][key]
	if !ok {
		s = messages["en"][key]
	}
	pairs := make([]string, 0, len(args))
	for i := 0; i+1 < len(args); i += 2 {
		pairs = append(pairs, "{"+args[i]+"}", args[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// Date writes a date the language's way: November 26, 2026; 26 ноября
// 2026 г.; 2026年11月26日.
func Date(lang string, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	t = t.UTC()
	y, m, d := t.Date()
	switch Lang(lang) {
	case "ru":
		return strconv.Itoa(d) + " " + ruMonths[m-1] + " " + strconv.Itoa(y) + " г."
	case "zh":
		return strconv.Itoa(y) + "年" + strconv.Itoa(int(m)) + "月" + strconv.Itoa(d) + "日"
	}
	return m.String() + " " + strconv.Itoa(d) + ", " + strconv.Itoa(y)
}

var ruMonths = []string{"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
	"сентября", "октября", "ноября", "декабря"}

var messages = map[string]map[string]string{
	"en": {
		"title": "Invoice", "number": "Invoice number", "date": "Invoice date", "order": "Order", "orderDate": "Order date",
		"po": "PO number", "seller": "From", "billTo": "Bill to", "shipTo": "Ship to", "taxId": "Tax ID",
		"item": "Item", "qty": "Qty", "unit": "Unit price", "rate": "Tax rate", "amount": "Amount",
		"shipping": "Shipping", "subtotal": "Subtotal", "tax": "Tax", "total": "Total", "totalDue": "Total",
		"taxOn": "{name} {rate}% on {base}", "inclTax": "Incl. {name} {rate}% on {base}",
		"exempt": "Tax exempt: no tax charged (exemption certificate on file).",
		"terms":  "Payment terms", "payment": "Payment", "dueOnReceipt": "Due on receipt", "dueBy": "Due by {date}",
		"bank_transfer": "Bank transfer", "card": "Card", "invoice": "On invoice",
		"awaiting_payment": "Awaiting payment", "pending": "Awaiting card payment", "partially_paid": "Partially paid",
		"paid": "Paid", "partially_refunded": "Partially refunded", "refunded": "Refunded", "expired": "Expired",
		"cancelled":   "Cancelled",
		"creditNotes": "Credit notes", "creditNote": "Credit note", "noteTax": "of which tax",
		"print": "Print", "printHint": "Print it or save it as a PDF with your browser's Print command.",
		"thanks": "Thank you for your business.", "pageTitle": "Invoice {number}",
		"prices": "Prices include tax.",
	},
	"ru": {
		"title": "Счёт", "number": "Номер счёта", "date": "Дата счёта", "order": "Заказ", "orderDate": "Дата заказа",
		"po": "Номер заказа покупателя (PO)", "seller": "Продавец", "billTo": "Покупатель", "shipTo": "Адрес доставки",
		"taxId": "Налоговый номер",
		"item":  "Товар", "qty": "Кол-во", "unit": "Цена", "rate": "Ставка налога", "amount": "Сумма",
		"shipping": "Доставка", "subtotal": "Товары", "tax": "Налог", "total": "Итого", "totalDue": "Итого",
		"taxOn": "{name} {rate}% с {base}", "inclTax": "В т. ч. {name} {rate}% с {base}",
		"exempt": "Освобождено от налога: налог не начислен (сертификат об освобождении предоставлен).",
		"terms":  "Условия оплаты", "payment": "Оплата", "dueOnReceipt": "Оплата при получении счёта", "dueBy": "Оплатить до {date}",
		"bank_transfer": "Банковский перевод", "card": "Карта", "invoice": "По счёту",
		"awaiting_payment": "Ожидает оплаты", "pending": "Ожидает оплаты картой", "partially_paid": "Оплачен частично",
		"paid": "Оплачен", "partially_refunded": "Частично возвращён", "refunded": "Возвращён", "expired": "Просрочен",
		"cancelled":   "Отменён",
		"creditNotes": "Кредит-ноты", "creditNote": "Кредит-нота", "noteTax": "в т. ч. налог",
		"print": "Печать", "printHint": "Распечатайте счёт или сохраните его в PDF командой «Печать» браузера.",
		"thanks": "Спасибо за покупку!", "pageTitle": "Счёт {number}",
		"prices": "Цены включают налог.",
	},
	"zh": {
		"title": "发票", "number": "发票号码", "date": "开票日期", "order": "订单号", "orderDate": "下单日期",
		"po": "采购订单号", "seller": "销售方", "billTo": "购买方", "shipTo": "收货地址", "taxId": "税号",
		"item": "商品", "qty": "数量", "unit": "单价", "rate": "税率", "amount": "金额",
		"shipping": "运费", "subtotal": "商品小计", "tax": "税费", "total": "合计", "totalDue": "合计",
		"taxOn": "{name} {rate}%（计税金额 {base}）", "inclTax": "含 {name} {rate}%（计税金额 {base}）",
		"exempt": "免税：未收取税费（已备案免税证明）。",
		"terms":  "付款条件", "payment": "付款状态", "dueOnReceipt": "收到发票后付款", "dueBy": "请于 {date} 前付款",
		"bank_transfer": "银行转账", "card": "银行卡", "invoice": "凭发票付款",
		"awaiting_payment": "待付款", "pending": "待银行卡付款", "partially_paid": "部分付款",
		"paid": "已付款", "partially_refunded": "部分退款", "refunded": "已退款", "expired": "已过期",
		"cancelled":   "已取消",
		"creditNotes": "贷项通知单", "creditNote": "贷项通知单", "noteTax": "其中税费",
		"print": "打印", "printHint": "使用浏览器的“打印”命令打印或保存为 PDF。",
		"thanks": "感谢您的惠顾。", "pageTitle": "发票 {number}",
		"prices": "价格含税。",
	},
}
