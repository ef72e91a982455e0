package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/returns"
)

// registerReturns binds the return routes of docs/api.md (Returns); the
// refund by line shares POST /api/checkout/admin/orders/{id}/refunds with
// the refund by amount (adminRefund).
func registerReturns(se *core.ServeEvent) {
	own := shopGroup(se, "/api/checkout/orders")
	own.Bind(signedIn())
	own.POST("/{id}/returns", requestReturn)
	own.GET("/{id}/returns", orderReturns)

	admin := shopGroup(se, "/api/admin/returns")
	admin.Bind(staffOnly())
	admin.GET("", adminReturns)
	admin.GET("/{id}", adminReturn)
	admin.PUT("/{id}", adminUpdateReturn)

	quote := shopGroup(se, "/api/checkout/admin/orders")
	quote.Bind(staffOnly())
	quote.POST("/{id}/refunds/quote", adminRefundQuote)
}

func requestReturn(e *core.RequestEvent) error {
	var in returns.RequestInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	r, err := returns.Request(e.App, e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, r)
}

func orderReturns(e *core.RequestEvent) error {
	list, err := returns.ForOrder(e.App, returns.Viewer{UserID: e.Auth.Id, Admin: userCan(e.Auth, PermReturns)}, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminReturns(e *core.RequestEvent) error {
	list, err := returns.List(e.App, e.Request.URL.Query().Get("status"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminReturn(e *core.RequestEvent) error {
	r, err := returns.Get(e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, r)
}

func adminUpdateReturn(e *core.RequestEvent) error {
	var in returns.UpdateInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	r, err := returns.Update(acting(e), e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, r)
}

func adminRefundQuote(e *core.RequestEvent) error {
	var in returns.RefundLinesInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	q, err := returns.Quote(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, q)
}

// refundBody is a refund as the API receives it: by line when it names
// lines, else by amount as before issue 48.
type refundBody struct {
	shop.RefundForm
	Lines    []returns.LineInput `json:"lines"`
	Shipping bool                `json:"shipping"`
}

// refundByLines answers a refund by line; ok is false for a refund by
// amount, left to adminRefund.
func refundByLines(e *core.RequestEvent, body refundBody) (ok bool, err error) {
	if body.Lines == nil {
		return false, nil
	}
	order, err := returns.RefundLines(acting(e), e.Auth, e.Request.PathValue("id"),
		returns.RefundLinesInput{Lines: body.Lines, Shipping: body.Shipping, Reason: body.Reason})
	if err != nil {
		return true, err
	}
	return true, e.JSON(http.StatusCreated, order)
}
