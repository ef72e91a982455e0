package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/search"
	"stageshop/shop/wire"
)

// registerSearchSynonyms binds GET|PUT /api/admin/search/synonyms (admins,
// /admin/settings/search): the groups of words search treats as one.
func registerSearchSynonyms(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/search/synonyms")
	g.Bind(staffOnly())
	g.GET("", func(e *core.RequestEvent) error {
		groups, err := search.LoadSynonyms(e.App)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, wire.SearchSynonyms{Groups: groups})
	})
	g.PUT("", func(e *core.RequestEvent) error {
		// groups is required: a body without it would erase every group.
		var in struct {
			Groups *[][]string `json:"groups"`
		}
		if err := decodeJSON(e, &in); err != nil {
			return err
		}
		if in.Groups == nil {
			return field.Error("groups", "validation_required", "Send the groups (an empty list removes them all)")
		}
		groups, err := search.SaveSynonyms(e.App, *in.Groups)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, wire.SearchSynonyms{Groups: groups})
	})
}
