package cart

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/account"
	"stageshop/shop/catalog"
	"stageshop/shop/field"
	"stageshop/shop/hire"
	"stageshop/shop/money"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// Collections of the cart.
const (
	Collection      = "carts"
	ItemsCollection = "cart_items"
)

// MaxLineQuantity bounds one cart line however large the stock is; it keeps
// totals far from overflow.
const MaxLineQuantity = 1_000_000

// sessionIDPattern is the shape of a guest cart session id.
var sessionIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,128}$`)

// ValidSessionID reports whether s is a well-formed guest cart session id:
// 8-128 characters of [A-Za-z0-9_-].
func ValidSessionID(s string) bool { return sessionIDPattern.MatchString(s) }

// Owner names whose cart an operation is about: a signed-in user (by
// record id) or else a guest session id.
type Owner struct {
	UserID    string
	SessionID string
}

// check returns an error unless the owner names exactly one valid cart.
func (o Owner) check() error {
	switch {
	case o.UserID != "":
		return nil
	case o.SessionID == "":
		return ErrSessionRequired
	case !ValidSessionID(o.SessionID):
		return ErrBadSessionID
	}
	return nil
}

// Cart is the cart object of the contract; TaxEstimate only when the
// request gave an address (GetCartEstimate).
//
// Discounts are the promotions that apply (the live automatic ones and
// the cart's code) and DiscountAmount what they take off the lines;
// TotalPrice stays the lines' sum and DiscountedPrice (an extra beside the
// contract) is that sum less DiscountAmount, so the app shows the discounted
// figure without computing one. PromoCode is the code the cart carries
// ("" none) and PromoIssue why it gives nothing now (it did when it was
// applied: the cart or the promotion changed since).
type Cart struct {
	ID              string            `json:"id"`
	Items           []Item            `json:"items"`
	TotalPrice      wire.Amount       `json:"totalPrice"`
	TotalItems      int               `json:"totalItems"`
	Discounts       []wire.Discount   `json:"discounts"`
	DiscountAmount  wire.Amount       `json:"discountAmount"`
	DiscountedPrice wire.Amount       `json:"discountedPrice"`
	PromoCode       string            `json:"promoCode"`
	PromoIssue      *wire.PromoIssue  `json:"promoIssue,omitempty"`
	TaxEstimate     *wire.TaxEstimate `json:"taxEstimate,omitempty"`
}

// Item is one cart line: a variant of a product with its current
// price and stock. VariantLabel is the English label of its option values
// ("10 m, Black"; "" without options), VariantLabelLocalized every
// language's.
type Item struct {
	ID                    string         `json:"id"`
	ProductID             string         `json:"productId"`
	VariantID             string         `json:"variantId"`
	SKU                   string         `json:"sku"`
	ProductName           wire.Localized `json:"productName"`
	VariantLabel          string         `json:"variantLabel"`
	VariantLabelLocalized wire.Localized `json:"variantLabelLocalized"`
	ImageFileName         string         `json:"imageFileName"`
	UnitPrice             wire.Amount    `json:"unitPrice"`
	Quantity              int            `json:"quantity"`
	TotalPrice            wire.Amount    `json:"totalPrice"`
	AvailableStock        int            `json:"availableStock"`
	// DiscountAmount is the line's share of the cart's discountAmount.
	DiscountAmount wire.Amount `json:"discountAmount"`
	// Hire and Deposit are a hire line's (hire.go): its dates, days and
	// unit price, and the product's deposit × quantity.
	Hire    *wire.CartHire `json:"hire,omitempty"`
	Deposit wire.Amount    `json:"deposit,omitempty"`

	// What checkout needs of the line and the answer does not show: its
	// product and variant are on sale, its tax class, the weight of one
	// unit and whether it ships by freight only; its product's category
	// (for promotions on categories).
	CategoryID  string `json:"-"`
	Active      bool   `json:"-"`
	TaxClass    string `json:"-"`
	WeightGrams int64  `json:"-"`
	FreightOnly bool   `json:"-"`
	// hireChecked is a hire line as priced (hire.CheckLine), for the
	// order's booking in the same transaction.
	hireChecked *hire.Checked
}

// Summary is the short form of a cart.
type Summary struct {
	TotalItems int         `json:"totalItems"`
	TotalPrice wire.Amount `json:"totalPrice"`
}

// emptyCart is the cart of someone who has none yet.
func emptyCart() *Cart { return &Cart{Items: []Item{}, Discounts: []wire.Discount{}} }

// Find returns the owner's cart record, or nil when there is none.
func Find(app core.App, owner Owner) (*core.Record, error) {
	rec := &core.Record{}
	err := cartQuery(app, owner).One(rec)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// cartQuery selects the owner's cart. The unique indexes on carts are
// partial (only non-empty values); the query repeats their condition so
// SQLite can use them instead of scanning every cart.
func cartQuery(app core.App, owner Owner) *dbx.SelectQuery {
	column, value := "user", owner.UserID
	if value == "" {
		column, value = "sessionId", owner.SessionID
	}
	return app.RecordQuery(Collection).
		AndWhere(dbx.HashExp{column: value}).
		AndWhere(dbx.NewExp("[[" + column + "]] != ''")).
		Limit(1)
}

// findOrCreateCart returns the owner's cart record, creating it if needed.
// Call it inside a transaction so two first adds cannot race.
func findOrCreateCart(txApp core.App, owner Owner) (*core.Record, error) {
	rec, err := Find(txApp, owner)
	if err != nil || rec != nil {
		return rec, err
	}
	col, err := txApp.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return nil, err
	}
	rec = core.NewRecord(col)
	if owner.UserID != "" {
		rec.Set("user", owner.UserID)
	} else {
		rec.Set("sessionId", owner.SessionID)
	}
	if err := txApp.Save(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// cartLineRow is one row of the cart lines query: a line joined with its
// variant and product.
type cartLineRow struct {
	ID            string        `db:"id"`
	Quantity      float64       `db:"quantity"`
	ProductID     string        `db:"productId"`
	Name          string        `db:"name"`
	NameLocalized types.JSONRaw `db:"nameLocalized"`
	Images        types.JSONRaw `db:"imageFileNames"`
	Options       types.JSONRaw `db:"options"`
	VariantID     string        `db:"variantId"`
	SKU           string        `db:"sku"`
	OptionValues  types.JSONRaw `db:"optionValues"`
	VariantImages types.JSONRaw `db:"variantImages"`
	PriceCents    float64       `db:"priceCents"`
	Stock         float64       `db:"stockQuantity"`
	IsActive      bool          `db:"isActive"`
	TaxClass      string        `db:"taxClass"`
	WeightGrams   float64       `db:"weightGrams"`
	FreightOnly   bool          `db:"freightOnly"`
	CategoryID    string        `db:"categoryId"`
	HireStart     string        `db:"hireStart"`
	HireEnd       string        `db:"hireEnd"`
}

// lineColumns are a cart line's product and variant columns (cartLineRow),
// for the cart's lines and for lines given by reference.
const lineColumns = `p.id AS productId,
		       p.name AS name, p.nameLocalized AS nameLocalized,
		       p.imageFileNames AS imageFileNames, p.options AS options, p.taxClass AS taxClass,
		       p.weightGrams AS weightGrams, p.freightOnly AS freightOnly, p.categoryId AS categoryId,
		       v.id AS variantId, v.sku AS sku, v.optionValues AS optionValues,
		       v.imageFileNames AS variantImages, v.priceCents AS priceCents,
		       v.stockQuantity AS stockQuantity, (p.isActive AND v.isActive) AS isActive`

// Lines reads every line of a cart with its variant and product in one
// query.
func Lines(app core.App, cartID string) ([]Item, error) {
	var rows []cartLineRow
	err := app.DB().NewQuery(`
		SELECT ci.id AS id, ci.quantity AS quantity, ci.hireStart AS hireStart, ci.hireEnd AS hireEnd, ` + lineColumns + `
		FROM cart_items ci
		JOIN products p ON p.id = ci.product
		JOIN product_variants v ON v.id = ci.variant
		WHERE ci.cart = {:cart}
		ORDER BY ci.created ASC, ci.rowid ASC`).
		Bind(dbx.Params{"cart": cartID}).All(&rows)
	if err != nil {
		return nil, err
	}
	items := make([]Item, 0, len(rows))
	dates := make([][2]string, 0, len(rows))
	for _, r := range rows {
		items = append(items, r.item())
		dates = append(dates, [2]string{r.HireStart, r.HireEnd})
	}
	priceHireLines(app, items, dates)
	return items, nil
}

// item is the cart line of a row.
func (r cartLineRow) item() Item {
	qty := int(math.Round(r.Quantity))
	price := int64(math.Round(r.PriceCents))
	stock := int(math.Round(r.Stock))
	if !r.IsActive {
		// An inactive product or variant cannot be bought: no stock to offer.
		stock = 0
	}
	label := catalog.VariantLabel(catalog.ParseOptions(r.Options), field.StringList(r.OptionValues))
	image := firstImage(r.VariantImages)
	if image == "" {
		image = firstImage(r.Images)
	}
	return Item{
		ID:                    r.ID,
		ProductID:             r.ProductID,
		VariantID:             r.VariantID,
		SKU:                   r.SKU,
		ProductName:           productName(r.Name, r.NameLocalized),
		VariantLabel:          label.Get("en", ""),
		VariantLabelLocalized: label,
		ImageFileName:         image,
		UnitPrice:             wire.Amount(price),
		Quantity:              qty,
		TotalPrice:            wire.Amount(price * int64(qty)),
		AvailableStock:        stock,
		Active:                r.IsActive,
		TaxClass:              tax.ClassOf(r.TaxClass),
		WeightGrams:           int64(math.Round(r.WeightGrams)),
		FreightOnly:           r.FreightOnly,
		CategoryID:            r.CategoryID,
	}
}

// productName is a product's localized name with the plain name as English
// fallback.
func productName(name string, localized []byte) wire.Localized {
	l, _ := field.ParseLocalizedJSON(localized)
	if l["en"] == "" && name != "" {
		l["en"] = name
	}
	return l
}

// firstImage is the first of a stored list of image file names, or "".
func firstImage(raw []byte) string {
	names, ok := catalog.ImageNames(field.JSONValue(types.JSONRaw(raw)))
	if !ok || len(names) == 0 {
		return ""
	}
	return names[0]
}

// loadCart reads the owner's cart: one query for the cart, one for its lines.
func loadCart(app core.App, owner Owner) (*Cart, error) {
	rec, err := Find(app, owner)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return emptyCart(), nil
	}
	return cartOfRecord(app, rec)
}

// cartOf reads the cart with id cartID: its lines, their totals and
// discounts.
func cartOf(app core.App, cartID string) (*Cart, error) {
	rec, err := app.FindRecordById(Collection, cartID)
	if err != nil {
		return nil, err
	}
	return cartOfRecord(app, rec)
}

// cartOfRecord is cartOf for a cart record already read.
func cartOfRecord(app core.App, rec *core.Record) (*Cart, error) {
	items, err := Lines(app, rec.Id)
	if err != nil {
		return nil, err
	}
	cart := &Cart{ID: rec.Id, Items: items, PromoCode: rec.GetString("promoCode")}
	for _, it := range items {
		cart.TotalItems += it.Quantity
		cart.TotalPrice += it.TotalPrice
	}
	return cart, discountCart(app, cart, rec.GetString("user"))
}

// Get returns the owner's cart with current prices and stock, or the
// empty cart when the owner has none.
func Get(app core.App, owner Owner) (*Cart, error) {
	if err := owner.check(); err != nil {
		return nil, err
	}
	return loadCart(app, owner)
}

// GetSummary returns the owner's item count and total.
func GetSummary(app core.App, owner Owner) (*Summary, error) {
	cart, err := Get(app, owner)
	if err != nil {
		return nil, err
	}
	return &Summary{TotalItems: cart.TotalItems, TotalPrice: cart.TotalPrice}, nil
}

// ItemInput is the body of an add to cart. Quantity is raw, so that
// 2, 2.0 and 2e0 are all two, and anything else is reported against it.
type ItemInput struct {
	ProductID string          `json:"productId"`
	VariantID string          `json:"variantId"`
	Quantity  json.RawMessage `json:"quantity"`
	// Hire, when sent, makes the line a hire on those dates (hire.go).
	Hire *HireDates `json:"hire"`
}

// Validate checks that a product and a whole quantity from 1 to
// MaxStockQuantity were sent (the line's own cap comes after).
func (in ItemInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.ProductID, field.Required("This field is required")),
		validation.Field(&in.Quantity, wholeMember(1, catalog.MaxStockQuantity)),
	)
}

// Count is the validated quantity.
func (in ItemInput) Count() int { return rawCount(in.Quantity) }

// QuantityInput is the body of a cart line's change.
type QuantityInput struct {
	Quantity json.RawMessage `json:"quantity"`
}

// Validate checks that a whole quantity from 1 to MaxStockQuantity was sent.
func (in QuantityInput) Validate() error {
	return validation.ValidateStruct(&in, validation.Field(&in.Quantity, wholeMember(1, catalog.MaxStockQuantity)))
}

// Count is the validated quantity.
func (in QuantityInput) Count() int { return rawCount(in.Quantity) }

func rawCount(raw json.RawMessage) int {
	n, _ := money.ParseWhole(strings.TrimSpace(string(raw)))
	return int(n)
}

// wholeMember accepts a JSON number that is a whole number in [lo, hi]; a
// missing member is required.
func wholeMember(lo, hi int64) validation.Rule {
	return validation.By(func(v any) error {
		raw, _ := v.(json.RawMessage)
		if !field.Present(raw) {
			return validation.NewError("validation_required", "This field is required")
		}
		if n, whole := money.ParseWhole(strings.TrimSpace(string(raw))); !whole || n < lo || n > hi {
			return validation.NewError("validation_whole", fmt.Sprintf("Must be a whole number from %d to %d", lo, hi))
		}
		return nil
	})
}

// lineQuantity is a line's quantity as the cart functions get it.
type lineQuantity struct {
	Quantity int `json:"quantity"`
}

// Validate checks the quantity against one line's cap.
func (q lineQuantity) Validate() error {
	return validation.ValidateStruct(&q, validation.Field(&q.Quantity, validation.By(func(any) error {
		if q.Quantity < 1 || q.Quantity > MaxLineQuantity {
			return validation.NewError("validation_quantity", "Quantity must be a whole number from 1 to 1000000")
		}
		return nil
	})))
}

// checkQuantity validates a requested line quantity.
func checkQuantity(qty int) error { return lineQuantity{Quantity: qty}.Validate() }

// Variant is what a cart change needs of a variant: its id, its
// product's and its stock.
type Variant struct {
	ID        string  `db:"id"`
	ProductID string  `db:"product"`
	Stock     float64 `db:"stockQuantity"` // a whole number, stored as SQLite's NUMERIC
}

// ActiveVariant finds a variant that may be put into a cart: an active
// variant of an active product; one narrow row. variantID "" is the
// product's only active variant (ErrVariantRequired when it has several).
// An unknown or inactive product is ErrProductNotFound, a variant that
// is not the product's or not for sale ErrVariantNotFound.
func ActiveVariant(app core.App, productID, variantID string) (*Variant, error) {
	if productID == "" {
		return nil, ErrProductNotFound
	}
	var found []Variant
	q := app.DB().Select("v.id AS id", "v.product AS product", "v.stockQuantity AS stockQuantity").
		From(catalog.VariantsCollection+" v").InnerJoin(catalog.ProductsCollection+" p", dbx.NewExp("p.id = v.product")).
		Where(dbx.HashExp{"v.product": productID, "p.isActive": true, "v.isActive": true}).Limit(2)
	if variantID != "" {
		q = q.AndWhere(dbx.HashExp{"v.id": variantID})
	}
	if err := q.All(&found); err != nil {
		return nil, err
	}
	switch {
	case len(found) == 1:
		return &found[0], nil
	case len(found) > 1:
		return nil, ErrVariantRequired
	case variantID != "" && productBuyable(app, productID):
		return nil, catalog.ErrVariantNotFound
	}
	return nil, ErrProductNotFound
}

// productBuyable reports whether the product exists and is active.
func productBuyable(app core.App, productID string) bool {
	var n int
	err := app.DB().Select("COUNT(*)").From(catalog.ProductsCollection).
		Where(dbx.HashExp{"id": productID, "isActive": true}).Row(&n)
	return err == nil && n > 0
}

// Add puts qty of a product's variant into the owner's cart, raising
// the line if the variant is there already. variantID may be "" for a
// product with one variant (ErrVariantRequired otherwise). The line never
// exceeds the variant's stock (*StockError); unknown and inactive products
// are ErrProductNotFound, unknown and inactive variants
// ErrVariantNotFound.
func Add(app core.App, owner Owner, productID, variantID string, qty int) (*Cart, error) {
	return changeCart(app, owner, atLeastOne(qty), func(txApp core.App) (string, error) {
		variant, err := ActiveVariant(txApp, productID, variantID)
		if err != nil {
			return "", err
		}
		if HireOnly(txApp, productID) {
			return "", ErrHireDatesRequired
		}
		rec, err := findOrCreateCart(txApp, owner)
		if err != nil {
			return "", err
		}
		line, err := txApp.FindFirstRecordByFilter(ItemsCollection,
			"cart = {:cart} && variant = {:variant} && hireStart = ''", dbx.Params{"cart": rec.Id, "variant": variant.ID})
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return "", err
		}
		if line == nil {
			line, err = newCartLine(txApp, rec.Id, variant)
			if err != nil {
				return "", err
			}
		}
		total := line.GetInt("quantity") + qty
		if err := checkLineLimit(txApp, owner, variant, total); err != nil {
			return "", err
		}
		return rec.Id, setLineQuantity(txApp, line, variant, total)
	})
}

// CheckLinesLimit refuses to check out a line above the units per line (one
// made before the owner lowered the setting, or grown by a merge of
// carts) with the same *LineLimitError as the cart; admins may, and a line
// above its stock is left to the stock check.
func CheckLinesLimit(txApp core.App, owner Owner, lines []Item) error {
	for _, l := range lines {
		v := &Variant{ID: l.VariantID, ProductID: l.ProductID, Stock: float64(l.AvailableStock)}
		if err := checkLineLimit(txApp, owner, v, l.Quantity); err != nil {
			return err
		}
	}
	return nil
}

// checkLineLimit refuses qty above the shop's units per line, except for
// admins, who may take larger orders (issue 43: one bank-transfer order
// took every unit of three products). Above the variant's stock the stock
// answers instead (insufficient_stock says what is left).
func checkLineLimit(txApp core.App, owner Owner, variant *Variant, qty int) error {
	if qty > int(math.Round(variant.Stock)) {
		return nil
	}
	limit, err := unitsPerLine(txApp)
	if err != nil || qty <= limit {
		return err
	}
	if owner.UserID != "" {
		if u, err := txApp.FindRecordById(account.UsersCollection, owner.UserID); err == nil && slices.Contains(account.UserRoles(u), account.RoleAdmin) {
			return nil
		}
	}
	return &LineLimitError{Limit: limit}
}

// DefaultUnitsPerLine is how many units of one variant a customer may put
// on one line until the owner changes it (issue 43: one order took every
// unit of three products); MaxUnitsPerLine bounds the setting.
const (
	DefaultUnitsPerLine = 20
	MaxUnitsPerLine     = 10000
)

// unitsPerLine is the payment setting maxUnitsPerLine (read by the table's
// name: the settings record is shop's, which uses the cart), or
// DefaultUnitsPerLine when it is not set.
func unitsPerLine(app core.App) (int, error) {
	var n []float64
	err := app.DB().Select("maxUnitsPerLine").From("payment_settings").OrderBy("created ASC").Limit(1).Column(&n)
	if err != nil || len(n) == 0 || int(n[0]) == 0 {
		return DefaultUnitsPerLine, err
	}
	return int(n[0]), nil
}

// newCartLine is a new (unsaved) line of cart cartID for variant v.
func newCartLine(txApp core.App, cartID string, v *Variant) (*core.Record, error) {
	col, err := txApp.FindCachedCollectionByNameOrId(ItemsCollection)
	if err != nil {
		return nil, err
	}
	line := core.NewRecord(col)
	line.Set("cart", cartID)
	line.Set("product", v.ProductID)
	line.Set("variant", v.ID)
	return line, nil
}

// atLeastOne is the error of a requested quantity below one, else nil (the
// upper bound depends on the line and is checked with it).
func atLeastOne(qty int) error {
	if qty < 1 {
		return checkQuantity(qty)
	}
	return nil
}

// changeCart checks the owner, then the request (invalid: a non-nil error),
// runs change in a transaction and answers the cart change says it changed,
// read after the commit (cartAfter).
func changeCart(app core.App, owner Owner, invalid error, change func(txApp core.App) (cartID string, err error)) (*Cart, error) {
	if err := owner.check(); err != nil {
		return nil, err
	}
	if invalid != nil {
		return nil, invalid
	}
	var cartID string
	err := db.Write(app, func(txApp core.App) error {
		var err error
		cartID, err = change(txApp)
		return err
	})
	return cartAfter(app, owner, cartID, err)
}

// setLineQuantity saves a cart line's quantity, never above the variant's
// stock (*StockError).
func setLineQuantity(txApp core.App, line *core.Record, variant *Variant, qty int) error {
	if stock := int(math.Round(variant.Stock)); qty > stock {
		return &StockError{ProductID: variant.ProductID, VariantID: variant.ID, Available: stock}
	}
	if err := checkQuantity(qty); err != nil {
		return err
	}
	line.Set("quantity", qty)
	// Checked above; the line's cart, product and variant are records this
	// transaction read, so PocketBase's relation look-ups would only repeat
	// those reads on the one writer connection.
	return txApp.SaveNoValidate(line)
}

// cartAfter is the owner's cart after a change to the cart cartID that
// ended with err. It is read after the commit: the write lock is held no
// longer than the change needs. The change left lines in that cart; when it
// has none, it went away meanwhile (cleared or ordered from another tab) or
// the change removed the last line, and the owner's cart is read afresh.
func cartAfter(app core.App, owner Owner, cartID string, err error) (*Cart, error) {
	if err != nil {
		return nil, err
	}
	cart, err := cartOf(app, cartID)
	if errors.Is(err, sql.ErrNoRows) {
		return loadCart(app, owner) // it went away meanwhile
	}
	if err != nil || len(cart.Items) > 0 {
		return cart, err
	}
	return loadCart(app, owner)
}

// ownLine finds a line of the owner's cart; any other id is
// ErrItemNotFound.
func ownLine(txApp core.App, owner Owner, itemID string) (*core.Record, error) {
	rec, err := Find(txApp, owner)
	if err != nil {
		return nil, err
	}
	if rec == nil || itemID == "" {
		return nil, ErrItemNotFound
	}
	line, err := txApp.FindFirstRecordByFilter(ItemsCollection,
		"id = {:id} && cart = {:cart}", dbx.Params{"id": itemID, "cart": rec.Id})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrItemNotFound
	}
	return line, err
}

// UpdateItem sets the quantity of a line of the owner's cart, never above
// the variant's stock (*StockError); a line of a product or variant taken
// off sale is ErrProductNotFound or ErrVariantNotFound, as adding it
// would be.
func UpdateItem(app core.App, owner Owner, itemID string, qty int) (*Cart, error) {
	return changeCart(app, owner, atLeastOne(qty), func(txApp core.App) (string, error) {
		line, err := ownLine(txApp, owner, itemID)
		if err != nil {
			return "", err
		}
		variant, err := ActiveVariant(txApp, line.GetString("product"), line.GetString("variant"))
		if err != nil {
			return "", err
		}
		if line.GetString("hireStart") != "" {
			return line.GetString("cart"), setHireQuantity(txApp, owner, line, variant, qty)
		}
		if err := checkLineLimit(txApp, owner, variant, qty); err != nil {
			return "", err
		}
		return line.GetString("cart"), setLineQuantity(txApp, line, variant, qty)
	})
}

// RemoveItem deletes a line of the owner's cart.
func RemoveItem(app core.App, owner Owner, itemID string) (*Cart, error) {
	return changeCart(app, owner, nil, func(txApp core.App) (string, error) {
		line, err := ownLine(txApp, owner, itemID)
		if err != nil {
			return "", err
		}
		return line.GetString("cart"), txApp.Delete(line)
	})
}

// Clear removes the owner's cart and all its lines. Clearing a cart that
// does not exist is not an error.
func Clear(app core.App, owner Owner) error {
	if err := owner.check(); err != nil {
		return err
	}
	return db.Write(app, func(txApp core.App) error {
		return deleteCart(txApp, owner)
	})
}

// deleteCart deletes the owner's cart and its lines.
func deleteCart(txApp core.App, owner Owner) error {
	rec, err := Find(txApp, owner)
	if err != nil || rec == nil {
		return err
	}
	return Drop(txApp, rec.Id)
}

// Drop deletes the cart cartID and its lines with two plain deletes.
// A record delete would read the lines back and delete them one by one (a
// cascade on the one writer connection, in every order); carts have no
// hooks, files or public realtime, so nothing misses their record events.
func Drop(txApp core.App, cartID string) error {
	if _, err := txApp.DB().Delete(ItemsCollection, dbx.HashExp{"cart": cartID}).Execute(); err != nil {
		return err
	}
	_, err := txApp.DB().Delete(Collection, dbx.HashExp{"id": cartID}).Execute()
	return err
}
