package shop

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/cart"
	"stageshop/shop/hire"
	"stageshop/shop/invoice"
	"stageshop/shop/promo"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// SeriesQuote is the series of quote numbers: Q-2026-000042.
const SeriesQuote = "Q"

// MethodQuoted is the shipping method of an order made from a quote: the
// shipping the quote priced.
const MethodQuoted = "quote"

// NextQuoteNumber draws the next quote number of the year's gapless
// sequence in the caller's write transaction (a failed transaction gives
// its number back).
func NextQuoteNumber(txApp core.App) (string, error) {
	return nextDocumentNumber(txApp, SeriesQuote, time.Now().UTC().Year())
}

// QuoteLine is one line of a quote as its order will have it: a product
// line at its list price (Item.UnitPrice, TotalPrice) less the quote's
// discount on it, or a service line (Item.ProductID "", its name, amount
// and tax class).
type QuoteLine struct {
	Item     cart.Item
	Discount Amount
}

// quoteMethodName is the shipping method's name on an order from a quote.
var quoteMethodName = Localized{"en": "As quoted", "ru": "По коммерческому предложению", "zh": "按报价"}

// quoteDiscount is a quote's price cuts as one discount named after it,
// each line's share its own cut.
func quoteDiscount(number string, lines []QuoteLine) Discounted {
	per := make([]int64, len(lines))
	var total int64
	for i, l := range lines {
		per[i] = int64(l.Discount)
		total += per[i]
	}
	if total == 0 {
		return Discounted{}
	}
	name := wire.Localized{"en": "Quote " + number, "ru": "Предложение " + number, "zh": "报价 " + number}
	return Discounted{Res: promo.Result{Amount: total, Lines: per,
		Discounts: []promo.Discount{{Code: number, Name: name, Amount: total, Lines: per}}}}
}

// quoteItems are the lines' cart items.
func quoteItems(lines []QuoteLine) []cart.Item {
	items := make([]cart.Item, len(lines))
	for i, l := range lines {
		items[i] = l.Item
	}
	return items
}

// PriceQuote prices a quote's lines with its shipping to addr for the
// customer as an order would be priced (tax.Compute on each line's
// discounted amount, the customer's exemption); the quote keeps the
// result's Taxed, which its order reuses (tax as quoted).
func PriceQuote(app core.App, userID, number string, lines []QuoteLine, addr PostalAddress, shippingCost Amount) (OrderPrice, error) {
	exempt, err := taxExempt(app, userID)
	if err != nil {
		return OrderPrice{}, err
	}
	return taxDiscounted(app, quoteItems(lines), quoteDiscount(number, lines), addr, shippingCost, exempt)
}

// QuotedOrder is an order to make from an accepted quote: its number, its
// lines (products with their catalog state now: Active, AvailableStock),
// the tax as quoted, and the customer's addresses and payment choice.
type QuotedOrder struct {
	Number string
	Lines  []QuoteLine
	Taxed  tax.Taxed
	In     OrderInput
}

// PlaceQuotedOrder makes the order of an accepted quote in the caller's
// write transaction, through the checkout's own steps: the payment
// planned (invoice terms for any approved customer), the products'
// stock taken and the hire lines booked (LineErrors, hire errors: the
// caller's transaction rolls back), the order written at exactly the
// quote's figures and the confirmation queued. StartQuotedPayment
// follows, after the transaction.
func PlaceQuotedOrder(txApp core.App, userID string, q QuotedOrder) (*OrderDetail, error) {
	in := q.In
	in.ShippingMethod, in.ExpectedTotal = MethodQuoted, ""
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	in.quoteNumber, in.fromQuote = q.Number, true
	items := quoteItems(q.Lines)
	d := quoteDiscount(q.Number, q.Lines)
	price := figuresOf(q.Taxed, d, items)
	price.MethodName = quoteMethodName
	price.WeightGrams = shipping.ShipmentOf(cart.ShippingLines(items), "").WeightGrams
	plan, err := planPayment(txApp, userID, in, time.Now())
	if err != nil {
		return nil, err
	}
	goods := make([]cart.Item, 0, len(items))
	for _, it := range items {
		if it.ProductID != "" {
			goods = append(goods, it)
		}
	}
	if err := takeLinesStock(txApp, goods); err != nil {
		return nil, err
	}
	detail, order, err := writeOrder(txApp, userID, in, items, price, plan)
	if err != nil {
		return nil, err
	}
	if _, err := hire.Book(txApp, order.Id, cart.HireLines(items)); err != nil {
		return nil, err
	}
	if err := queueOrderPlaced(txApp, userID, detail); err != nil {
		return nil, err
	}
	return detail, afterOrderPlaced(txApp, order)
}

// StartQuotedPayment opens a card order's first checkout once its
// transaction committed (as PlaceOrder does).
func StartQuotedPayment(app core.App, d *OrderDetail) {
	if d.Payment.Method == MethodCard {
		startFirstCheckout(app, d)
	}
}

// Seller is the shop as its documents name it (the invoice's seller):
// a quote's document shows the same details.
func Seller(app core.App) invoice.Party { return sellerOf(app) }
