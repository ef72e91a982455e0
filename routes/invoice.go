package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
	"stageshop/shop"
	"stageshop/shop/account"
	"stageshop/shop/mail"
)

// invoiceScriptPath serves the invoice page's one script: its Print
// button (the page's CSP allows no inline script).
const invoiceScriptPath = "/api/checkout/invoice-print.js"

const invoiceScript = `document.getElementById('print-invoice').addEventListener('click', function () { window.print(); });
`

// invoiceViewer is who asks for an invoice: the bearer token's shop user,
// or, for a page opened in a browser tab (which sends no Authorization
// header), the user of ?token=, a short-lived PocketBase file token (POST
// /api/files/token). ok is false for neither.
func invoiceViewer(e *core.RequestEvent) (v shop.InvoiceViewer, tokenGiven, ok bool) {
	user := shopUser(e)
	token := e.Request.URL.Query().Get("token")
	if user == nil && token != "" {
		rec, err := account.FileTokenUser(e.App, token)
		if err != nil {
			e.App.Logger().Error("invoice file token", "error", err.Error())
		}
		user = rec
	}
	if user == nil {
		return v, token != "", false
	}
	return shop.InvoiceViewer{UserID: user.Id, Admin: userCan(user, PermOrdersRead)}, token != "", true
}

// orderInvoice answers GET /api/checkout/orders/{id}/invoice: the order's
// invoice as a printable HTML page, for its customer and admins (404 for
// anyone else and before the order has an invoice). A browser tab whose
// token expired is sent to the app's invoice page, which asks for a new
// one (signing in first when needed).
func orderInvoice(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	v, tokenGiven, ok := invoiceViewer(e)
	if !ok {
		if tokenGiven {
			// Back to the app's page in the language the tab was opened in
			// (the app sends it: the token no longer says who is reading).
			lang := firstscreen.Normalize(e.Request.URL.Query().Get("lang"))
			return redirectLocal(e, http.StatusSeeOther, firstscreen.LocalePath(lang, mail.InvoicePath(id)))
		}
		return errSignedOut
	}
	page, err := shop.InvoicePage(e.App, id, v, invoiceScriptPath)
	if err != nil {
		return err
	}
	h := e.Response.Header()
	setPageHeaders(e, contentSecurityPolicy(page))
	// The URL may carry a token: no page it links to learns it.
	h.Set("Referrer-Policy", "no-referrer")
	return e.Blob(http.StatusOK, "text/html; charset=utf-8", page)
}

func invoicePrintScript(e *core.RequestEvent) error {
	e.Response.Header().Set("X-Content-Type-Options", "nosniff")
	return e.Blob(http.StatusOK, "text/javascript; charset=utf-8", []byte(invoiceScript))
}
