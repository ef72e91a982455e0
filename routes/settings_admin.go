package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/tax"
)

// registerSettingsAdmin binds Settings > Payments & tax: the payment and
// tax settings and the tax rates, for admins (the dashboard stays for
// developers and the Stripe keys).
func registerSettingsAdmin(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin")
	g.Bind(staffOnly())
	g.GET("/settings/payments", func(e *core.RequestEvent) error {
		s, err := shop.LoadPaymentTaxSettings(e.App)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, s)
	})
	g.PUT("/settings/payments", func(e *core.RequestEvent) error {
		var in shop.PaymentTaxSettings
		if err := decodeJSON(e, &in); err != nil {
			return err
		}
		s, err := shop.SavePaymentTaxSettings(acting(e), in)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, s)
	})
	g.GET("/tax-rates", func(e *core.RequestEvent) error {
		list, err := tax.ListRates(e.App)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, list)
	})
	g.POST("/tax-rates", func(e *core.RequestEvent) error { return saveTaxRate(e, "", http.StatusCreated) })
	g.PUT("/tax-rates/{id}", func(e *core.RequestEvent) error { return saveTaxRate(e, e.Request.PathValue("id"), http.StatusOK) })
	g.DELETE("/tax-rates/{id}", func(e *core.RequestEvent) error {
		if err := tax.DeleteRate(acting(e), e.Request.PathValue("id")); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, map[string]string{"message": "Tax rate deleted"})
	})
}

func saveTaxRate(e *core.RequestEvent, id string, status int) error {
	var in tax.RateInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	r, err := tax.SaveRate(acting(e), id, in)
	if err != nil {
		return err
	}
	return e.JSON(status, r)
}
