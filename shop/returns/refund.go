package returns

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/wire"
)

// RefundLines refunds an order by line without a return (admins): the
// same computation as a received return, recorded as one (source admin,
// received) so the units count against later returns and refunds; the
// lines marked restock go back on sale. Above what is left to refund:
// *shop.RefundExceedsError, nothing changed.
func RefundLines(app core.App, admin *core.Record, orderID string, in RefundLinesInput) (*shop.OrderDetail, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	err := db.Write(app, func(txApp core.App) error {
		order, err := shop.FindOrderRecord(txApp, orderID)
		if err != nil {
			return err
		}
		s, lines, err := claim(txApp, order, in.Lines)
		if err != nil {
			return err
		}
		p := s.price(lines, in.Shipping)
		rec, err := newReturn(txApp, order, order.GetString("user"), StatusReceived, SourceAdmin, p.lines, in.Reason)
		if err != nil {
			return err
		}
		if err := restockLines(txApp, s, p.lines); err != nil {
			return err
		}
		rec.Set("refundCents", p.amount)
		rec.Set("shippingCents", p.shipping)
		reason := in.Reason
		if reason == "" {
			reason = "Refund " + rec.GetString("number")
		}
		if err := txApp.Save(rec); err != nil { // before the refund: it names the return
			return err
		}
		if p.amount == 0 {
			return nil
		}
		refundID, err := shop.StartLineRefund(txApp, order, shop.LineRefund{Amount: p.amount, Tax: p.tax,
			Reason: reason, ReturnID: rec.Id, Admin: admin})
		if err != nil {
			return err
		}
		rec.Set("refundId", refundID)
		return txApp.Save(rec)
	})
	if err != nil {
		return nil, err
	}
	return shop.GetOrder(app, orderID)
}

// Quote is what RefundLines would give back for in, changing nothing
// (the admin's "Refund lines" shows the server's figure before sending).
func Quote(app core.App, orderID string, in RefundLinesInput) (*wire.RefundQuote, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	order, err := shop.FindOrderRecord(app, orderID)
	if err != nil {
		return nil, err
	}
	s, lines, err := claim(app, order, in.Lines)
	if err != nil {
		return nil, err
	}
	left, err := shop.RefundableCents(app, order)
	if err != nil {
		return nil, err
	}
	p := s.price(lines, in.Shipping)
	return &wire.RefundQuote{Amount: wire.Amount(p.amount), TaxAmount: wire.Amount(p.tax),
		ShippingAmount: wire.Amount(p.shipping), Refundable: wire.Amount(max(left, 0))}, nil
}
