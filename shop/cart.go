package shop

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
	"stageshop/shop/money"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// Collections of the cart.
const (
	cartsCollection     = "carts"
	cartItemsCollection = "cart_items"
)

// maxLineQuantity bounds one cart line however large the stock is; it keeps
// totals far from overflow.
const maxLineQuantity = 1_000_000

// sessionIDPattern is the shape of a guest cart session id.
var sessionIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,128}$`)

// ValidSessionID reports whether s is a well-formed guest cart session id:
// 8-128 characters of [A-Za-z0-9_-].
func ValidSessionID(s string) bool { return sessionIDPattern.MatchString(s) }

// CartOwner names whose cart an operation is about: a signed-in user (by
// record id) or else a guest session id.
type CartOwner struct {
	UserID    string
	SessionID string
}

// check returns an error unless the owner names exactly one valid cart.
func (o CartOwner) check() error {
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
type Cart struct {
	ID          string       `json:"id"`
	Items       []CartItem   `json:"items"`
	TotalPrice  Amount       `json:"totalPrice"`
	TotalItems  int          `json:"totalItems"`
	TaxEstimate *TaxEstimate `json:"taxEstimate,omitempty"`
}

// CartItem is one cart line: a variant of a product with its current
// price and stock. VariantLabel is the English label of its option values
// ("10 m, Black"; "" without options), VariantLabelLocalized every
// language's.
type CartItem struct {
	ID                    string    `json:"id"`
	ProductID             string    `json:"productId"`
	VariantID             string    `json:"variantId"`
	SKU                   string    `json:"sku"`
	ProductName           Localized `json:"productName"`
	VariantLabel          string    `json:"variantLabel"`
	VariantLabelLocalized Localized `json:"variantLabelLocalized"`
	ImageFileName         string    `json:"imageFileName"`
	UnitPrice             Amount    `json:"unitPrice"`
	Quantity              int       `json:"quantity"`
	TotalPrice            Amount    `json:"totalPrice"`
	AvailableStock        int       `json:"availableStock"`

	active      bool
	taxClass    string
	weightGrams int64 // of one unit
	freightOnly bool
}

// CartSummary is the short form of a cart.
type CartSummary struct {
	TotalItems int    `json:"totalItems"`
	TotalPrice Amount `json:"totalPrice"`
}

// emptyCart is the cart of someone who has none yet.
func emptyCart() *Cart { return &Cart{Items: []CartItem{}} }

// findCart returns the owner's cart record, or nil when there is none.
func findCart(app core.App, owner CartOwner) (*core.Record, error) {
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
func cartQuery(app core.App, owner CartOwner) *dbx.SelectQuery {
	column, value := "user", owner.UserID
	if value == "" {
		column, value = "sessionId", owner.SessionID
	}
	return app.RecordQuery(cartsCollection).
		AndWhere(dbx.HashExp{column: value}).
		AndWhere(dbx.NewExp("[[" + column + "]] != ''")).
		Limit(1)
}

// findOrCreateCart returns the owner's cart record, creating it if needed.
// Call it inside a transaction so two first adds cannot race.
func findOrCreateCart(txApp core.App, owner CartOwner) (*core.Record, error) {
	rec, err := findCart(txApp, owner)
	if err != nil || rec != nil {
		return rec, err
	}
	col, err := txApp.FindCachedCollectionByNameOrId(cartsCollection)
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
}

// cartLines reads every line of a cart with its variant and product in one
// query.
func cartLines(app core.App, cartID string) ([]CartItem, error) {
	var rows []cartLineRow
	err := app.DB().NewQuery(`
		SELECT ci.id AS id, ci.quantity AS quantity, p.id AS productId,
		       p.name AS name, p.nameLocalized AS nameLocalized,
		       p.imageFileNames AS imageFileNames, p.options AS options, p.taxClass AS taxClass,
		       p.weightGrams AS weightGrams, p.freightOnly AS freightOnly,
		       v.id AS variantId, v.sku AS sku, v.optionValues AS optionValues,
		       v.imageFileNames AS variantImages, v.priceCents AS priceCents,
		       v.stockQuantity AS stockQuantity, (p.isActive AND v.isActive) AS isActive
		FROM cart_items ci
		JOIN products p ON p.id = ci.product
		JOIN product_variants v ON v.id = ci.variant
		WHERE ci.cart = {:cart}
		ORDER BY ci.created ASC, ci.rowid ASC`).
		Bind(dbx.Params{"cart": cartID}).All(&rows)
	if err != nil {
		return nil, err
	}
	items := make([]CartItem, 0, len(rows))
	for _, r := range rows {
		items = append(items, r.item())
	}
	return items, nil
}

// item is the cart line of a row.
func (r cartLineRow) item() CartItem {
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
	return CartItem{
		ID:                    r.ID,
		ProductID:             r.ProductID,
		VariantID:             r.VariantID,
		SKU:                   r.SKU,
		ProductName:           productName(r.Name, r.NameLocalized),
		VariantLabel:          label.Get("en", ""),
		VariantLabelLocalized: label,
		ImageFileName:         image,
		UnitPrice:             Amount(price),
		Quantity:              qty,
		TotalPrice:            Amount(price * int64(qty)),
		AvailableStock:        stock,
		active:                r.IsActive,
		taxClass:              tax.ClassOf(r.TaxClass),
		weightGrams:           int64(math.Round(r.WeightGrams)),
		freightOnly:           r.FreightOnly,
	}
}

// productName is a product's localized name with the plain name as English
// fallback.
func productName(name string, localized []byte) Localized {
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
func loadCart(app core.App, owner CartOwner) (*Cart, error) {
	rec, err := findCart(app, owner)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return emptyCart(), nil
	}
	return cartOf(app, rec.Id)
}

// cartOf reads the cart with id cartID: its lines and their totals.
func cartOf(app core.App, cartID string) (*Cart, error) {
	items, err := cartLines(app, cartID)
	if err != nil {
		return nil, err
	}
	cart := &Cart{ID: cartID, Items: items}
	for _, it := range items {
		cart.TotalItems += it.Quantity
		cart.TotalPrice += it.TotalPrice
	}
	return cart, nil
}

// GetCart returns the owner's cart with current prices and stock, or the
// empty cart when the owner has none.
func GetCart(app core.App, owner CartOwner) (*Cart, error) {
	if err := owner.check(); err != nil {
		return nil, err
	}
	return loadCart(app, owner)
}

// GetCartSummary returns the owner's item count and total.
func GetCartSummary(app core.App, owner CartOwner) (*CartSummary, error) {
	cart, err := GetCart(app, owner)
	if err != nil {
		return nil, err
	}
	return &CartSummary{TotalItems: cart.TotalItems, TotalPrice: cart.TotalPrice}, nil
}

// CartItemInput is the body of an add to cart. Quantity is raw, so that
// 2, 2.0 and 2e0 are all two, and anything else is reported against it.
type CartItemInput struct {
	ProductID string          `json:"productId"`
	VariantID string          `json:"variantId"`
	Quantity  json.RawMessage `json:"quantity"`
}

// Validate checks that a product and a whole quantity from 1 to
// MaxStockQuantity were sent (the line's own cap comes after).
func (in CartItemInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.ProductID, field.Required("This field is required")),
		validation.Field(&in.Quantity, wholeMember(1, catalog.MaxStockQuantity)),
	)
}

// Count is the validated quantity.
func (in CartItemInput) Count() int { return rawCount(in.Quantity) }

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
		if q.Quantity < 1 || q.Quantity > maxLineQuantity {
			return validation.NewError("validation_quantity", "Quantity must be a whole number from 1 to 1000000")
		}
		return nil
	})))
}

// checkQuantity validates a requested line quantity.
func checkQuantity(qty int) error { return lineQuantity{Quantity: qty}.Validate() }

// cartVariant is what a cart change needs of a variant: its id, its
// product's and its stock.
type cartVariant struct {
	ID        string  `db:"id"`
	ProductID string  `db:"product"`
	Stock     float64 `db:"stockQuantity"` // a whole number, stored as SQLite's NUMERIC
}

// activeVariant finds a variant that may be put into a cart: an active
// variant of an active product; one narrow row. variantID "" is the
// product's only active variant (ErrVariantRequired when it has several).
// An unknown or inactive product is ErrCartProductNotFound, a variant that
// is not the product's or not for sale ErrVariantNotFound.
func activeVariant(app core.App, productID, variantID string) (*cartVariant, error) {
	if productID == "" {
		return nil, ErrCartProductNotFound
	}
	var found []cartVariant
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
	return nil, ErrCartProductNotFound
}

// productBuyable reports whether the product exists and is active.
func productBuyable(app core.App, productID string) bool {
	var n int
	err := app.DB().Select("COUNT(*)").From(catalog.ProductsCollection).
		Where(dbx.HashExp{"id": productID, "isActive": true}).Row(&n)
	return err == nil && n > 0
}

// AddToCart puts qty of a product's variant into the owner's cart, raising
// the line if the variant is there already. variantID may be "" for a
// product with one variant (ErrVariantRequired otherwise). The line never
// exceeds the variant's stock (*StockError); unknown and inactive products
// are ErrCartProductNotFound, unknown and inactive variants
// ErrVariantNotFound.
func AddToCart(app core.App, owner CartOwner, productID, variantID string, qty int) (*Cart, error) {
	return changeCart(app, owner, atLeastOne(qty), func(txApp core.App) (string, error) {
		variant, err := activeVariant(txApp, productID, variantID)
		if err != nil {
			return "", err
		}
		rec, err := findOrCreateCart(txApp, owner)
		if err != nil {
			return "", err
		}
		line, err := txApp.FindFirstRecordByFilter(cartItemsCollection,
			"cart = {:cart} && variant = {:variant}", dbx.Params{"cart": rec.Id, "variant": variant.ID})
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

// LineLimitError refuses a line above the units one customer may put on a
// line (the payment setting maxUnitsPerLine): 409 line_limit with Limit.
type LineLimitError struct{ Limit int }

func (e *LineLimitError) Error() string {
	return fmt.Sprintf("At most %d units of one item per order: for more, please contact the shop", e.Limit)
}

// checkLineLimit refuses qty above the shop's units per line, except for
// admins, who may take larger orders (issue 43: one bank-transfer order
// took every unit of three products). Above the variant's stock the stock
// answers instead (insufficient_stock says what is left).
func checkLineLimit(txApp core.App, owner CartOwner, variant *cartVariant, qty int) error {
	if qty > int(math.Round(variant.Stock)) {
		return nil
	}
	s, err := LoadPaymentSettings(txApp)
	if err != nil || qty <= s.UnitsPerLine() {
		return err
	}
	if owner.UserID != "" {
		if u, err := txApp.FindRecordById(account.UsersCollection, owner.UserID); err == nil && slices.Contains(account.UserRoles(u), account.RoleAdmin) {
			return nil
		}
	}
	return &LineLimitError{Limit: s.UnitsPerLine()}
}

// newCartLine is a new (unsaved) line of cart cartID for variant v.
func newCartLine(txApp core.App, cartID string, v *cartVariant) (*core.Record, error) {
	col, err := txApp.FindCachedCollectionByNameOrId(cartItemsCollection)
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
func changeCart(app core.App, owner CartOwner, invalid error, change func(txApp core.App) (cartID string, err error)) (*Cart, error) {
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
func setLineQuantity(txApp core.App, line *core.Record, variant *cartVariant, qty int) error {
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
func cartAfter(app core.App, owner CartOwner, cartID string, err error) (*Cart, error) {
	if err != nil {
		return nil, err
	}
	cart, err := cartOf(app, cartID)
	if err != nil || len(cart.Items) > 0 {
		return cart, err
	}
	return loadCart(app, owner)
}

// ownLine finds a line of the owner's cart; any other id is
// ErrCartItemNotFound.
func ownLine(txApp core.App, owner CartOwner, itemID string) (*core.Record, error) {
	rec, err := findCart(txApp, owner)
	if err != nil {
		return nil, err
	}
	if rec == nil || itemID == "" {
		return nil, ErrCartItemNotFound
	}
	line, err := txApp.FindFirstRecordByFilter(cartItemsCollection,
		"id = {:id} && cart = {:cart}", dbx.Params{"id": itemID, "cart": rec.Id})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrCartItemNotFound
	}
	return line, err
}

// UpdateCartItem sets the quantity of a line of the owner's cart, never above
// the variant's stock (*StockError); a line of a product or variant taken
// off sale is ErrCartProductNotFound or ErrVariantNotFound, as adding it
// would be.
func UpdateCartItem(app core.App, owner CartOwner, itemID string, qty int) (*Cart, error) {
	return changeCart(app, owner, atLeastOne(qty), func(txApp core.App) (string, error) {
		line, err := ownLine(txApp, owner, itemID)
		if err != nil {
			return "", err
		}
		variant, err := activeVariant(txApp, line.GetString("product"), line.GetString("variant"))
		if err != nil {
			return "", err
		}
		if err := checkLineLimit(txApp, owner, variant, qty); err != nil {
			return "", err
		}
		return line.GetString("cart"), setLineQuantity(txApp, line, variant, qty)
	})
}

// RemoveCartItem deletes a line of the owner's cart.
func RemoveCartItem(app core.App, owner CartOwner, itemID string) (*Cart, error) {
	return changeCart(app, owner, nil, func(txApp core.App) (string, error) {
		line, err := ownLine(txApp, owner, itemID)
		if err != nil {
			return "", err
		}
		return line.GetString("cart"), txApp.Delete(line)
	})
}

// ClearCart removes the owner's cart and all its lines. Clearing a cart that
// does not exist is not an error.
func ClearCart(app core.App, owner CartOwner) error {
	if err := owner.check(); err != nil {
		return err
	}
	return db.Write(app, func(txApp core.App) error {
		return deleteCart(txApp, owner)
	})
}

// deleteCart deletes the owner's cart and its lines.
func deleteCart(txApp core.App, owner CartOwner) error {
	rec, err := findCart(txApp, owner)
	if err != nil || rec == nil {
		return err
	}
	return dropCart(txApp, rec.Id)
}

// dropCart deletes the cart cartID and its lines with two plain deletes.
// A record delete would read the lines back and delete them one by one (a
// cascade on the one writer connection, in every order); carts have no
// hooks, files or public realtime, so nothing misses their record events.
func dropCart(txApp core.App, cartID string) error {
	if _, err := txApp.DB().Delete(cartItemsCollection, dbx.HashExp{"cart": cartID}).Execute(); err != nil {
		return err
	}
	_, err := txApp.DB().Delete(cartsCollection, dbx.HashExp{"id": cartID}).Execute()
	return err
}

// MergeReport is an answer shape (shop/wire).
type MergeReport = wire.MergeReport

// MergeCapped is an answer shape (shop/wire).
type MergeCapped = wire.MergeCapped

// MergeDrop is an answer shape (shop/wire).
type MergeDrop = wire.MergeDrop

// Reasons a guest line is dropped by a merge.
const (
	dropInactive   = "inactive"
	dropOutOfStock = "out_of_stock"
)

// MergedCart is the merge answer: the user's cart and the report.
type MergedCart struct {
	*Cart
	MergeReport MergeReport `json:"mergeReport"`
}

// MergeCarts moves every line of the guest cart of sessionID into the user's
// cart, adding quantities per variant capped at the variant's stock (lines
// of inactive or sold-out variants are dropped), deletes the guest cart and returns the
// user's cart with a report of what happened. An unknown, empty or
// malformed session merges nothing.
func MergeCarts(app core.App, userID, sessionID string) (*MergedCart, error) {
	user := CartOwner{UserID: userID}
	if err := user.check(); err != nil {
		return nil, err
	}
	report := MergeReport{Capped: []MergeCapped{}, Dropped: []MergeDrop{}}
	err := db.Write(app, func(txApp core.App) error {
		report = MergeReport{Capped: []MergeCapped{}, Dropped: []MergeDrop{}} // a busy retry starts again
		// A malformed id cannot name a cart: like an unknown one, it merges nothing.
		if !ValidSessionID(sessionID) {
			return nil
		}
		guestCart, err := findCart(txApp, CartOwner{SessionID: sessionID})
		if err != nil || guestCart == nil {
			return err
		}
		if err := mergeLines(txApp, guestCart.Id, user, &report); err != nil {
			return err
		}
		return dropCart(txApp, guestCart.Id)
	})
	if err != nil {
		return nil, err
	}
	cart, err := loadCart(app, user)
	if err != nil {
		return nil, err
	}
	return &MergedCart{Cart: cart, MergeReport: report}, nil
}

// mergeLines adds the lines of the guest cart to the user's cart and
// writes down in report what it did with each.
func mergeLines(txApp core.App, guestCartID string, user CartOwner, report *MergeReport) error {
	guestLines, err := cartLines(txApp, guestCartID)
	if err != nil || len(guestLines) == 0 {
		return err
	}
	target, err := findOrCreateCart(txApp, user)
	if err != nil {
		return err
	}
	existing, err := txApp.FindAllRecords(cartItemsCollection, dbx.HashExp{"cart": target.Id})
	if err != nil {
		return err
	}
	byVariant := make(map[string]*core.Record, len(existing))
	for _, r := range existing {
		byVariant[r.GetString("variant")] = r
	}
	for _, g := range guestLines {
		line := byVariant[g.VariantID]
		if line == nil {
			line, err = newCartLine(txApp, target.Id, &cartVariant{ID: g.VariantID, ProductID: g.ProductID})
			if err != nil {
				return err
			}
		}
		if err := mergeLine(txApp, line, g, report); err != nil {
			return err
		}
	}
	return nil
}

// mergeLine adds guest line g to the user's line (new or existing).
func mergeLine(txApp core.App, line *core.Record, g CartItem, report *MergeReport) error {
	drop := func(reason string) {
		report.Dropped = append(report.Dropped, MergeDrop{ProductID: g.ProductID, VariantID: g.VariantID, ProductName: g.ProductName,
			VariantLabel: g.VariantLabel, VariantLabelLocalized: g.VariantLabelLocalized, Reason: reason})
	}
	switch {
	case !g.active:
		drop(dropInactive)
		return nil
	case g.AvailableStock < 1:
		drop(dropOutOfStock)
		return nil
	}
	had := line.GetInt("quantity")
	requested := had + g.Quantity
	qty := min(requested, g.AvailableStock, maxLineQuantity)
	if qty < requested {
		report.Capped = append(report.Capped, MergeCapped{ProductID: g.ProductID, VariantID: g.VariantID, ProductName: g.ProductName,
			VariantLabel: g.VariantLabel, VariantLabelLocalized: g.VariantLabelLocalized, Requested: requested, Kept: max(qty, had)})
	}
	if qty <= had {
		return nil // the user's line already holds all there is; it stays as it was
	}
	line.Set("quantity", qty)
	if err := txApp.Save(line); err != nil {
		return err
	}
	report.AddedLines++
	report.AddedUnits += qty - had
	return nil
}

// CartShippingOptions answers q for the owner's cart: its subtotal (the
// query's is ignored), weight and freight-only lines; an empty cart is
// priced like shipping.OptionsFor.
func CartShippingOptions(app core.App, owner CartOwner, q shipping.Query) (*wire.ShippingMethods, error) {
	q.Normalize()
	if err := q.Validate(); err != nil {
		return nil, err
	}
	cart, err := findCart(app, owner)
	if err != nil || cart == nil {
		return shipping.OptionsFor(app, q)
	}
	lines, err := cartLines(app, cart.Id)
	if err != nil {
		return nil, err
	}
	settings, err := shipping.LoadSettings(app)
	if err != nil {
		return nil, err
	}
	settings = settings.WithZones()
	sh := shipping.ShipmentOf(shippingLines(lines), q.Country)
	methods := settings.MethodsFor(sh)
	freight := len(methods) == 1 && methods[0].Freight
	return &wire.ShippingMethods{HomeCountry: settings.HomeCountry, FreeShippingThreshold: settings.HomeThreshold(),
		Methods: methods, WeightKg: wire.Grams(sh.WeightGrams), Freight: freight, FreeShippingMissing: settings.FreeMissing(sh.Subtotal)}, nil
}

// shippingLines are cart lines as shipping prices them.
func shippingLines(lines []CartItem) []shipping.Line {
	out := make([]shipping.Line, len(lines))
	for i, l := range lines {
		out[i] = shipping.Line{Subtotal: l.TotalPrice, WeightGrams: l.weightGrams, Quantity: l.Quantity, FreightOnly: l.freightOnly}
	}
	return out
}
