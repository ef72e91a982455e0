package routes

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// registerCheckout binds /api/checkout: placing orders, the customer's own
// orders and the admin's order management.
func registerCheckout(se *core.ServeEvent) {
	g := shopGroup(se, "/api/checkout")
	// The invoice checks its viewer itself: a browser tab has a file token, not a bearer.
	g.GET("/orders/{id}/invoice", orderInvoice)
	g.GET("/invoice-print.js", invoicePrintScript)
	own := g.Group("")
	own.Bind(signedIn())
	own.POST("/create-order", createOrder)
	own.GET("/orders", listOwnOrders)
	own.GET("/orders/{id}", getOwnOrder)
	own.POST("/orders/{id}/cancel", cancelOwnOrder)
	admin := g.Group("/admin/orders")
	admin.Bind(adminOnly())
	admin.GET("", adminListOrders)
	admin.GET("/export.csv", adminExportOrders)
	admin.GET("/{id}", adminGetOrder)
	admin.PUT("/{id}/status", adminSetOrderStatus)
}

// orderBody is the body of POST /api/checkout/create-order. Prices and
// totals a client might send are not even read.
type orderBody struct {
	ShippingInfo          *shop.ShippingInfo `json:"shippingInfo"`
	BillingInfo           *shop.BillingInfo  `json:"billingInfo"`
	UseShippingForBilling bool               `json:"useShippingForBilling"`
	ShippingMethod        string             `json:"shippingMethod"`
	// ExpectedTotal is only compared with the server's total, never charged.
	ExpectedTotal json.Number `json:"expectedTotal"`
}

func createOrder(e *core.RequestEvent) error {
	user := e.Auth
	var body orderBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	in := shop.OrderInput{UseShippingForBilling: body.UseShippingForBilling, ShippingMethod: strings.TrimSpace(body.ShippingMethod)}
	if body.ExpectedTotal != "" {
		cents, err := shop.CentsFromJSON(body.ExpectedTotal)
		if err != nil || cents < 0 {
			return validationError(map[string]string{"expectedTotal": "Must be an amount with at most two decimals"})
		}
		expected := shop.Amount(cents)
		in.ExpectedTotal = &expected
	}
	if body.ShippingInfo != nil {
		in.Shipping = *body.ShippingInfo
	}
	if body.BillingInfo != nil {
		in.Billing = *body.BillingInfo
	}
	order, err := shop.PlaceOrder(e.App, user.Id, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, order)
}

func listOwnOrders(e *core.RequestEvent) error {
	user := e.Auth
	orders, err := shop.ListUserOrders(e.App, user.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, orders)
}

func getOwnOrder(e *core.RequestEvent) error {
	user := e.Auth
	order, err := shop.GetUserOrder(e.App, user.Id, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, order)
}

func cancelOwnOrder(e *core.RequestEvent) error {
	user := e.Auth
	order, err := shop.CancelOwnOrder(e.App, user.Id, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, order)
}

// orderFilter reads the admin orders list's optional query: status,
// search, from, to, page, pageSize.
func orderFilter(e *core.RequestEvent) (shop.OrderFilter, error) {
	q := e.Request.URL.Query()
	f := shop.OrderFilter{Status: strings.TrimSpace(q.Get("status")), Search: strings.TrimSpace(q.Get("search")),
		From: strings.TrimSpace(q.Get("from")), To: strings.TrimSpace(q.Get("to")), Language: strings.TrimSpace(q.Get("lang"))}
	errs := map[string]string{}
	var ok bool
	if f.Page, ok = queryInt(e, "page", 0); !ok || f.Page < 0 {
		errs["page"] = "Must be a whole number of at least 1"
	}
	if f.PageSize, ok = queryInt(e, "pageSize", 0); !ok || f.PageSize < 0 || f.PageSize > shop.MaxOrdersPageSize {
		errs["pageSize"] = "Must be a whole number from 1 to " + strconv.Itoa(shop.MaxOrdersPageSize)
	}
	if len(errs) > 0 {
		return f, validationError(errs)
	}
	return f, nil
}

func adminListOrders(e *core.RequestEvent) error {
	f, err := orderFilter(e)
	if err != nil {
		return err
	}
	orders, total, err := shop.ListOrders(e.App, f)
	if err != nil {
		return err
	}
	e.Response.Header().Set("X-Total-Count", strconv.Itoa(total))
	e.Response.Header().Set("Access-Control-Expose-Headers", "X-Total-Count")
	return e.JSON(http.StatusOK, orders)
}

// adminExportOrders streams the matching orders as CSV, one row per line.
// The filter is checked before the first byte is written, so a bad query
// still gets the JSON envelope. A failure after that aborts the connection:
// the download fails visibly instead of ending as a short file that looks
// complete.
func adminExportOrders(e *core.RequestEvent) error {
	f, err := orderFilter(e)
	if err != nil {
		return err
	}
	if err := f.Validate(); err != nil {
		return err
	}
	name := "orders"
	if f.From != "" || f.To != "" {
		name += "-" + f.From + "-" + f.To
	}
	h := e.Response.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+strings.Trim(name, "-")+`.csv"`)
	h.Set("Cache-Control", "private, no-store")
	e.Response.WriteHeader(http.StatusOK)
	if err := shop.ExportOrdersCSV(e.App, f, e.Response); err != nil {
		e.App.Logger().Error("orders CSV export failed after its first bytes", "error", err.Error())
		panic(http.ErrAbortHandler) // PocketBase's recoverer passes it on to net/http
	}
	return nil
}

func adminGetOrder(e *core.RequestEvent) error {
	order, err := shop.GetOrder(e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, order)
}

// statusBody is the body of the admin status changes.
type statusBody struct {
	Status         string  `json:"status"`
	TrackingNumber *string `json:"trackingNumber"`
}

func adminSetOrderStatus(e *core.RequestEvent) error {
	var body statusBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	order, err := shop.UpdateOrderStatus(e.App, e.Request.PathValue("id"),
		shop.StatusUpdate{Status: body.Status, TrackingNumber: body.TrackingNumber})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, order)
}
