package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/wire"
)

// registerAddresses binds /api/auth/addresses: the signed-in customer's
// address book (shop/addresses.go). Another user's address is 404.
func registerAddresses(se *core.ServeEvent) {
	g := shopGroup(se, "/api/auth/addresses")
	g.Bind(signedIn())
	g.GET("", listAddresses)
	g.POST("", createAddress)
	g.PUT("/{id}", updateAddress)
	g.DELETE("/{id}", deleteAddress)
}

func listAddresses(e *core.RequestEvent) error {
	list, err := account.ListAddresses(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func createAddress(e *core.RequestEvent) error {
	var in account.AddressInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	a, err := account.CreateAddress(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, a)
}

func updateAddress(e *core.RequestEvent) error {
	var in account.AddressInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	a, err := account.UpdateAddress(e.App, e.Auth.Id, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, a)
}

func deleteAddress(e *core.RequestEvent) error {
	if err := account.DeleteAddress(e.App, e.Auth.Id, e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Address deleted"})
}
