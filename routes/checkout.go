package routes

import (
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/account"
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
	own.POST("/create-order", createOrder).Bind(perUserLimit(account.LimitPlaceOrderPerUser))
	own.GET("/orders", listOwnOrders)
	own.GET("/orders/{id}", getOwnOrder)
	own.POST("/orders/{id}/cancel", cancelOwnOrder).Bind(perUserLimit(account.LimitCancelOrderPerUser))
	admin := g.Group("/admin/orders")
	admin.Bind(staffOnly())
	admin.GET("", adminListOrders)
	admin.GET("/export.csv", adminExportOrders)
	admin.GET("/{id}", adminGetOrder)
	admin.PUT("/{id}/status", adminSetOrderStatus)
}

func createOrder(e *core.RequestEvent) error {
	var in shop.OrderInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	order, err := shop.PlaceOrder(e.App, e.Auth.Id, in)
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
// search, paymentMethod, paymentStatus, from, to, page, pageSize, lang
// (shop.OrderFilter checks it).
func orderFilter(e *core.RequestEvent) shop.OrderFilter {
	return shop.OrderFilter{Status: queryText(e, "status"), Search: queryText(e, "search"),
		PaymentMethod: queryText(e, "paymentMethod"), PaymentStatus: queryText(e, "paymentStatus"),
		From: queryText(e, "from"), To: queryText(e, "to"), Language: queryText(e, "lang"),
		Page: pageParam(e, "page", 0, -1), PageSize: pageParam(e, "pageSize", 0, -1)}
}

func adminListOrders(e *core.RequestEvent) error {
	f := orderFilter(e)
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
	return serveOrdersCSV(e, "orders", shop.ExportOrdersCSV)
}

// serveOrdersCSV streams an export of the filtered orders as a CSV
// download named after the filter's dates (orders-2026-01-01-2026-01-31).
// The rows are written as they are read: an error after the first bytes
// can only abort the response.
func serveOrdersCSV(e *core.RequestEvent, name string, export func(core.App, shop.OrderFilter, io.Writer) error) error {
	f := orderFilter(e)
	if err := f.Validate(); err != nil {
		return err
	}
	file := name
	if f.From != "" || f.To != "" {
		file += "-" + f.From + "-" + f.To
	}
	h := e.Response.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+strings.Trim(file, "-")+`.csv"`)
	h.Set("Cache-Control", "private, no-store")
	e.Response.WriteHeader(http.StatusOK)
	if err := export(e.App, f, e.Response); err != nil {
		e.App.Logger().Error(name+" CSV export failed after its first bytes", "error", err.Error())
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

func adminSetOrderStatus(e *core.RequestEvent) error {
	var in shop.StatusUpdate
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	in.Actor = e.Auth.Email()
	order, err := shop.UpdateOrderStatus(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, order)
}
