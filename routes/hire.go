package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/hire"
	"stageshop/shop/wire"
)

// registerHire binds hire's routes (api.md "Hire"): a product's
// availability per day (public) and the admin's bookings calendar and
// status changes.
func registerHire(se *core.ServeEvent) {
	shopGroup(se, "/api/products").GET("/{id}/availability", getAvailability).Bind(quietRead())
	g := shopGroup(se, "/api/admin/bookings")
	g.Bind(staffOnly())
	g.GET("", listBookings)
	g.PUT("/{id}", updateBooking)
}

// getAvailability answers the days of a window and, with start and end
// (and quantity, 1 by default), the quote of that hire: its price by the
// pricing rule and what is free, so the shop never prices a hire itself.
func getAvailability(e *core.RequestEvent) error {
	id, variant := e.Request.PathValue("id"), queryText(e, "variantId")
	days, err := hire.Availability(e.App, id, variant, queryText(e, "from"), queryText(e, "to"))
	if err != nil {
		return err
	}
	today, err := hire.Today(e.App)
	if err != nil {
		return err
	}
	out := wire.Availability{Days: days, Today: today.String()}
	if queryText(e, "start") != "" || queryText(e, "end") != "" {
		quantity, ok := queryInt(e, "quantity", 1)
		if !ok {
			return validationError(map[string]string{"quantity": "Must be a whole number"})
		}
		q, most, err := hire.QuoteLine(e.App, hire.Line{ProductID: id, VariantID: variant, Quantity: quantity,
			Start: queryText(e, "start"), End: queryText(e, "end")})
		if err != nil {
			return err
		}
		out.Quote = &wire.HireQuote{Start: q.Start.String(), End: q.End.String(), Days: q.Days, Quantity: q.Quantity,
			Rule: q.Rule, UnitPrice: wire.Amount(q.UnitCents), LineTotal: wire.Amount(q.LineCents()),
			Deposit: wire.Amount(q.DepositCents), Available: most}
	}
	return e.JSON(http.StatusOK, out)
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
	b, err := shop.UpdateBooking(e.App, e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	named := []hire.Booking{b}
	if err := hire.Name(e.App, named); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, named[0])
}
