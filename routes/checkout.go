package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// registerCheckout binds /api/checkout: placing orders, the customer's own
// orders and the admin's order management.
func registerCheckout(se *core.ServeEvent) {
	se.Router.POST("/api/checkout/create-order", handle(createOrder))
	se.Router.GET("/api/checkout/orders", handle(listOwnOrders))
	se.Router.GET("/api/checkout/orders/{id}", handle(getOwnOrder))
	se.Router.GET("/api/checkout/admin/orders", handle(adminListOrders))
	se.Router.GET("/api/checkout/admin/orders/{id}", handle(adminGetOrder))
	se.Router.PUT("/api/checkout/admin/orders/{id}/status", handle(adminSetOrderStatus))
}

// orderBody is the body of POST /api/checkout/create-order. Prices and
// totals a client might send are not even read.
type orderBody struct {
	ShippingInfo          *shop.ShippingInfo `json:"shippingInfo"`
	BillingInfo           *shop.BillingInfo  `json:"billingInfo"`
	UseShippingForBilling bool               `json:"useShippingForBilling"`
}

func createOrder(e *core.RequestEvent) error {
	user, err := requireUser(e)
	if err != nil {
		return err
	}
	var body orderBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	in := shop.OrderInput{UseShippingForBilling: body.UseShippingForBilling}
	if body.ShippingInfo != nil {
		in.Shipping = *body.ShippingInfo
	}
	if body.BillingInfo != nil {
		in.Billing = *body.BillingInfo
	}
	order, err := shop.PlaceOrder(e.App, user.Id, in)
	if err != nil {
		return fromShopErr(err)
	}
	return e.JSON(http.StatusCreated, order)
}

func listOwnOrders(e *core.RequestEvent) error {
	user, err := requireUser(e)
	if err != nil {
		return err
	}
	orders, err := shop.ListUserOrders(e.App, user.Id)
	if err != nil {
		return fromShopErr(err)
	}
	return e.JSON(http.StatusOK, orders)
}

func getOwnOrder(e *core.RequestEvent) error {
	user, err := requireUser(e)
	if err != nil {
		return err
	}
	order, err := shop.GetUserOrder(e.App, user.Id, e.Request.PathValue("id"))
	if err != nil {
		return fromShopErr(err)
	}
	return e.JSON(http.StatusOK, order)
}

func adminListOrders(e *core.RequestEvent) error {
	if _, err := requireAdmin(e); err != nil {
		return err
	}
	orders, err := shop.ListAllOrders(e.App)
	if err != nil {
		return fromShopErr(err)
	}
	return e.JSON(http.StatusOK, orders)
}

func adminGetOrder(e *core.RequestEvent) error {
	if _, err := requireAdmin(e); err != nil {
		return err
	}
	order, err := shop.GetOrder(e.App, e.Request.PathValue("id"))
	if err != nil {
		return fromShopErr(err)
	}
	return e.JSON(http.StatusOK, order)
}

// statusBody is the body of the admin status changes.
type statusBody struct {
	Status string `json:"status"`
}

func adminSetOrderStatus(e *core.RequestEvent) error {
	if _, err := requireAdmin(e); err != nil {
		return err
	}
	var body statusBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	order, err := shop.SetOrderStatus(e.App, e.Request.PathValue("id"), body.Status)
	if err != nil {
		return fromShopErr(err)
	}
	return e.JSON(http.StatusOK, order)
}
