package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/quote"
)

// registerQuotes binds the quote routes of docs/api.md (Quotes).
func registerQuotes(se *core.ServeEvent) {
	own := shopGroup(se, "/api/quotes")
	own.Bind(signedIn())
	own.POST("", requestQuote)
	own.GET("", myQuotes)
	own.GET("/{id}", myQuote)
	own.GET("/{id}/document", quoteDocument)
	own.POST("/{id}/accept", acceptQuote)
	own.POST("/{id}/decline", declineQuote)

	admin := shopGroup(se, "/api/admin/quotes")
	admin.Bind(staffOnly())
	admin.GET("", adminQuotes)
	admin.GET("/{id}", adminQuote)
	admin.PUT("/{id}", adminUpdateQuote)
	admin.POST("/{id}/send", adminSendQuote)
}

func requestQuote(e *core.RequestEvent) error {
	var in quote.RequestInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	q, err := quote.Request(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, q)
}

func myQuotes(e *core.RequestEvent) error {
	list, err := quote.Mine(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func myQuote(e *core.RequestEvent) error {
	q, err := quote.Get(e.App, quote.Viewer{UserID: e.Auth.Id}, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, q)
}

func quoteDocument(e *core.RequestEvent) error {
	html, err := quote.Document(e.App, quote.Viewer{UserID: e.Auth.Id, Admin: isStaff(e.Auth)}, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "private, no-store")
	return e.Blob(http.StatusOK, "text/html; charset=utf-8", html)
}

func acceptQuote(e *core.RequestEvent) error {
	var in quote.AcceptInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	d, err := quote.Accept(e.App, e.Auth.Id, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, d)
}

func declineQuote(e *core.RequestEvent) error {
	var in quote.DeclineInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	q, err := quote.Decline(e.App, e.Auth.Id, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, q)
}

func adminQuotes(e *core.RequestEvent) error {
	list, err := quote.List(e.App, e.Request.URL.Query().Get("status"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminQuote(e *core.RequestEvent) error {
	q, err := quote.Get(e.App, quote.Viewer{Admin: true}, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, q)
}

func adminUpdateQuote(e *core.RequestEvent) error {
	var in quote.UpdateInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	q, err := quote.Update(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, q)
}

func adminSendQuote(e *core.RequestEvent) error {
	q, err := quote.Send(e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, q)
}
