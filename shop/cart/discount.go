package cart

import (
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/promo"
	"stageshop/shop/wire"
)

// Priced is what the promotions take off a set of lines: the input
// promo.Apply priced, its result and the rules it weighed.
type Priced struct {
	In    promo.Input
	Res   promo.Result
	Rules []*promo.Rule
}

// Discount weighs the promotions for lines: every live automatic one and
// the live promotion of code ("" none), for customer ("" a guest), with
// the shipping of the chosen method in cents (0 while none is chosen) and
// whether free shipping may take it (freeOK: a domestic address or none
// yet, and no freight quote). The cart, its estimate and the order all
// price here.
func Discount(app core.App, lines []Item, code, customer string, shipping int64, freeOK bool, now time.Time) (Priced, error) {
	in := promo.Input{Shipping: shipping, FreeShippingOK: freeOK, Customer: customer, Now: now,
		Lines: make([]promo.Line, len(lines))}
	for i, l := range lines {
		in.Lines[i] = promo.Line{ProductID: l.ProductID, CategoryID: l.CategoryID, Amount: int64(l.TotalPrice), Quantity: l.Quantity}
	}
	rules, err := promo.Candidates(app, code, customer, now)
	if err != nil {
		return Priced{}, err
	}
	return Priced{In: in, Res: promo.Apply(in, rules), Rules: rules}, nil
}

// Show puts p's discounts on the cart: the list, their sum off the lines,
// each line's share and, for a code that gives nothing now, why.
func (p Priced) Show(c *Cart) {
	c.Discounts = make([]wire.Discount, 0, len(p.Res.Discounts))
	for _, d := range p.Res.Discounts {
		c.Discounts = append(c.Discounts, wire.Discount{Code: d.Code, Name: d.Name, Amount: wire.Amount(d.Amount + d.Shipping)})
	}
	c.DiscountAmount = wire.Amount(p.Res.Amount)
	c.DiscountedPrice = c.TotalPrice - c.DiscountAmount
	for i := range c.Items {
		c.Items[i].DiscountAmount = 0
		if i < len(p.Res.Lines) {
			c.Items[i].DiscountAmount = wire.Amount(p.Res.Lines[i])
		}
	}
	c.PromoIssue = p.issue(c.PromoCode)
}

// issue is why code gives nothing in p (nil when it applies or is "").
func (p Priced) issue(code string) *wire.PromoIssue {
	if code == "" {
		return nil
	}
	for _, r := range p.Rules {
		if r.Automatic || r.Code != code {
			continue
		}
		if p.Res.Applied(r.ID) {
			return nil
		}
		reason, missing := r.Check(p.In)
		if reason == "" {
			return &wire.PromoIssue{Reason: "not_combinable"}
		}
		out := &wire.PromoIssue{Reason: string(reason)}
		if reason == promo.ReasonMinSubtotal {
			m := wire.Amount(missing)
			out.Missing = &m
		}
		return out
	}
	return &wire.PromoIssue{Reason: "promotion_not_found"}
}

// discountCart prices the promotions of the cart of user ("" a guest) with
// no shipping chosen (the estimate prices them again with the address
// and method). A cart without lines has none.
func discountCart(app core.App, c *Cart, user string) error {
	if len(c.Items) == 0 {
		Priced{}.Show(c)
		return nil
	}
	p, err := Discount(app, c.Items, c.PromoCode, user, 0, true, time.Now())
	if err != nil {
		return err
	}
	p.Show(c)
	return nil
}

// ApplyCode puts code on the owner's cart (one code per cart: it replaces
// the one before) when it applies to the cart as it is: a code no live
// promotion has is promo.ErrCodeNotFound, one that does not apply
// *promo.NotApplicableError, and neither changes the cart.
func ApplyCode(app core.App, owner Owner, code string) (*Cart, error) {
	if err := owner.check(); err != nil {
		return nil, err
	}
	code = strings.ToUpper(strings.TrimSpace(code))
	if len(code) > 32 {
		return nil, promo.ErrCodeNotFound // no code is that long: one answer for all
	}
	var cartID string
	err := db.Write(app, func(txApp core.App) error {
		rec, err := Find(txApp, owner)
		if err != nil {
			return err
		}
		var lines []Item
		if rec != nil {
			if lines, err = Lines(txApp, rec.Id); err != nil {
				return err
			}
		}
		p, err := Discount(txApp, lines, "", owner.UserID, 0, true, time.Now())
		if err != nil {
			return err
		}
		if _, err := promo.CheckCode(txApp, code, p.In); err != nil {
			return err
		}
		if rec == nil {
			return promo.ErrCodeNotFound // unreachable: a code applies only to lines
		}
		cartID = rec.Id
		_, err = txApp.DB().Update(Collection, dbx.Params{"promoCode": code}, dbx.HashExp{"id": rec.Id}).Execute()
		return err
	})
	return cartAfter(app, owner, cartID, err)
}

// RemoveCode takes the code off the owner's cart (none: nothing changes).
func RemoveCode(app core.App, owner Owner) (*Cart, error) {
	if err := owner.check(); err != nil {
		return nil, err
	}
	err := db.Write(app, func(txApp core.App) error {
		rec, err := Find(txApp, owner)
		if err != nil || rec == nil {
			return err
		}
		_, err = txApp.DB().Update(Collection, dbx.Params{"promoCode": ""}, dbx.HashExp{"id": rec.Id}).Execute()
		return err
	})
	if err != nil {
		return nil, err
	}
	return loadCart(app, owner)
}
