package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
	"stageshop/shop/wire"
)

// registerCategories binds GET /api/categories (public: the shown
// categories in order) and /api/admin/categories (admin: every category,
// and adding, changing and deleting them).
func registerCategories(se *core.ServeEvent) {
	pub := shopGroup(se, "/api/categories")
	pub.GET("", listPublicCategories).Bind(quietRead())
	g := shopGroup(se, "/api/admin/categories")
	g.Bind(staffOnly())
	g.GET("", listAdminCategories)
	g.POST("", createCategory)
	g.PUT("/{id}", updateCategory)
	g.DELETE("/{id}", deleteCategory)
}

// publicCategoriesKey is the catalog cache's key of GET /api/categories
// (kept until a product, an order or a category changes).
type publicCategoriesKey struct{}

func listPublicCategories(e *core.RequestEvent) error {
	return cached(e, publicCategoriesKey{}, func() (any, bool, error) {
		list, err := catalog.ListCategories(e.App, false)
		return list, true, err
	})
}

func listAdminCategories(e *core.RequestEvent) error {
	list, err := catalog.ListCategories(e.App, true)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func createCategory(e *core.RequestEvent) error {
	var in catalog.CategoryInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	c, err := catalog.CreateCategory(e.App, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, c)
}

func updateCategory(e *core.RequestEvent) error {
	var in catalog.CategoryInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	c, err := catalog.UpdateCategory(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, c)
}

// deleteCategory deletes a category; ?moveTo={id} moves its products
// there first (without it, a category with products is 409).
func deleteCategory(e *core.RequestEvent) error {
	if err := catalog.DeleteCategory(e.App, e.Request.PathValue("id"), queryText(e, "moveTo")); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Category deleted"})
}
