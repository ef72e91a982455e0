package returns

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/field"
	"stageshop/shop/mail"
)

// Update takes a return one step (admins): requested → approved,
// requested or approved → rejected (with the message to the customer),
// approved → received: restock per line and the refund. Asking for the
// status it has already changes nothing (receiving twice restocks and
// refunds once); any other step is ErrStatus.
func Update(app core.App, admin *core.Record, id string, in UpdateInput) (*Return, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var rec *core.Record
	err := db.Write(app, func(txApp core.App) error {
		var err error
		if rec, err = db.FindRecord(txApp, Collection, id, ErrReturnNotFound); err != nil {
			return err
		}
		status := rec.GetString("status")
		if status == in.Status {
			return nil
		}
		order, err := shop.FindOrderRecord(txApp, rec.GetString("orderRef"))
		if err != nil {
			return err
		}
		switch {
		case in.Status == StatusApproved && status == StatusRequested,
			in.Status == StatusRejected && (status == StatusRequested || status == StatusApproved):
			rec.Set("message", field.CleanText(in.Message))
			addHistory(rec, in.Status, field.CleanText(in.Message))
			if err := txApp.Save(rec); err != nil {
				return err
			}
			return queueMail(txApp, order, rec, mailKind(in.Status))
		case in.Status == StatusReceived && status == StatusApproved:
			return receive(txApp, admin, order, rec, in)
		}
		return ErrStatus
	})
	if err != nil {
		return nil, err
	}
	return answer(app, rec)
}

// mailKind is the customer's e-mail of a return's status.
func mailKind(status string) string {
	switch status {
	case StatusApproved:
		return mail.KindReturnApproved
	case StatusRejected:
		return mail.KindReturnRejected
	case StatusReceived:
		return mail.KindReturnReceived
	}
	return mail.KindReturnRequested
}

// receive marks an approved return received in the caller's transaction:
// the lines the admin ticked go back into stock, the refund the server
// computes is made (at most what is left to refund of the order: a part
// refunded by amount before is not paid twice) and the customer told.
func receive(txApp core.App, admin, order, rec *core.Record, in UpdateInput) error {
	s, err := loadState(txApp, order, rec.Id)
	if err != nil {
		return err
	}
	restock := map[string]bool{}
	for _, l := range in.Lines {
		restock[l.OrderItemID] = l.Restock
	}
	lines := storedLines(rec)
	for i := range lines {
		lines[i].Restock = restock[lines[i].OrderItemID]
	}
	p := s.price(lines, in.Shipping)
	if err := restockLines(txApp, s, p.lines); err != nil {
		return err
	}
	left, err := shop.RefundableCents(txApp, order)
	if err != nil {
		return err
	}
	amount := min(p.amount, max(left, 0))
	rec.Set("lines", p.lines)
	rec.Set("refundCents", amount)
	rec.Set("shippingCents", p.shipping)
	rec.Set("message", field.CleanText(in.Message))
	addHistory(rec, StatusReceived, field.CleanText(in.Message))
	if err := txApp.Save(rec); err != nil { // before the refund: it names the return
		return err
	}
	if amount > 0 {
		refundID, err := shop.StartLineRefund(txApp, order, shop.LineRefund{Amount: amount, Tax: min(p.tax, amount),
			Reason: "Return " + rec.GetString("number"), ReturnID: rec.Id, Admin: admin})
		if err != nil {
			return err
		}
		rec.Set("refundId", refundID)
		if err := txApp.Save(rec); err != nil {
			return err
		}
	}
	return queueMail(txApp, order, rec, mail.KindReturnReceived)
}

// restockLines puts the ticked lines' units back on sale, once: the
// caller's status check lets a return be received one time only.
func restockLines(txApp core.App, s *orderState, lines []storedLine) error {
	for _, l := range lines {
		if !l.Restock {
			continue
		}
		if err := shop.RestockLine(txApp, s.byID[l.OrderItemID], l.Quantity); err != nil {
			return err
		}
	}
	return nil
}
