package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Hire (issue 46, api.md "Hire (rentals)"): the products' hire terms and
// kits, the variants' hire fleets and rates, the shop's time zone (hire
// dates are its calendar dates) and the bookings. Bookings are locked
// down: the shop's own routes (shop/hire) read and write them.
func init() {
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "products", addProductHireFields); err != nil {
			return err
		}
		if err := updateCollection(app, "product_variants", addVariantHireFields); err != nil {
			return err
		}
		if err := updateCollection(app, "shop_settings", func(c *core.Collection) {
			c.Fields.Add(&core.TextField{Name: "timeZone", Max: 64})
		}); err != nil {
			return err
		}
		return saveHireBookings(app)
	}, func(app core.App) error {
		if err := deleteCollections(app, "hire_bookings"); err != nil {
			return err
		}
		return removeFields(app, map[string][]string{
			"products":         {"hireEnabled", "hireOnly", "hireDepositCents", "hireBufferDays", "hireMinDays", "hireLeadDays", "kit"},
			"product_variants": {"hireDayCents", "hireWeekendCents", "hireWeekCents", "hireQuantity"},
			"shop_settings":    {"timeZone"},
		})
	})
}

// addProductHireFields: hireOnly is the contract's saleEnabled negated, so
// every product from before stays for sale. The kit lists its components
// as [{productId, variantId, quantity}].
func addProductHireFields(c *core.Collection) {
	c.Fields.Add(
		&core.BoolField{Name: "hireEnabled"},
		&core.BoolField{Name: "hireOnly"},
		&core.NumberField{Name: "hireDepositCents", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(maxCents)},
		&core.NumberField{Name: "hireBufferDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(30.0)},
		&core.NumberField{Name: "hireMinDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(90.0)},
		&core.NumberField{Name: "hireLeadDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(365.0)},
		&core.JSONField{Name: "kit", MaxSize: 20000},
	)
}

// addVariantHireFields: rates in cents (0: no weekend or week rate), the
// fleet apart from the stock for sale.
func addVariantHireFields(c *core.Collection) {
	for _, name := range []string{"hireDayCents", "hireWeekendCents", "hireWeekCents"} {
		c.Fields.Add(&core.NumberField{Name: name, OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(maxCents)})
	}
	c.Fields.Add(&core.NumberField{Name: "hireQuantity", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(100000.0)})
}

// saveHireBookings makes hire_bookings: one row per order line and unit
// kind, with dates as YYYY-MM-DD text (they compare as dates). A kit's
// booking has a row for the kit and one per component naming it in
// kitBooking. idx_hire_bookings_live holds only the bookings that take
// units, by variant and end date, with every column an availability query
// reads: it reads the live bookings of one variant ending on or after its
// window's first day from the index alone.
func saveHireBookings(app core.App) error {
	orders, err := app.FindCollectionByNameOrId("orders")
	if err != nil {
		return err
	}
	products, err := app.FindCollectionByNameOrId("products")
	if err != nil {
		return err
	}
	variants, err := app.FindCollectionByNameOrId("product_variants")
	if err != nil {
		return err
	}
	const datePattern = `^\d{4}-\d{2}-\d{2}$`
	c := core.NewBaseCollection("hire_bookings")
	c.Fields.Add(
		&core.RelationField{Name: "orderRef", CollectionId: orders.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.RelationField{Name: "product", CollectionId: products.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.RelationField{Name: "variant", CollectionId: variants.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "kitBooking", Max: 15},
		&core.NumberField{Name: "quantity", OnlyInt: true, Min: types.Pointer(1.0), Max: types.Pointer(100000.0)},
		&core.TextField{Name: "startDate", Required: true, Pattern: datePattern},
		&core.TextField{Name: "endDate", Required: true, Pattern: datePattern},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"reserved", "out", "returned", "cancelled"}},
		&core.JSONField{Name: "fees", MaxSize: 20000},
		created(), updated(),
	)
	c.AddIndex("idx_hire_bookings_live", false, "variant, endDate, startDate, quantity", "status IN ('reserved', 'out')")
	c.AddIndex("idx_hire_bookings_calendar", false, "endDate, startDate", "")
	c.AddIndex("idx_hire_bookings_order", false, "orderRef", "")
	c.AddIndex("idx_hire_bookings_kit", false, "kitBooking", "kitBooking != ''")
	return app.Save(c)
}
