package shop

import (
	"crypto/rand"
	"errors"
	"math/big"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/cart"
	"stageshop/shop/hire"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

// orderNumberAlphabet has no look-alikes (0/O, 1/I/L).
const orderNumberAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// NewOrderNumber makes an order number such as ORD-20261122-7KQ2MX: the UTC
// date and six crypto-random characters. It is a variable so tests can force
// collisions.
var NewOrderNumber = func(now time.Time) string {
	var b strings.Builder
	b.WriteString("ORD-")
	b.WriteString(now.UTC().Format("20060102"))
	b.WriteByte('-')
	max := big.NewInt(int64(len(orderNumberAlphabet)))
	for i := 0; i < 6; i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		b.WriteByte(orderNumberAlphabet[n.Int64()])
	}
	return b.String()
}

// uniqueOrderNumber draws order numbers until one is unused.
func uniqueOrderNumber(txApp core.App) (string, error) {
	for attempt := 0; attempt < 10; attempt++ {
		num := NewOrderNumber(time.Now())
		var n int
		err := txApp.DB().Select("COUNT(*)").From(OrdersCollection).
			Where(dbx.HashExp{"orderNumber": num}).Row(&n)
		if err != nil {
			return "", err
		}
		if n == 0 {
			return num, nil
		}
	}
	return "", errors.New("could not draw a free order number")
}

