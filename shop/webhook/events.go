package webhook

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// lowStock is the level at or under which a variant's stock is low (the
// admin overview's warning band).
const lowStock = 10

// bindEvents emits the business events from the records' model hooks,
// which run inside the transaction that saves them (raw SQL is not seen:
// StockTaken is called where stock goes down).
func bindEvents(app core.App) {
	bind := func(h *hook.TaggedHook[*core.RecordEvent], id string, fn func(e *core.RecordEvent) error) {
		h.Bind(&hook.Handler[*core.RecordEvent]{Id: id, Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			return fn(e)
		}})
	}
	bind(app.OnRecordCreateExecute("orders"), "stageshop.webhook.orderCreated", func(e *core.RecordEvent) error {
		return Emit(e.App, OrderCreated, orderData(e.Record))
	})
	bind(app.OnRecordUpdateExecute("orders"), "stageshop.webhook.orderUpdated", orderUpdated)
	bind(app.OnRecordCreateExecute("refunds"), "stageshop.webhook.refundCreated", func(e *core.RecordEvent) error {
		r := e.Record
		return Emit(e.App, RefundCreated, map[string]any{"id": r.Id, "orderId": r.GetString("orderRef"),
			"amountCents": r.GetInt("amountCents"), "status": r.GetString("status"), "reason": r.GetString("reason")})
	})
	bind(app.OnRecordCreateExecute("returns"), "stageshop.webhook.returnRequested", func(e *core.RecordEvent) error {
		r := e.Record
		if r.GetString("status") != "requested" {
			return nil
		}
		return Emit(e.App, ReturnRequested, map[string]any{"id": r.Id, "number": r.GetString("number"),
			"orderId": r.GetString("orderRef"), "lines": r.Get("lines")})
	})
	bind(app.OnRecordUpdateExecute("products"), "stageshop.webhook.productUpdated", func(e *core.RecordEvent) error {
		r := e.Record
		return Emit(e.App, ProductUpdated, map[string]any{"id": r.Id, "name": r.GetString("name"),
			"priceCents": r.GetInt("priceCents"), "isActive": r.GetBool("isActive"), "stockQuantity": r.GetInt("stockQuantity")})
	})
}

// orderData is what an order event tells of the order.
func orderData(r *core.Record) map[string]any {
	return map[string]any{"id": r.Id, "orderNumber": r.GetString("orderNumber"), "status": r.GetString("status"),
		"paymentStatus": r.GetString("paymentStatus"), "totalCents": r.GetInt("totalCents"), "currency": "USD",
		"customerEmail": r.GetString("customerEmail")}
}

// orderUpdated emits order.status_changed (and order.cancelled) when the
// status changed, and order.paid when the payment status became paid.
func orderUpdated(e *core.RecordEvent) error {
	old, r := e.Record.Original(), e.Record
	if from, to := old.GetString("status"), r.GetString("status"); from != to {
		d := orderData(r)
		d["from"] = from
		if err := Emit(e.App, OrderStatusChanged, d); err != nil {
			return err
		}
		if to == "Cancelled" {
			if err := Emit(e.App, OrderCancelled, orderData(r)); err != nil {
				return err
			}
		}
	}
	if old.GetString("paymentStatus") != "paid" && r.GetString("paymentStatus") == "paid" {
		return Emit(e.App, OrderPaid, orderData(r))
	}
	return nil
}

// StockTaken emits stock.low when taking n units of a variant took its
// stock from above the low level to it or under. Call it in the
// transaction that took them.
func StockTaken(txApp core.App, variantID string, n int) error {
	if !Wants(txApp, StockLow) {
		return nil
	}
	var row struct {
		Product string `db:"product"`
		SKU     string `db:"sku"`
		Stock   int    `db:"stockQuantity"`
	}
	err := txApp.DB().Select("product", "sku", "stockQuantity").From("product_variants").
		Where(dbx.HashExp{"id": variantID}).One(&row)
	if err != nil || row.Stock > lowStock || row.Stock+n <= lowStock {
		return nil
	}
	return Emit(txApp, StockLow, map[string]any{"variantId": variantID, "productId": row.Product,
		"sku": row.SKU, "stockQuantity": row.Stock})
}
