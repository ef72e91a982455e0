package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// registerStore binds the store details: GET /api/shop for everyone (the
// storefront, footer and contact page read it), PUT /api/admin/shop for
// admins (/admin/settings).
func registerStore(se *core.ServeEvent) {
	shopGroup(se, "/api/shop").GET("", getStore).Bind(quietRead())
	admin := shopGroup(se, "/api/admin/shop")
	admin.Bind(adminOnly())
	admin.PUT("", putStore)
}

func getStore(e *core.RequestEvent) error {
	d, err := shop.LoadStoreDetails(e.App)
	if err != nil {
		return err
	}
	// Changes show at the next load: revalidated every time, answered 304
	// while nothing changed.
	e.Response.Header().Set("Cache-Control", "no-cache")
	return sendJSONWithETag(e, d)
}

func putStore(e *core.RequestEvent) error {
	var in shop.StoreInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	d, err := shop.SaveStoreDetails(e.App, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, d)
}
