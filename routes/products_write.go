package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
	"stageshop/shop/wire"
)

// createProduct, updateProduct and deleteProduct are the admin's product
// writes; the rules are shop's (shop/product_input.go).
func createProduct(e *core.RequestEvent) error {
	var in catalog.ProductInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	id, err := catalog.CreateProduct(acting(e), in)
	if err != nil {
		return err
	}
	return adminProductAnswer(e, id, http.StatusCreated)
}

func updateProduct(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	var in catalog.ProductInput
	if err := decodeJSON(e, &in); err != nil {
		if !catalog.ProductExists(e.App, id) {
			return catalog.ErrProductNotFound // an unknown product is 404 whatever the body
		}
		return err
	}
	if err := catalog.UpdateProduct(acting(e), id, in); err != nil {
		return err
	}
	return adminProductAnswer(e, id, http.StatusOK)
}

func deleteProduct(e *core.RequestEvent) error {
	if err := catalog.DeleteProduct(acting(e), e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Product deleted successfully"})
}