// PlaceOrder turns the user's cart into an order in one transaction: every
// line is checked (product active, enough stock) and its stock taken with a
// conditional update, shipping is priced by the shop's settings, the order
// is written with a snapshot of each line, and the cart is cleared. If any
// line fails, LineErrors names all failing lines and
// nothing changes. An empty cart is ErrCartEmpty; bad addresses or a method
// that does not fit are validation.Errors; a total other than ExpectedTotal is
// *TotalChangedError; a customer who already holds the most unpaid orders
// allowed gets *UnpaidOrdersError.
func PlaceOrder(app core.App, userID string, in OrderInput) (*OrderDetail, error) {
	if userID == "" {
		return nil, cart.ErrSessionRequired
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var detail *OrderDetail
	var err error
	for attempt := 0; ; attempt++ {
		err = db.Write(app, func(txApp core.App) error {
			var txErr error
			detail, txErr = placeInTx(txApp, userID, in)
			return txErr
		})
		// A promotion's last use went to another order between this one's
		// read and its count: price again, now without it (the shopper who
		// sent expectedTotal gets total_changed).
		if !errors.Is(err, ErrPromotionUsedUp) || attempt == 2 {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	if detail.Payment.Method == MethodCard && detail.ShippingQuote != shipping.QuotePending {
		startFirstCheckout(app, detail)
	}
	return detail, nil
}

// placeInTx is PlaceOrder's transaction: the cart's lines checked and
// priced (with its promotions), their stock taken, the order written, the
// promotions' uses counted, the confirmation queued and the cart dropped.
func placeInTx(txApp core.App, userID string, in OrderInput) (*OrderDetail, error) {
	cartRec, lines, err := checkoutLines(txApp, userID)
	if err != nil {
		return nil, err
	}
	if err := cart.CheckLinesLimit(txApp, cart.Owner{UserID: userID}, lines); err != nil {
		return nil, err // issue 43: the cart's limit holds at placement too
	}
	if err := checkUnpaidOrders(txApp, userID); err != nil {
		return nil, err
	}
	price, err := priceOrder(txApp, userID, cartPromoCode(cartRec), in, lines)
	if err != nil {
		return nil, err
	}
	plan, err := planPayment(txApp, userID, in, time.Now())
	if err != nil {
		return nil, err
	}
	if price.Freight {
		plan = plan.awaitingQuote()
	}
	if err := takeLinesStock(txApp, lines); err != nil {
		return nil, err // rolls back the stock taken for the other lines
	}
	detail, order, err := writeOrder(txApp, userID, in, lines, price, plan)
	if err != nil {
		return nil, err
	}
	if err := redeemOrder(txApp, order.Id, userID, price.Discounts); err != nil {
		return nil, err
	}
	// In the order's own write transaction: two orders for the last unit
	// on overlapping dates never both book (api.md "Hire").
	if _, err := hire.Book(txApp, order.Id, cart.HireLines(lines)); err != nil {
		return nil, err
	}
	if err := queueOrderPlaced(txApp, userID, detail); err != nil {
		return nil, err
	}
	if err := afterOrderPlaced(txApp, order); err != nil {
		return nil, err
	}
	// Other carts may now hold more than is left; they keep their lines
	// (the cart shows availableStock) and their checkout answers 409.
	return detail, cart.Drop(txApp, cartRec.Id)
}

// checkoutLines loads the user's cart and its lines; no lines is ErrCartEmpty.
func checkoutLines(txApp core.App, userID string) (*core.Record, []cart.Item, error) {
	cartRec, err := cart.Find(txApp, cart.Owner{UserID: userID})
	if err != nil {
		return nil, nil, err
	}
	if cartRec == nil {
		return nil, nil, ErrCartEmpty
	}
	lines, err := cart.Lines(txApp, cartRec.Id)
	if err != nil {
		return nil, nil, err
	}
	if len(lines) == 0 {
		return nil, nil, ErrCartEmpty
	}
	return cartRec, lines, nil
}

// writeOrder saves the order record and its line snapshots, each line
// with its tax as priced. The payment fields follow the final total (tax
// included); an order placed on invoice terms is invoiced at once, so its
// confirmation carries the invoice number.
func writeOrder(txApp core.App, userID string, in OrderInput, lines []cart.Item, price OrderPrice, plan paymentPlan) (*OrderDetail, *core.Record, error) {
	ordersCol, err := txApp.FindCachedCollectionByNameOrId(OrdersCollection)
	if err != nil {
		return nil, nil, err
	}
	number, err := uniqueOrderNumber(txApp)
	if err != nil {
		return nil, nil, err
	}
	order := core.NewRecord(ordersCol)
	setOrderFields(order, userID, number, in, lines, price)
	setPaymentFields(order, plan)
	if price.Freight {
		// Nothing is due, nor charged, nor invoiced before the quote.
		order.Set("shippingQuote", shipping.QuotePending)
		order.Set("amountDueCents", 0)
		setPaymentStatus(order)
	}
	if plan.Method == MethodInvoice && !price.Freight {
		if err := onInvoiceable(txApp, order); err != nil {
			return nil, nil, err
		}
	}
	if err := txApp.Save(order); err != nil {
		return nil, nil, err
	}
	detail := &OrderDetail{
		OrderSummary:  summaryOf(order),
		Shipping:      in.Shipping,
		Billing:       in.Billing,
		Items:         make([]OrderItem, 0, len(lines)),
		History:       historyOf(order),
		ShippingQuote: order.GetString("shippingQuote"),
		WeightKg:      wire.Grams(price.WeightGrams),
		OrderTax:      orderTaxOf(order),
		CreditNotes:   []CreditNote{},
	}
	detail.Items, err = writeOrderItems(txApp, order.Id, lines, price)
	return detail, order, err
}

// setOrderFields fills a new order record.
func setOrderFields(order *core.Record, userID, number string, in OrderInput, lines []cart.Item, price OrderPrice) {
	count := 0
	for _, l := range lines {
		count += l.Quantity
	}
	t := price.Taxed
	order.Set("orderNumber", number)
	order.Set("user", userID)
	order.Set("customerName", strings.TrimSpace(in.Shipping.FirstName+" "+in.Shipping.LastName))
	order.Set("customerEmail", in.Shipping.Email)
	order.Set("status", StatusCreated)
	order.Set("subtotalCents", int64(price.Subtotal))
	order.Set("shippingMethod", in.ShippingMethod)
	if len(price.MethodName) > 0 {
		order.Set("shippingMethodName", price.MethodName)
	}
	order.Set("shippingCents", int64(price.Shipping))
	setOrderDiscounts(order, price.Discounts)
	order.Set("taxCents", int64(price.Tax))
	order.Set("totalCents", int64(price.Total))
	order.Set("depositCents", int64(price.Deposit))
	order.Set("taxLines", storedTaxLines(t.TaxLines))
	order.Set("pricesIncludeTax", t.PricesIncludeTax)
	order.Set("taxExempt", t.Exempt)
	order.Set("shippingTaxRate", t.ShippingTax.Rate.Percent())
	order.Set("shippingTaxCents", int64(t.ShippingTax.Tax))
	order.Set("itemCount", count)
	order.Set("weightGrams", price.WeightGrams)
	order.Set("shipping", in.Shipping)
	order.Set("billing", in.Billing)
	order.Set("companyName", in.Billing.CompanyName)
	order.Set("taxId", in.Billing.TaxID)
	order.Set("quoteNumber", in.quoteNumber)
}

// writeOrderItems saves the line snapshots of an order with their tax and
// their share of the discounts.
func writeOrderItems(txApp core.App, orderID string, lines []cart.Item, price OrderPrice) ([]OrderItem, error) {
	t := price.Taxed
	itemsCol, err := txApp.FindCachedCollectionByNameOrId(OrderItemsCollection)
	if err != nil {
		return nil, err
	}
	items := make([]OrderItem, 0, len(lines))
	for i, l := range lines {
		lt := t.Lines[i]
		item := core.NewRecord(itemsCol)
		item.Set("orderRef", orderID)
		item.Set("productId", l.ProductID)
		item.Set("variantId", l.VariantID)
		item.Set("sku", l.SKU)
		item.Set("variantLabel", l.VariantLabelLocalized)
		item.Set("productName", l.ProductName)
		item.Set("productImage", l.ImageFileName)
		item.Set("quantity", l.Quantity)
		item.Set("unitPriceCents", int64(l.UnitPrice))
		item.Set("totalCents", int64(l.TotalPrice))
		item.Set("discountCents", int64(lineDiscount(price.Discounts, i)))
		item.Set("taxClass", l.TaxClass)
		item.Set("taxRate", lt.Rate.Percent())
		item.Set("taxName", lt.Name)
		item.Set("taxCents", int64(lt.Tax))
		if l.Hire != nil {
			item.Set("hireStart", l.Hire.Start)
			item.Set("hireEnd", l.Hire.End)
			item.Set("depositCents", int64(l.Deposit))
		}
		// Values from lines and order of this transaction (see setLineQuantity).
		if err := txApp.SaveNoValidate(item); err != nil {
			return nil, err
		}
		items = append(items, OrderItem{
			ID: item.Id, ProductID: l.ProductID, VariantID: l.VariantID, SKU: l.SKU, ProductName: l.ProductName,
			VariantLabel: l.VariantLabel, VariantLabelLocalized: l.VariantLabelLocalized, ProductImage: l.ImageFileName,
			Quantity: l.Quantity, UnitPrice: l.UnitPrice, TotalPrice: l.TotalPrice,
			DiscountAmount: lineDiscount(price.Discounts, i),
			TaxClass:       l.TaxClass, TaxRate: lt.Rate, TaxAmount: lt.Tax,
		})
		if l.Hire != nil {
			items[len(items)-1].Hire = orderHireOf(l.Hire.Start, l.Hire.End, int(l.Deposit))
		}
	}
	return items, nil
}
