package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// slipScriptPath serves the packing slip's one script: its Print button
// (the page's CSP allows no inline script).
const slipScriptPath = "/api/checkout/packing-slip-print.js"

const slipScript = `document.getElementById('print-slip').addEventListener('click', function () { window.print(); });
`

// registerFulfilment binds the admin's fulfilment tools: internal notes
// on an order, its packing slip (a printable page, also opened in a
// browser tab with ?token=) and the shipping partner's CSV.
func registerFulfilment(se *core.ServeEvent) {
	admin := shopGroup(se, "/api/checkout/admin/orders")
	admin.Bind(staffOnly())
	admin.POST("/{id}/notes", adminAddNote)
	admin.GET("/shipping.csv", adminShippingCSV)
	pages := shopGroup(se, "/api/checkout")
	pages.GET("/packing-slip-print.js", func(e *core.RequestEvent) error {
		e.Response.Header().Set("X-Content-Type-Options", "nosniff")
		return e.Blob(http.StatusOK, "text/javascript; charset=utf-8", []byte(slipScript))
	})
	pages.GET("/admin/packing-slips/{id}", adminPackingSlip)
}

func adminAddNote(e *core.RequestEvent) error {
	var in shop.NoteInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	d, err := shop.AddOrderNote(e.App, e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, d)
}

// adminPackingSlip answers an order's packing slip to staff with
// orders.read (ownGuardRoutes) (by bearer token, ?token= for a browser
// tab, or an API key whose scopes grant orders.read, as on the other
// order routes), in ?lang= (en, ru, zh).
func adminPackingSlip(e *core.RequestEvent) error {
	if err := packingSlipAllowed(e); err != nil {
		return err
	}
	page, err := shop.PackingSlip(e.App, e.Request.PathValue("id"), e.Request.URL.Query().Get("lang"), slipScriptPath)
	if err != nil {
		return err
	}
	setPageHeaders(e, contentSecurityPolicy(page))
	e.Response.Header().Set("Referrer-Policy", "no-referrer")
	e.Response.Header().Set("Cache-Control", "private, no-store")
	return e.Blob(http.StatusOK, "text/html; charset=utf-8", page)
}

// packingSlipAllowed is the packing slip's own guard: an API key as
// staffOnly checks one, else the signed-in (or ?token=) staff member.
func packingSlipAllowed(e *core.RequestEvent) error {
	if key := apiKeyOf(e.Request); key != "" {
		perm, ok := ownGuardRoutes[e.Request.Pattern]
		return keyAllows(e, key, perm, ok)
	}
	v, _, ok := invoiceViewer(e)
	switch {
	case !ok:
		return errSignedOut
	case !v.Admin:
		return errNoPermission
	}
	return nil
}

// adminShippingCSV streams the shipping partner's CSV of the orders that
// match the filter (as the orders export: checked before the first byte).
func adminShippingCSV(e *core.RequestEvent) error {
	return serveOrdersCSV(e, "shipping", shop.ExportShippingCSV)
}
