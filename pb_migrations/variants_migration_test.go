package migrations_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// variantMigrations are issue 31's migrations, in order.
var variantMigrations = []string{
	"1763801700_product_variants.go", "1763801701_lines_per_variant.go",
	"1763801702_overview_variants.go", "1763801703_search_variants.go",
}

// variantDependents are later migrations built on the variants' columns
// (1763801961 indexes products.inStock).
var variantDependents = []string{"1763801961_newest_in_stock_first.go"}

// A shop from before variants keeps every product, cart and order: the
// variant migrations are rolled back, data is written in the old shape
// (plain SQL, as the old code wrote it), and the migrations applied again.
// Every product then has one default variant with its price, stock and
// SKU; carts, alerts and order lines point at it; the old cart can still
// be ordered from and the old order cancelled (its units return to the
// variant).
func TestVariantsMigrationKeepsOldData(t *testing.T) {
	app := testapp.New(t)
	// Later migrations that index the variants' columns go first.
	for _, file := range variantDependents {
		if err := migration(t, file).Down(app); err != nil {
			t.Fatalf("down %s: %v", file, err)
		}
	}
	for i := len(variantMigrations) - 1; i >= 0; i-- {
		if err := migration(t, variantMigrations[i]).Down(app); err != nil {
			t.Fatalf("down %s: %v", variantMigrations[i], err)
		}
	}
	user := testapp.NewUser(t, app, false)
	old := []string{
		`INSERT INTO products (id, name, nameLocalized, description, category, priceCents, stockQuantity, isActive,
			imageFileNames, attributes, created, updated) VALUES
			('oldproduct00001', 'Par Can', '{"en":"Par Can","ru":"Прожектор"}', 'A lamp', 'Lighting', 4999, 7, 1, '["a.png"]', '[]',
				'2025-01-01 10:00:00.000Z', '2025-01-01 10:00:00.000Z'),
			('oldproduct00002', 'Old Mixer', '{"en":"Old Mixer"}', '', 'Sound', 120000, 0, 0, '["b.png"]', '[]',
				'2025-01-02 10:00:00.000Z', '2025-01-02 10:00:00.000Z')`,
		`INSERT INTO carts (id, user, sessionId, created, updated) VALUES
			('oldcart00000001', {:user}, '', '2025-02-01 10:00:00.000Z', '2025-02-01 10:00:00.000Z')`,
		`INSERT INTO cart_items (id, cart, product, quantity, created, updated) VALUES
			('oldline00000001', 'oldcart00000001', 'oldproduct00001', 2, '2025-02-01 10:00:00.000Z', '2025-02-01 10:00:00.000Z')`,
		`INSERT INTO orders (id, orderNumber, user, customerName, customerEmail, status, totalCents, itemCount, subtotalCents,
			shippingCents, shippingMethod, shipping, billing, created, updated) VALUES
			('oldorder0000001', 'ORD-20250301-OLDONE', {:user}, 'Ada Lovelace', 'ada@example.com', 'Created', 9998, 2, 9998, 0,
				'standard', '{}', '{}', '2025-03-01 10:00:00.000Z', '2025-03-01 10:00:00.000Z')`,
		`INSERT INTO order_items (id, orderRef, productId, productName, productImage, quantity, unitPriceCents, totalCents) VALUES
			('olditem00000001', 'oldorder0000001', 'oldproduct00001', '{"en":"Par Can"}', 'a.png', 2, 4999, 9998),
			('olditem00000002', 'oldorder0000001', 'deletedproduct1', '{"en":"Gone Gobo"}', 'c.png', 1, 500, 500)`,
		`INSERT INTO stock_alerts (id, product, email, language, status, created) VALUES
			('oldalert0000001', 'oldproduct00002', 'fan@example.com', 'en', 'open', '2025-03-02 10:00:00.000Z')`,
	}
	for _, q := range old {
		if _, err := app.DB().NewQuery(q).Bind(dbx.Params{"user": user.ID()}).Execute(); err != nil {
			t.Fatalf("old data: %v\n%s", err, q)
		}
	}

	for _, file := range append(append([]string{}, variantMigrations...), variantDependents...) {
		if err := migration(t, file).Up(app); err != nil {
			t.Fatalf("up %s: %v", file, err)
		}
	}

	par, err := shop.GetProduct(app, "oldproduct00001")
	if err != nil {
		t.Fatal(err)
	}
	if par.Name != "Par Can" || par.PriceCents != 4999 || par.StockQuantity != 7 || par.PriceFromCents != 4999 ||
		par.PriceToCents != 4999 || !par.InStock || par.OnSale || par.VariantCount != 1 || len(par.Options) != 0 ||
		len(par.Variants) != 1 || par.DefaultVariantID != par.Variants[0].ID {
		t.Fatalf("old product after the migration: %+v", par)
	}
	v := par.Variants[0]
	if v.SKU != "SS-OLDPRODUCT00001" || v.PriceCents != 4999 || v.StockQuantity != 7 || !v.IsActive || len(v.OptionValues) != 0 {
		t.Fatalf("default variant: %+v", v)
	}
	mixer, err := shop.GetProduct(app, "oldproduct00002")
	if err != nil || mixer.IsActive || mixer.PriceCents != 120000 || mixer.StockQuantity != 0 || mixer.InStock || len(mixer.Variants) != 1 {
		t.Fatalf("inactive old product: %+v %v", mixer, err)
	}

	cart, err := shop.GetCart(app, shop.CartOwner{UserID: user.ID()})
	if err != nil || len(cart.Items) != 1 || cart.Items[0].VariantID != v.ID || cart.Items[0].SKU != v.SKU ||
		cart.Items[0].Quantity != 2 || cart.Items[0].AvailableStock != 7 || int64(cart.TotalPrice) != 9998 {
		t.Fatalf("old cart: %+v %v", cart, err)
	}
	order, err := shop.GetOrder(app, "oldorder0000001")
	if err != nil || len(order.Items) != 2 || order.Items[0].VariantID != v.ID || order.Items[0].SKU != v.SKU ||
		order.Items[0].ProductName["en"] != "Par Can" || int64(order.Items[0].UnitPrice) != 4999 ||
		order.Items[1].VariantID != "" || order.Items[1].ProductName["en"] != "Gone Gobo" || int64(order.TotalAmount) != 9998 {
		t.Fatalf("old order: %+v %v", order, err)
	}
	var alertVariant string
	if err := app.DB().Select("variant").From("stock_alerts").Where(dbx.HashExp{"id": "oldalert0000001"}).Row(&alertVariant); err != nil ||
		alertVariant != mixer.Variants[0].ID {
		t.Fatalf("old alert's variant %q (want %q): %v", alertVariant, mixer.Variants[0].ID, err)
	}

	// The old order still cancels (its units go back to the variant) and the
	// old cart still becomes an order.
	if _, err := shop.UpdateOrderStatus(app, "oldorder0000001", shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
		t.Fatalf("cancel the old order: %v", err)
	}
	if got := testapp.Stock(t, app, "oldproduct00001"); got != 9 {
		t.Fatalf("stock after cancelling the old order %d, want 9", got)
	}
	in := shop.OrderInput{ShippingMethod: "standard", UseShippingForBilling: true, Shipping: shop.ShippingInfo{
		PostalAddress: shop.PostalAddress{FirstName: "Ada", LastName: "Lovelace", Address: "1 Main St", City: "Austin",
			State: "TX", ZipCode: "73301", Country: "US"}, Phone: "+1 512 555 0100", Email: "ada@example.com"}}
	placed, err := shop.PlaceOrder(app, user.ID(), in)
	if err != nil || len(placed.Items) != 1 || placed.Items[0].SKU != v.SKU || !strings.HasPrefix(placed.OrderNumber, "ORD-") {
		t.Fatalf("ordering the old cart: %+v %v", placed, err)
	}
	if got := testapp.Stock(t, app, "oldproduct00001"); got != 7 {
		t.Fatalf("stock after ordering %d, want 7", got)
	}
}
