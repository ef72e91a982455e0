package routes

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// productRequest is the body of create and update. Every member is raw so
// that a wrong type is reported against its own field.
type productRequest struct {
	Name                 json.RawMessage `json:"name"`
	NameLocalized        json.RawMessage `json:"nameLocalized"`
	Description          json.RawMessage `json:"description"`
	DescriptionLocalized json.RawMessage `json:"descriptionLocalized"`
	Price                json.RawMessage `json:"price"`
	Category             json.RawMessage `json:"category"`
	ImageFileNames       json.RawMessage `json:"imageFileNames"`
	StockQuantity        json.RawMessage `json:"stockQuantity"`
	IsActive             json.RawMessage `json:"isActive"`
	Attributes           json.RawMessage `json:"attributes"`
}

func createProduct(e *core.RequestEvent) error {
	var req productRequest
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	col, err := e.App.FindCachedCollectionByNameOrId(shop.ProductsCollection)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	rec.Set("isActive", true)
	rec.Set("attributes", []any{})
	return saveProduct(e, rec, req, http.StatusCreated)
}

func updateProduct(e *core.RequestEvent) error {
	rec, err := e.App.FindRecordById(shop.ProductsCollection, e.Request.PathValue("id"))
	if err != nil {
		return errProductNotFound
	}
	var req productRequest
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	return saveProduct(e, rec, req, http.StatusOK)
}

// saveProduct applies the request to rec and saves it; the record hook's
// rules run once, and their errors are reported with those found at the
// edge, under API field names.
func saveProduct(e *core.RequestEvent, rec *core.Record, req productRequest, status int) error {
	errs := applyProductRequest(rec, req)
	var err error
	if len(errs) > 0 {
		// The body already failed: the record's rules still run (once, as
		// the record hook), so every problem is reported at once.
		err = e.App.Validate(rec)
	} else {
		err = e.App.Save(rec) // validated by the record hook, once
	}
	var verrs validation.Errors
	switch {
	case err == nil && len(errs) == 0:
		return adminProductAnswer(e, rec.Id, status)
	case err != nil && !errors.As(err, &verrs):
		return err
	case err != nil:
		if err := mergeProductErrors(errs, verrs, req); err != nil && len(errs) == 0 {
			return err // an internal field: a generic 500, logged
		}
	}
	return validationError(errs)
}

// productInputFields are the record fields a product request sets; errors
// of any other (internal) field, such as searchText, are the server's
// fault and never reach the client under their name.
var productInputFields = map[string]bool{
	"name": true, "nameLocalized": true, "description": true, "descriptionLocalized": true,
	"category": true, "priceCents": true, "stockQuantity": true, "isActive": true,
	"imageFileNames": true, "attributes": true,
}

// mergeProductErrors adds the record hook's errors (keyed by record field
// names) under API field paths, keeping errors already found at the edge.
// It returns an error for failures of internal fields.
func mergeProductErrors(dst map[string]string, verrs validation.Errors, req productRequest) error {
	var internal error
	for field, err := range verrs {
		if !productInputFields[strings.SplitN(field, ".", 2)[0]] {
			internal = fmt.Errorf("product field %s: %w", field, err)
			continue
		}
		key := field
		switch {
		case field == "priceCents":
			key = "price"
		case field == "nameLocalized.en" && present(req.Name):
			key = "name" // the plain member carried the English text
		case field == "name" && !present(req.Name) && present(req.NameLocalized):
			key = "nameLocalized.en"
		case field == "description" && !present(req.Description) && present(req.DescriptionLocalized):
			key = "descriptionLocalized.en"
		}
		if _, seen := dst[key]; seen {
			continue
		}
		if _, seen := dst[strings.SplitN(key, ".", 2)[0]]; seen {
			continue // the member already failed to parse
		}
		dst[key] = errorText(err)
	}
	return internal
}

func deleteProduct(e *core.RequestEvent) error {
	rec, err := e.App.FindRecordById(shop.ProductsCollection, e.Request.PathValue("id"))
	if err != nil {
		return errProductNotFound
	}
	// cart_items reference products with cascade delete; order lines are
	// snapshots and stay.
	if err := e.App.Delete(rec); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]string{"message": "Product deleted successfully"})
}
