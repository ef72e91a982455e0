package shop

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/cart"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/promo"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

// Discount is an answer shape (shop/wire).
type Discount = wire.Discount

// Discounted is what the promotions (the live automatic ones and the
// cart's code) take off a set of lines (cart.Discount).
type Discounted = cart.Priced

// discountLines weighs the promotions for lines shipped to country ("" not
// known yet) at shippingCost for customer ("" a guest) with the cart's
// code: free shipping takes the shipping only where the address is
// domestic (or not known yet) and the shipping is not a freight quote.
func discountLines(app core.App, lines []cart.Item, code, customer, country string, shippingCost Amount, freight bool, now time.Time) (Discounted, error) {
	freeOK := false
	if !freight {
		settings, err := shipping.LoadSettings(app)
		if err != nil {
			return Discounted{}, err
		}
		freeOK = country == "" || locale.SameCountry(country, settings.HomeCountry)
	}
	return cart.Discount(app, lines, code, customer, int64(shippingCost), freeOK, now)
}

// storedDiscount is one discount as an order keeps it (orders.discounts).
type storedDiscount struct {
	ID            string          `json:"id"`
	Code          string          `json:"code"`
	Name          json.RawMessage `json:"name"`
	AmountCents   int64           `json:"amountCents"`
	ShippingCents int64           `json:"shippingCents"`
}

// setOrderDiscounts keeps the order's discounts as they are now: the
// promotions' names and codes then, and what each took.
func setOrderDiscounts(order *core.Record, d Discounted) {
	stored := make([]storedDiscount, 0, len(d.Res.Discounts))
	for _, x := range d.Res.Discounts {
		name, _ := json.Marshal(x.Name)
		stored = append(stored, storedDiscount{ID: x.ID, Code: x.Code, Name: name, AmountCents: x.Amount, ShippingCents: x.Shipping})
	}
	order.Set("discountCents", d.Res.Amount)
	order.Set("discounts", stored)
}

// discountsOf reads an order's discounts (none for orders from before).
func discountsOf(raw string) []Discount {
	var stored []storedDiscount
	_ = json.Unmarshal([]byte(raw), &stored)
	out := make([]Discount, 0, len(stored))
	for _, s := range stored {
		var name Localized
		_ = json.Unmarshal(s.Name, &name)
		out = append(out, Discount{Code: s.Code, Name: name, Amount: Amount(s.AmountCents + s.ShippingCents)})
	}
	return out
}

// lineDiscount is line i's share of d's discounts (0 without them).
func lineDiscount(d Discounted, i int) Amount {
	if i < len(d.Res.Lines) {
		return Amount(d.Res.Lines[i])
	}
	return 0
}

// redeemOrder counts the order's discounts in its transaction; a
// promotion used up (or ended) since it was priced is ErrPromotionUsedUp,
// so PlaceOrder prices again.
func redeemOrder(txApp core.App, orderID, customer string, d Discounted) error {
	err := promo.Redeem(txApp, orderID, customer, d.Res)
	if _, ok := errors.AsType[*promo.UsedUpError](err); ok {
		return ErrPromotionUsedUp
	}
	return err
}

// ErrPromotionUsedUp: a promotion of the order reached its limit inside
// the order's transaction (another order took the last use between the
// read and the write); PlaceOrder prices the order again without it, and
// answers this (409 total_changed) only when that keeps happening.
var ErrPromotionUsedUp = wire.Conflict("total_changed", "The order total has changed; please review it and place the order again")

// cartPromoCode is the code the cart carries ("" none).
func cartPromoCode(cart *core.Record) string {
	return field.CleanLine(cart.GetString("promoCode"))
}

// releaseUnpaid gives back the promotion uses of an order cancelled before
// any payment (promo.Release: once; a second cancel finds none). A paid
// order keeps its uses: its discount was given; reviving one that gave
// them back counts them again (recountRevived).
func releaseUnpaid(txApp core.App, order *core.Record) error {
	if order.GetFloat("amountPaidCents") > 0 {
		return nil
	}
	return promo.Release(txApp, order.Id)
}

// ErrRevivedPromotionUsedUp: a cancelled order cannot come back with its
// discount, whose promotion reached its limit since the cancel gave the
// use back; nothing changes.
var ErrRevivedPromotionUsedUp = wire.Conflict("promotion_used_up",
	"A discount of this order has been used up since it was cancelled: the order cannot be revived with it")

// recountRevived counts again the promotion uses a cancelled unpaid order
// gave back, when it is revived (promo.Recount): within the limits as they
// are now, or ErrRevivedPromotionUsedUp and the revive rolls back.
func recountRevived(txApp core.App, order *core.Record) error {
	var stored []storedDiscount
	_ = json.Unmarshal([]byte(order.GetString("discounts")), &stored)
	if len(stored) == 0 {
		return nil
	}
	ds := make([]promo.Discount, 0, len(stored))
	for _, s := range stored {
		ds = append(ds, promo.Discount{ID: s.ID, Code: s.Code, Amount: s.AmountCents, Shipping: s.ShippingCents})
	}
	err := promo.Recount(txApp, order.Id, order.GetString("user"), ds)
	if _, ok := errors.AsType[*promo.UsedUpError](err); ok {
		return ErrRevivedPromotionUsedUp
	}
	return err
}
