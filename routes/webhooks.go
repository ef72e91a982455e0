package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/webhook"
	"stageshop/shop/wire"
)

// registerWebhooks binds the Admin's webhook endpoints (api.md "Staff, API
// keys and webhooks"): create (the secret shown once), list, delete, the
// delivery log and "send test event".
func registerWebhooks(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/webhooks")
	g.Bind(staffOnly())
	g.GET("", adminListWebhooks)
	g.POST("", adminCreateWebhook)
	g.DELETE("/{id}", adminDeleteWebhook)
	g.GET("/{id}/deliveries", adminWebhookDeliveries)
	g.POST("/{id}/test", adminTestWebhook)
}

func adminListWebhooks(e *core.RequestEvent) error {
	list, err := webhook.List(e.App)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminCreateWebhook(e *core.RequestEvent) error {
	var in wire.WebhookInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	w, err := webhook.Create(e.Request.Context(), acting(e), in, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, w)
}

func adminDeleteWebhook(e *core.RequestEvent) error {
	if _, err := webhook.Delete(acting(e), e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

func adminWebhookDeliveries(e *core.RequestEvent) error {
	list, err := webhook.Deliveries(e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminTestWebhook(e *core.RequestEvent) error {
	d, err := webhook.SendTest(e.Request.Context(), e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, d)
}
