package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/hire"
	"stageshop/shop/wire"
)

// registerHire binds hire's routes (api.md "Hire"): a product's
// availability per day (public) and the admin's bookings calendar and
// status changes.
func registerHire(se *core.ServeEvent) {
	shopGroup(se, "/api/products").GET("/{id}/availability", getAvailability).Bind(quietRead())
	g := shopGroup(se, "/api/admin/bookings")
	g.Bind(adminOnly())
	g.GET("", listBookings)
	g.PUT("/{id}", updateBooking)
}

func getAvailability(e *core.RequestEvent) error {
	days, err := hire.Availability(e.App, e.Request.PathValue("id"), queryText(e, "variantId"),
		queryText(e, "from"), queryText(e, "to"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Availability{Days: days})
}

func listBookings(e *core.RequestEvent) error {
	list, err := hire.List(e.App, queryText(e, "from"), queryText(e, "to"), queryText(e, "productId"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func updateBooking(e *core.RequestEvent) error {
	var in hire.Change
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	b, err := hire.Update(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, b)
}
