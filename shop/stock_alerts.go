package shop

import (
	"database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/cart"
	"stageshop/shop/catalog"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// stockAlertsCollection holds the back-in-stock alerts.
const stockAlertsCollection = "stock_alerts"

// Statuses of a stock alert.
const (
	AlertOpen = "open"
	alertSent = "sent"
)

// ErrInStock: an alert for a variant that can be bought now.
var ErrInStock = wire.Conflict("in_stock", "This product is in stock: it can be bought now")

// AlertInput is a request to be told when a product is back: the address
// (the account's when signed in) and the language to write in.
type AlertInput struct {
	Email     string `json:"email"`
	Language  string `json:"language"`
	VariantID string `json:"variantId"` // the sold-out variant ("" for a product with one)
	UserID    string `json:"-"`
}

// Validate checks the e-mail address; errors are keyed "email".
func (in AlertInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Email, validation.Required.Error("Please enter your e-mail address"),
			validation.RuneLength(0, 254), field.EmailFormat))
}

// SubscribeStockAlert records that in.Email waits for a sold-out variant of
// a product (variantID "" for a product with one active variant,
// cart.ErrVariantRequired otherwise). created is false when the same address
// already waits (one alert). An unknown or inactive product is
// ErrProductNotFound, a variant that is not the product's or not for sale
// ErrVariantNotFound; one in stock ErrInStock.
func SubscribeStockAlert(app core.App, productID, variantID string, in AlertInput) (created bool, err error) {
	in.Email = field.NormalizeEmail(in.Email)
	if err := in.Validate(); err != nil {
		return false, err
	}
	if !locale.IsLanguage(in.Language) {
		in.Language = "en"
	}
	err = db.Write(app, func(txApp core.App) error {
		created = false // a busy retry starts again
		variant, err := cart.ActiveVariant(txApp, productID, variantID)
		if errors.Is(err, cart.ErrProductNotFound) {
			return catalog.ErrProductNotFound
		}
		if err != nil {
			return err
		}
		if variant.Stock > 0 {
			return ErrInStock
		}
		n, err := txApp.CountRecords(stockAlertsCollection, dbx.HashExp{"variant": variant.ID, "email": in.Email, "status": AlertOpen})
		if err != nil || n > 0 {
			return err
		}
		col, err := txApp.FindCachedCollectionByNameOrId(stockAlertsCollection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set("product", variant.ProductID)
		rec.Set("variant", variant.ID)
		rec.Set("email", in.Email)
		rec.Set("language", in.Language)
		rec.Set("user", in.UserID)
		rec.Set("status", AlertOpen)
		created = true
		return txApp.Save(rec)
	})
	return created, err
}

// notifyBackInStock queues one back-in-stock e-mail per open alert of an
// active variant of an active product through the outbox and closes the
// alerts, in txApp's transaction. Call it whenever the variant's stock went
// from 0 to more.
func notifyBackInStock(txApp core.App, variantID string) error {
	v, err := catalog.GetVariant(txApp, variantID)
	if errors.Is(err, catalog.ErrVariantNotFound) {
		return nil
	}
	if err != nil || !v.IsActive {
		return err
	}
	product, err := txApp.FindRecordById(catalog.ProductsCollection, v.ProductID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil || !product.GetBool("isActive") {
		return err
	}
	alerts, err := txApp.FindAllRecords(stockAlertsCollection, dbx.HashExp{"variant": variantID, "status": AlertOpen})
	if err != nil || len(alerts) == 0 {
		return err
	}
	info := mail.ProductFromRecord(product)
	info.VariantID, info.SKU, info.Price = v.ID, v.SKU, v.PriceCents
	info.Label = mail.Text(catalog.VariantLabel(catalog.ParseOptions(field.RawJSON(product.Get("options"))), v.OptionValues))
	now := time.Now().UTC()
	for _, a := range alerts {
		if err := mail.QueueBackInStock(txApp, a.GetString("email"), a.GetString("language"), info); err != nil {
			return err
		}
		a.Set("status", alertSent)
		a.Set("notifiedAt", now)
		if err := txApp.Save(a); err != nil {
			return err
		}
	}
	return nil
}

// VariantRestockHook is the product_variants OnRecordUpdate hook: when a
// save (the admin's product form, the dashboard, Go code) takes a variant's
// stock from 0 to more, its waiting shoppers are told in the save's
// transaction. Stock moved by raw SQL (a cancelled order's restock) calls
// notifyBackInStock itself.
func VariantRestockHook(e *core.RecordEvent) error {
	return db.InHook(e, func(txApp core.App) error {
		stored, _, err := currentStock(txApp, e.Record.Id)
		if err != nil {
			return err
		}
		if err := e.Next(); err != nil {
			return err
		}
		if stored <= 0 && e.Record.GetInt("stockQuantity") > 0 {
			return notifyBackInStock(txApp, e.Record.Id)
		}
		return nil
	})
}

// WaitingAlerts counts the open alerts of each of the products (admins see
// how many shoppers wait).
func WaitingAlerts(app core.App, productIDs []string) (map[string]int, error) {
	out := make(map[string]int, len(productIDs))
	if len(productIDs) == 0 {
		return out, nil
	}
	ids := make([]any, len(productIDs))
	for i, id := range productIDs {
		ids[i] = id
	}
	var rows []struct {
		Product string `db:"product"`
		N       int    `db:"n"`
	}
	err := app.DB().Select("product", "COUNT(*) AS n").From(stockAlertsCollection).
		Where(dbx.HashExp{"status": AlertOpen}).AndWhere(dbx.In("product", ids...)).
		GroupBy("product").All(&rows)
	for _, r := range rows {
		out[r.Product] = r.N
	}
	return out, err
}

// LineVariantCollections are the collections whose records name a variant
// of a product: LineVariantHook keeps them right.
var LineVariantCollections = []string{cart.ItemsCollection, stockAlertsCollection}
