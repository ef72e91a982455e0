package routes

import (
	"errors"
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

// hireSentinels are the envelopes of hire's sentinel errors.
var hireSentinels = []struct {
	err error
	ae  *apiError
}{
	{hire.ErrProductNotFound, errProductNotFound},
	{hire.ErrVariantNotFound, notFound("This option of the product is not available")},
	{hire.ErrNotForHire, newError(http.StatusBadRequest, "not_for_hire", "This product is not for hire")},
	{hire.ErrBookingNotFound, notFound("Booking not found")},
}

// hireEnvelope is the envelope of a hire error, or nil for another error.
func hireEnvelope(err error) *apiError {
	for _, s := range hireSentinels {
		if errors.Is(err, s.err) {
			return s.ae
		}
	}
	var rule *hire.RuleError
	var unavailable *hire.UnavailableError
	var status *hire.StatusError
	switch {
	case errors.As(err, &rule):
		ae := newError(http.StatusBadRequest, rule.Code, rule.Message)
		ae.Errors = map[string]string{rule.Field: rule.Message}
		return ae
	case errors.As(err, &unavailable):
		// By product and by variant, as insufficient_stock.
		ae := newError(http.StatusConflict, "not_available", unavailable.Error())
		ae.Available = map[string]int{unavailable.ProductID: unavailable.Available, unavailable.VariantID: unavailable.Available}
		return ae
	case errors.As(err, &status):
		return newError(http.StatusConflict, status.Code, status.Message)
	}
	return nil
}
