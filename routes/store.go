package routes

import (
	"net/http"

	"stageshop/shop/hire"
	"stageshop/shop/site"

	"github.com/pocketbase/pocketbase/core"
)

// registerStore binds the store details: GET /api/shop for everyone (the
// storefront, footer and contact page read it), PUT /api/admin/shop for
// admins (/admin/settings).
func registerStore(se *core.ServeEvent) {
	shopGroup(se, "/api/shop").GET("", getStore).Bind(quietRead())
	admin := shopGroup(se, "/api/admin/shop")
	admin.Bind(staffOnly())
	admin.PUT("", putStore)

	// The information pages: read by everyone, edited by admins (/admin/pages).
	pages := shopGroup(se, "/api/pages")
	pages.GET("", getPages).Bind(quietRead())
	pages.GET("/{slug}", getPage).Bind(quietRead())
	adminPages := shopGroup(se, "/api/admin/pages")
	adminPages.Bind(staffOnly())
	adminPages.GET("", func(e *core.RequestEvent) error {
		list, err := site.AdminListPages(e.App)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, list)
	})
	adminPages.POST("", func(e *core.RequestEvent) error { return savePage(e, "", http.StatusCreated) })
	adminPages.PUT("/{slug}", func(e *core.RequestEvent) error { return savePage(e, e.Request.PathValue("slug"), http.StatusOK) })
	adminPages.DELETE("/{slug}", func(e *core.RequestEvent) error {
		if err := site.DeletePage(acting(e), e.Request.PathValue("slug")); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, map[string]string{"message": "Page deleted"})
	})
}

// getPages answers the pages' slugs and titles (the footer), revalidated
// every time like the store details.
func getPages(e *core.RequestEvent) error {
	list, err := site.ListPages(e.App)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-cache")
	return sendJSONWithETag(e, list)
}

func getPage(e *core.RequestEvent) error {
	p, err := site.GetPage(e.App, e.Request.PathValue("slug"))
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-cache")
	return sendJSONWithETag(e, p)
}

func savePage(e *core.RequestEvent, slug string, status int) error {
	var in site.PageInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	p, err := site.SavePage(acting(e), slug, in)
	if err != nil {
		return err
	}
	return e.JSON(status, p)
}

func getStore(e *core.RequestEvent) error {
	d, err := site.LoadStoreDetails(e.App)
	if err != nil {
		return err
	}
	// Changes show at the next load: revalidated every time, answered 304
	// while nothing changed.
	e.Response.Header().Set("Cache-Control", "no-cache")
	return sendJSONWithETag(e, withToday(d))
}

// withToday is the details with the shop's date now in its zone (the
// bookings calendar's today: the browser's clock is not the shop's).
func withToday(d site.StoreDetails) site.StoreDetails {
	d.Today = hire.TodayIn(d.TimeZone).String()
	return d
}

func putStore(e *core.RequestEvent) error {
	var in site.StoreInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	d, err := site.SaveStoreDetails(acting(e), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, withToday(d))
}
