package mail

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

// Kinds of payment e-mail, all to the customer.
const (
	KindPaymentReceived = "payment_received"
	KindPaymentExpired  = "payment_expired"
	KindRefund          = "refund_issued"
	KindInvoiceDue      = "invoice_due"
	KindInvoiceOverdue  = "invoice_overdue"
)

func init() {
	kinds = append(kinds, KindPaymentReceived, KindPaymentExpired, KindRefund, KindInvoiceDue, KindInvoiceOverdue)
	for lang, texts := range paymentMessages {
		for k, v := range texts {
			messages[lang][k] = v
		}
	}
}

// Payment is what a payment e-mail tells, amounts in cents.
type Payment struct {
	To                   Recipient
	OrderID, OrderNumber string
	Amount               int64 // of this event: received, refunded, due
	Outstanding          int64 // still to pay
	Reference, PONumber  string
	DueDate              string // 2026-12-25
	BankDetails          string
	HoldMinutes          string
	// InvoiceNumber is the order's invoice, once it has one (linked);
	// CreditNote the number of a refund's credit note.
	InvoiceNumber, CreditNote string
}

// QueuePayment queues the payment e-mail of kind to the customer, once
// per eventKey.
func QueuePayment(txApp core.App, kind, eventKey string, p Payment) error {
	lang := Lang(p.To.Language)
	v := newView(txApp, lang, p.To.Email, p.To.Name)
	args := []string{"number", p.OrderNumber, "amount", locale.Price(p.Amount, lang), "outstanding", locale.Price(p.Outstanding, lang),
		"reference", p.Reference, "date", p.DueDate, "minutes", p.HoldMinutes}
	v.Subject = tr(lang, kind+"Subject", args...)
	v.Heading = tr(lang, kind+"Heading", args...)
	v.Intro = []string{tr(lang, kind+"Intro", args...)}
	v.Facts = append(v.Facts, fact{tr(lang, "orderNumber"), p.OrderNumber})
	switch kind {
	case KindPaymentReceived:
		v.Facts = append(v.Facts, fact{tr(lang, "payAmountPaid"), locale.Price(p.Amount, lang)})
		if p.Outstanding > 0 {
			v.Intro = append(v.Intro, tr(lang, "payOutstanding", args...))
		}
	case KindInvoiceDue, KindInvoiceOverdue:
		v.Facts = append(v.Facts, fact{tr(lang, "payAmountDue"), locale.Price(p.Amount, lang)}, fact{tr(lang, "payReference"), p.Reference})
		if p.PONumber != "" {
			v.Facts = append(v.Facts, fact{tr(lang, "payPO"), p.PONumber})
		}
		if p.DueDate != "" {
			v.Facts = append(v.Facts, fact{tr(lang, "payDueDate"), p.DueDate})
		}
		if p.BankDetails != "" {
			v.Quotes = []quote{{Label: tr(lang, "payBankDetails"), Text: p.BankDetails}}
		}
	case KindRefund:
		v.Facts = append(v.Facts, fact{tr(lang, "payAmountRefunded"), locale.Price(p.Amount, lang)})
		if p.CreditNote != "" {
			v.Facts = append(v.Facts, fact{tr(lang, "creditNote"), p.CreditNote})
		}
	}
	if kind != KindPaymentExpired {
		invoiceLink(v, Order{ID: p.OrderID, InvoiceNumber: p.InvoiceNumber})
	}
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(kind, p.To.Email, eventKey, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}

// paymentMessages are the payment e-mails' texts.
var paymentMessages = map[string]map[string]string{
	"en": {
		"payAmountPaid":                   "Amount received",
		"payAmountDue":                    "Amount to pay",
		"payAmountRefunded":               "Amount refunded",
		"payReference":                    "Payment reference",
		"payPO":                           "Purchase order",
		"payDueDate":                      "Due date",
		"payBankDetails":                  "Our bank details",
		"payOutstanding":                  "{outstanding} is still outstanding.",
		"payment_receivedSubject":         "Payment received for order {number}",
		"payment_receivedHeading":         "Payment received",
		"payment_receivedIntro":           "Thank you: we have received {amount} for your order {number}.",
		"bank_transfer_instructionsIntro": "Please transfer {amount} to the account below and quote {reference} as the payment reference. We prepare your order as soon as the money arrives.",
		"payment_expiredSubject":          "Order {number} cancelled: no payment received",
		"payment_expiredHeading":          "Payment not received",
		"payment_expiredIntro":            "We did not receive the card payment for order {number} within {minutes} minutes, so we cancelled it and released the items. You are welcome to order again.",
		"refund_issuedSubject":            "Refund for order {number}",
		"refund_issuedHeading":            "Your refund",
		"refund_issuedIntro":              "We have refunded {amount} for your order {number}. Depending on your bank it can take a few days to arrive.",
		"invoice_dueSubject":              "Invoice for order {number}: due {date}",
		"invoice_dueHeading":              "Your order on invoice",
		"invoice_dueIntro":                "Your order {number} is placed on invoice terms. Please pay {amount} by {date}, quoting {reference}.",
		"invoice_overdueSubject":          "Payment overdue for order {number}",
		"invoice_overdueHeading":          "Payment overdue",
		"invoice_overdueIntro":            "Payment of {amount} for order {number} was due on {date}. Please pay it soon, quoting {reference}. If you have already paid, thank you, and please ignore this reminder.",
	},
	"ru": {
		"payAmountPaid":                   "Получено",
		"payAmountDue":                    "К оплате",
		"payAmountRefunded":               "Возвращено",
		"payReference":                    "Назначение платежа",
		"payPO":                           "Номер заказа на закупку",
		"payDueDate":                      "Оплатить до",
		"payBankDetails":                  "Наши банковские реквизиты",
		"payOutstanding":                  "Осталось оплатить {outstanding}.",
		"payment_receivedSubject":         "Оплата заказа {number} получена",
		"payment_receivedHeading":         "Оплата получена",
		"payment_receivedIntro":           "Спасибо: мы получили {amount} за заказ {number}.",
		"bank_transfer_instructionsIntro": "Пожалуйста, переведите {amount} на счёт ниже и укажите {reference} в назначении платежа. Мы подготовим заказ, как только деньги поступят.",
		"payment_expiredSubject":          "Заказ {number} отменён: оплата не поступила",
		"payment_expiredHeading":          "Оплата не поступила",
		"payment_expiredIntro":            "Мы не получили оплату картой за заказ {number} в течение {minutes} минут, поэтому отменили его и вернули товары в продажу. Вы можете оформить заказ снова.",
		"refund_issuedSubject":            "Возврат денег за заказ {number}",
		"refund_issuedHeading":            "Возврат денег",
		"refund_issuedIntro":              "Мы вернули {amount} за заказ {number}. В зависимости от банка деньги поступят в течение нескольких дней.",
		"invoice_dueSubject":              "Счёт за заказ {number}: оплатить до {date}",
		"invoice_dueHeading":              "Заказ с оплатой по счёту",
		"invoice_dueIntro":                "Заказ {number} оформлен с оплатой по счёту. Пожалуйста, оплатите {amount} до {date}, указав {reference}.",
		"invoice_overdueSubject":          "Просрочена оплата заказа {number}",
		"invoice_overdueHeading":          "Оплата просрочена",
		"invoice_overdueIntro":            "Оплата {amount} за заказ {number} ожидалась до {date}. Пожалуйста, оплатите как можно скорее, указав {reference}. Если вы уже оплатили, спасибо, и не обращайте внимания на это напоминание.",
	},
	"zh": {
		"payAmountPaid":                   "已收金额",
		"payAmountDue":                    "应付金额",
		"payAmountRefunded":               "退款金额",
		"payReference":                    "付款备注",
		"payPO":                           "采购订单号",
		"payDueDate":                      "付款截止日期",
		"payBankDetails":                  "我们的银行账户",
		"payOutstanding":                  "尚有 {outstanding} 未付。",
		"payment_receivedSubject":         "已收到订单 {number} 的付款",
		"payment_receivedHeading":         "已收到付款",
		"payment_receivedIntro":           "谢谢：我们已收到订单 {number} 的付款 {amount}。",
		"bank_transfer_instructionsIntro": "请将 {amount} 转入以下账户，并在付款备注中填写 {reference}。款项到账后我们立即为您备货。",
		"payment_expiredSubject":          "订单 {number} 已取消：未收到付款",
		"payment_expiredHeading":          "未收到付款",
		"payment_expiredIntro":            "我们在 {minutes} 分钟内未收到订单 {number} 的银行卡付款，因此已取消该订单并释放商品。欢迎您重新下单。",
		"refund_issuedSubject":            "订单 {number} 的退款",
		"refund_issuedHeading":            "您的退款",
		"refund_issuedIntro":              "我们已退还订单 {number} 的 {amount}。视银行而定，到账可能需要几天。",
		"invoice_dueSubject":              "订单 {number} 的发票：{date} 前付款",
		"invoice_dueHeading":              "发票付款订单",
		"invoice_dueIntro":                "您的订单 {number} 采用发票付款。请在 {date} 前支付 {amount}，并注明 {reference}。",
		"invoice_overdueSubject":          "订单 {number} 付款已逾期",
		"invoice_overdueHeading":          "付款已逾期",
		"invoice_overdueIntro":            "订单 {number} 的 {amount} 应于 {date} 前支付。请尽快付款并注明 {reference}。如您已付款，谢谢，请忽略此提醒。",
	},
}
