package migrations

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// oldMigrations are the development migrations the init folds, in order.
// A data dir made before the fold (an earlier `make run`) has them in its
// _migrations table, and all of them together made exactly the init's
// schema (TestSchemaGolden's record was compared once, line by line).
var oldMigrations = []any{
	"1763800001_users_profile.go", "1763800002_products.go", "1763800003_carts.go", "1763800004_orders.go",
	"1763800005_contact_requests.go", "1763800006_refresh_tokens.go", "1763800100_rate_limits.go",
	"1763800200_product_sort_indexes.go", "1763800300_refresh_grace.go", "1763800301_auth_rate_limits.go",
	"1763800302_search_text_size.go", "1763800303_guest_cart_limit.go", "1763800400_emails.go",
	"1763800401_users_language.go", "1763800402_mail_settings.go", "1763800403_contact_replies.go",
	"1763800404_password_resets.go", "1763800500_orders_shipping.go", "1763800501_stock_alerts.go",
	"1763800600_live_rules.go", "1763800700_admin_overview.go", "1763800701_overview_order_ids.go",
	"1763800800_overview_rollup.go", "1763800900_email_views.go", "1763801000_redact_reset_emails.go",
	"1763801001_emails_indexes.go", "1763801002_max_unpaid_orders.go", "1763801003_order_rate_limits.go",
	"1763801100_live_products_realtime.go", "1763801300_search_changes.go", "1763801500_payments.go",
	"1763801501_overview_paid_revenue.go", "1763801600_tax_rates.go", "1763801601_order_tax.go",
	"1763801602_business_customers.go", "1763801603_invoices.go", "1763801604_overview_tax.go",
	"1763801700_product_variants.go", "1763801701_lines_per_variant.go", "1763801702_overview_variants.go",
	"1763801703_search_variants.go", "1763801800_addresses.go", "1763801900_store_details.go",
	"1763801901_pages.go", "1763801902_bank_details_text.go", "1763801903_order_method_name.go",
	"1763801930_shipping_zones.go", "1763801931_fulfilment.go", "1763801960_categories.go",
	"1763801961_newest_in_stock_first.go",
}

// adoptOldMigrations reports whether app's database was made by the old
// migrations. When it ran every one of them, it already has the init's
// schema and keeps its data: their rows leave _migrations, and the
// runner records the init as applied instead. A database that ran only
// some (made before the last of them landed) cannot be brought up to
// date any more: that is an error that says what to do.
func adoptOldMigrations(app core.App) (bool, error) {
	var applied []string
	err := app.DB().Select("file").From(core.DefaultMigrationsTable).
		Where(dbx.In("file", oldMigrations...)).Column(&applied)
	if err != nil || len(applied) == 0 {
		return false, err
	}
	if len(applied) < len(oldMigrations) {
		return false, fmt.Errorf("this data dir was made by an older StageShop (%d of the %d migrations the schema was folded from); "+
			"it cannot be migrated: move it away or delete it (`make clean`), then `make run` makes a new one",
			len(applied), len(oldMigrations))
	}
	_, err = app.DB().Delete(core.DefaultMigrationsTable, dbx.In("file", oldMigrations...)).Execute()
	return err == nil, err
}
