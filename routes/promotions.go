package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/promo"
)

// registerPromotions binds /api/admin/promotions (admin: every promotion
// with its uses and revenue, ?productId=&categoryId= for those touching
// one product, and adding, changing and deleting them).
func registerPromotions(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/promotions")
	g.Bind(staffOnly())
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
	p, err := promo.Create(acting(e), in)
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
	p, err := promo.Update(acting(e), e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, p)
}

func deletePromotion(e *core.RequestEvent) error {
	if err := promo.Delete(acting(e), e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
