package routes

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/promo"
)

// registerPromotions binds /api/admin/promotions (admin: every promotion
// with its uses and revenue, ?productId=&categoryId= for those touching
// one product, and adding, changing and deleting them).
func registerPromotions(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/promotions")
	g.Bind(adminOnly())
	g.GET("", listPromotions)
	g.POST("", createPromotion)
	g.PUT("/{id}", updatePromotion)
	g.DELETE("/{id}", deletePromotion)
}

func listPromotions(e *core.RequestEvent) error {
	list, err := promo.List(e.App, promo.Filter{ProductID: queryText(e, "productId"), CategoryID: queryText(e, "categoryId")})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func createPromotion(e *core.RequestEvent) error {
	var in promo.Terms
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	p, err := promo.Create(e.App, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, p)
}

func updatePromotion(e *core.RequestEvent) error {
	var in promo.Terms
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	p, err := promo.Update(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, p)
}

func deletePromotion(e *core.RequestEvent) error {
	if err := promo.Delete(e.App, e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// promoEnvelope answers a shopper's code (POST /api/cart/discount): one 404
// for a code that does not exist, is paused, has not started or has ended
// (so codes cannot be probed), and 409 promotion_not_applicable with the
// reason (and, for min_subtotal, what is still to add) for one that exists.
func promoEnvelope(err error) *apiError {
	if errors.Is(err, promo.ErrCodeNotFound) {
		return newError(http.StatusNotFound, "promotion_not_found", "This code is not valid")
	}
	na, ok := errors.AsType[*promo.NotApplicableError](err)
	if !ok {
		return nil
	}
	msg := map[promo.Reason]string{
		promo.ReasonNoEligible:    "Nothing in the cart is eligible for " + na.Code,
		promo.ReasonUsageLimit:    na.Code + " has been used up",
		promo.ReasonCustomerLimit: "You have already used " + na.Code,
	}[na.Reason]
	ae := newError(http.StatusConflict, "promotion_not_applicable", msg)
	ae.Reason = string(na.Reason)
	if na.Reason == promo.ReasonMinSubtotal {
		missing := shop.Amount(na.Missing)
		ae.Missing = &missing
		ae.Message = fmt.Sprintf("Add $%s more to use %s", missing.String(), na.Code)
	}
	return ae
}
