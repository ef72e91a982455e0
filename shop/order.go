package shop

import (
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/wire"
)

// Collections of orders.
const (
	OrdersCollection     = "orders"
	OrderItemsCollection = "order_items"
)

// Order statuses.
const (
	StatusCreated    = "Created"
	StatusProcessing = "Processing"
	StatusProcessed  = "Processed"
	StatusShipped    = "Shipped"
	StatusDelivered  = "Delivered"
	StatusCancelled  = "Cancelled"
)

// OrderStatuses are the statuses an order may have, in their usual order.
var OrderStatuses = []string{StatusCreated, StatusProcessing, StatusProcessed, StatusShipped, StatusDelivered, StatusCancelled}

// IsOrderStatus reports whether s is one of OrderStatuses.
func IsOrderStatus(s string) bool {
	return slices.Contains(OrderStatuses, s)
}

// MaxAddressFieldLen bounds every shipping and billing text.
const MaxAddressFieldLen = 200

// ShippingInfo is where an order goes and whom to tell.
type ShippingInfo struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address   string `json:"address"`
	City      string `json:"city"`
	State     string `json:"state"`
	ZipCode   string `json:"zipCode"`
	Country   string `json:"country"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
}

// BillingInfo is the billing address of an order.
type BillingInfo struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address   string `json:"address"`
	City      string `json:"city"`
	State     string `json:"state"`
	ZipCode   string `json:"zipCode"`
	Country   string `json:"country"`
}

// OrderInput is what a customer sends to place an order; the lines come
// from the customer's cart.
type OrderInput struct {
	Shipping              ShippingInfo
	Billing               BillingInfo
	UseShippingForBilling bool
	// ShippingMethod is the code of a method that fits the address.
	ShippingMethod string
	// ExpectedTotal, when set, is the total the shopper saw; an order with
	// another total is refused with TotalChangedError.
	ExpectedTotal *Amount
}

// OrderSummary is an order in lists.
type OrderSummary struct {
	ID             string `json:"id"`
	OrderNumber    string `json:"orderNumber"`
	CustomerName   string `json:"customerName"`
	CustomerEmail  string `json:"customerEmail"`
	SubtotalAmount Amount `json:"subtotalAmount"`
	ShippingMethod string `json:"shippingMethod"`
	ShippingAmount Amount `json:"shippingAmount"`
	TotalAmount    Amount `json:"totalAmount"`
	ItemCount      int    `json:"itemCount"`
	Status         string `json:"status"`
	CreatedAt      string `json:"createdAt"`
}

// OrderDetail is an order with its addresses, lines, tracking number and
// status history.
type OrderDetail struct {
	OrderSummary
	Shipping       ShippingInfo   `json:"shipping"`
	Billing        BillingInfo    `json:"billing"`
	Items          []OrderItem    `json:"items"`
	TrackingNumber string         `json:"trackingNumber"`
	History        []StatusChange `json:"history"`
}

// OrderItem is a snapshot of a cart line at the time of the order.
type OrderItem struct {
	ID           string    `json:"id"`
	ProductID    string    `json:"productId"`
	ProductName  Localized `json:"productName"`
	ProductImage string    `json:"productImage"`
	Quantity     int       `json:"quantity"`
	UnitPrice    Amount    `json:"unitPrice"`
	TotalPrice   Amount    `json:"totalPrice"`
}

// field is one text of an address with its JSON path.
type field struct {
	path string
	val  *string
}

// normalize trims every text of the input and copies the billing address
// from shipping when asked to.
func (in *OrderInput) normalize() {
	s := &in.Shipping
	for _, p := range []*string{&s.FirstName, &s.LastName, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country, &s.Phone, &s.Email} {
		*p = strings.TrimSpace(*p)
	}
	s.Email = NormalizeEmail(s.Email)
	if in.UseShippingForBilling {
		in.Billing = BillingInfo{FirstName: s.FirstName, LastName: s.LastName, Address: s.Address,
			City: s.City, State: s.State, ZipCode: s.ZipCode, Country: s.Country}
	}
	b := &in.Billing
	for _, p := range []*string{&b.FirstName, &b.LastName, &b.Address, &b.City, &b.State, &b.ZipCode, &b.Country} {
		*p = strings.TrimSpace(*p)
	}
}

// ValidateOrderInput trims the input and checks it: every shipping field
// required with a valid e-mail, every billing field required unless copied
// from shipping. Errors are keyed "shippingInfo.city", "billingInfo.zipCode".
func ValidateOrderInput(in *OrderInput) error {
	in.normalize()
	s, b := &in.Shipping, &in.Billing
	fields := []field{
		{"shippingInfo.firstName", &s.FirstName}, {"shippingInfo.lastName", &s.LastName},
		{"shippingInfo.address", &s.Address}, {"shippingInfo.city", &s.City},
		{"shippingInfo.state", &s.State}, {"shippingInfo.zipCode", &s.ZipCode},
		{"shippingInfo.country", &s.Country}, {"shippingInfo.phone", &s.Phone},
		{"shippingInfo.email", &s.Email},
	}
	if !in.UseShippingForBilling {
		fields = append(fields,
			field{"billingInfo.firstName", &b.FirstName}, field{"billingInfo.lastName", &b.LastName},
			field{"billingInfo.address", &b.Address}, field{"billingInfo.city", &b.City},
			field{"billingInfo.state", &b.State}, field{"billingInfo.zipCode", &b.ZipCode},
			field{"billingInfo.country", &b.Country})
	}
	errs := InvalidFields{}
	for _, f := range fields {
		switch {
		case *f.val == "":
			errs[f.path] = "This field is required"
		case len([]rune(*f.val)) > MaxAddressFieldLen:
			errs[f.path] = fmt.Sprintf("Must be at most %d characters", MaxAddressFieldLen)
		}
	}
	if _, bad := errs["shippingInfo.email"]; !bad && !plausibleEmail(s.Email) {
		errs["shippingInfo.email"] = "Please enter a valid email address"
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// plausibleEmail reports whether s looks like an e-mail address (the same
// format check PocketBase's email fields use), at most 254 bytes.
func plausibleEmail(s string) bool {
	return len(s) <= 254 && strings.Contains(s, "@") && is.EmailFormat.Validate(s) == nil
}

// orderNumberAlphabet has no look-alikes (0/O, 1/I/L).
const orderNumberAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// NewOrderNumber makes an order number such as ORD-20261122-7KQ2MX: the UTC
// date and six crypto-random characters. It is a variable so tests can force
// collisions.
var NewOrderNumber = func(now time.Time) string {
	var b strings.Builder
	b.WriteString("ORD-")
	b.WriteString(now.UTC().Format("20060102"))
	b.WriteByte('-')
	max := big.NewInt(int64(len(orderNumberAlphabet)))
	for i := 0; i < 6; i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		b.WriteByte(orderNumberAlphabet[n.Int64()])
	}
	return b.String()
}

// uniqueOrderNumber draws order numbers until one is unused.
func uniqueOrderNumber(txApp core.App) (string, error) {
	for attempt := 0; attempt < 10; attempt++ {
		num := NewOrderNumber(time.Now())
		var n int
		err := txApp.DB().Select("COUNT(*)").From(OrdersCollection).
			Where(dbx.HashExp{"orderNumber": num}).Row(&n)
		if err != nil {
			return "", err
		}
		if n == 0 {
			return num, nil
		}
	}
	return "", errors.New("could not draw a free order number")
}

// takeStock decrements a product's stock by n only if at least n are left,
// and reports whether it did. It is the only way stock goes down.
func takeStock(txApp core.App, productID string, n int) (bool, error) {
	res, err := txApp.DB().NewQuery(
		"UPDATE products SET stockQuantity = stockQuantity - {:n} WHERE id = {:id} AND stockQuantity >= {:n}").
		Bind(dbx.Params{"n": n, "id": productID}).Execute()
	if err != nil {
		return false, err
	}
	rows, err := res.RowsAffected()
	return rows == 1, err
}

// putBackStock returns n units of a product to stock (a cancelled order).
// A product deleted meanwhile has nothing to return to.
func putBackStock(txApp core.App, productID string, n int) error {
	_, err := txApp.DB().NewQuery(
		"UPDATE products SET stockQuantity = stockQuantity + {:n} WHERE id = {:id}").
		Bind(dbx.Params{"n": n, "id": productID}).Execute()
	return err
}

// restockAndNotify puts n units back (raw SQL skips the product hooks) and,
// when that takes the product from 0 to more, tells its waiting shoppers.
func restockAndNotify(txApp core.App, productID string, n int) error {
	before, exists, err := currentStock(txApp, productID)
	if err != nil || !exists {
		return err
	}
	if err := putBackStock(txApp, productID, n); err != nil {
		return err
	}
	if before <= 0 && before+n > 0 {
		return NotifyBackInStock(txApp, productID)
	}
	return nil
}

// currentStock reads a product's stock; ok is false for a deleted product.
func currentStock(txApp core.App, productID string) (stock int, ok bool, err error) {
	var f float64
	err = txApp.DB().Select("stockQuantity").From(ProductsCollection).
		Where(dbx.HashExp{"id": productID}).Row(&f)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return int(math.Round(f)), err == nil, err
}

// PlaceOrder turns the user's cart into an order in one transaction: every
// line is checked (product active, enough stock) and its stock taken with a
// conditional update, shipping is priced by the shop's settings, the order
// is written with a snapshot of each line, and the cart is cleared. If any
// line fails, LineErrors names all failing lines and
// nothing changes. An empty cart is ErrCartEmpty; bad addresses or a method
// that does not fit are InvalidFields; a total other than ExpectedTotal is
// *TotalChangedError.
func PlaceOrder(app core.App, userID string, in OrderInput) (*OrderDetail, error) {
	if userID == "" {
		return nil, ErrSessionRequired
	}
	if err := ValidateOrderInput(&in); err != nil {
		return nil, err
	}
	var detail *OrderDetail
	err := runWriteTx(app, func(txApp core.App) error {
		cartRec, lines, err := checkoutLines(txApp, userID)
		if err != nil {
			return err
		}
		price, err := priceOrder(txApp, in, lines)
		if err != nil {
			return err
		}
		if err := takeLinesStock(txApp, lines); err != nil {
			return err // rolls back the stock taken for the other lines
		}
		detail, err = writeOrder(txApp, userID, in, lines, price)
		if err != nil {
			return err
		}
		if err := queueOrderPlaced(txApp, userID, detail); err != nil {
			return err
		}
		// Other carts may now hold more than is left; they keep their lines
		// (the cart shows availableStock) and their checkout answers 409.
		return txApp.Delete(cartRec)
	})
	if err != nil {
		return nil, err
	}
	return detail, nil
}

// checkoutLines loads the user's cart and its lines; no lines is ErrCartEmpty.
func checkoutLines(txApp core.App, userID string) (*core.Record, []CartItem, error) {
	cartRec, err := findCart(txApp, CartOwner{UserID: userID})
	if err != nil {
		return nil, nil, err
	}
	if cartRec == nil {
		return nil, nil, ErrCartEmpty
	}
	lines, err := cartLines(txApp, cartRec.Id)
	if err != nil {
		return nil, nil, err
	}
	if len(lines) == 0 {
		return nil, nil, ErrCartEmpty
	}
	return cartRec, lines, nil
}

// takeLinesStock checks every line and takes its stock; the failing lines
// come back together as LineErrors.
func takeLinesStock(txApp core.App, lines []CartItem) error {
	failed := LineErrors{}
	for _, l := range lines {
		if !l.active {
			failed[l.ProductID] = LineError{}
			continue
		}
		ok, err := takeStock(txApp, l.ProductID, l.Quantity)
		if err != nil {
			return err
		}
		if !ok {
			failed[l.ProductID] = LineError{Short: true, Available: l.AvailableStock}
		}
	}
	if len(failed) > 0 {
		return failed
	}
	return nil
}

// writeOrder saves the order record and its line snapshots.
func writeOrder(txApp core.App, userID string, in OrderInput, lines []CartItem, price OrderPrice) (*OrderDetail, error) {
	ordersCol, err := txApp.FindCachedCollectionByNameOrId(OrdersCollection)
	if err != nil {
		return nil, err
	}
	itemsCol, err := txApp.FindCachedCollectionByNameOrId(OrderItemsCollection)
	if err != nil {
		return nil, err
	}
	number, err := uniqueOrderNumber(txApp)
	if err != nil {
		return nil, err
	}
	count := 0
	for _, l := range lines {
		count += l.Quantity
	}
	order := core.NewRecord(ordersCol)
	order.Set("orderNumber", number)
	order.Set("user", userID)
	order.Set("customerName", strings.TrimSpace(in.Shipping.FirstName+" "+in.Shipping.LastName))
	order.Set("customerEmail", in.Shipping.Email)
	order.Set("status", StatusCreated)
	order.Set("subtotalCents", int64(price.Subtotal))
	order.Set("shippingMethod", in.ShippingMethod)
	order.Set("shippingCents", int64(price.Shipping))
	order.Set("totalCents", int64(price.Total))
	order.Set("itemCount", count)
	order.Set("shipping", in.Shipping)
	order.Set("billing", in.Billing)
	if err := txApp.Save(order); err != nil {
		return nil, err
	}
	detail := &OrderDetail{
		OrderSummary: summaryOf(order),
		Shipping:     in.Shipping,
		Billing:      in.Billing,
		Items:        make([]OrderItem, 0, len(lines)),
		History:      historyOf(order),
	}
	for _, l := range lines {
		item := core.NewRecord(itemsCol)
		item.Set("orderRef", order.Id)
		item.Set("productId", l.ProductID)
		item.Set("productName", l.ProductName)
		item.Set("productImage", l.ImageFileName)
		item.Set("quantity", l.Quantity)
		item.Set("unitPriceCents", int64(l.UnitPrice))
		item.Set("totalCents", int64(l.TotalPrice))
		if err := txApp.Save(item); err != nil {
			return nil, err
		}
		detail.Items = append(detail.Items, OrderItem{
			ID: item.Id, ProductID: l.ProductID, ProductName: l.ProductName, ProductImage: l.ImageFileName,
			Quantity: l.Quantity, UnitPrice: l.UnitPrice, TotalPrice: l.TotalPrice,
		})
	}
	return detail, nil
}

// summaryOf reads the summary fields of an order record.
func summaryOf(rec *core.Record) OrderSummary {
	return OrderSummary{
		ID:             rec.Id,
		OrderNumber:    rec.GetString("orderNumber"),
		CustomerName:   rec.GetString("customerName"),
		CustomerEmail:  rec.GetString("customerEmail"),
		SubtotalAmount: Amount(int64(rec.GetFloat("subtotalCents"))),
		ShippingMethod: rec.GetString("shippingMethod"),
		ShippingAmount: Amount(int64(rec.GetFloat("shippingCents"))),
		TotalAmount:    Amount(int64(rec.GetFloat("totalCents"))),
		ItemCount:      rec.GetInt("itemCount"),
		Status:         rec.GetString("status"),
		CreatedAt:      wire.Stamp(rec.GetDateTime("created")),
	}
}

// orderSummaryRow is one row of an order list query.
type orderSummaryRow struct {
	ID             string         `db:"id"`
	OrderNumber    string         `db:"orderNumber"`
	CustomerName   string         `db:"customerName"`
	CustomerEmail  string         `db:"customerEmail"`
	SubtotalCents  float64        `db:"subtotalCents"`
	ShippingMethod string         `db:"shippingMethod"`
	ShippingCents  float64        `db:"shippingCents"`
	TotalCents     float64        `db:"totalCents"`
	ItemCount      float64        `db:"itemCount"`
	Status         string         `db:"status"`
	Created        types.DateTime `db:"created"`
}

// summary converts a list row.
func (r orderSummaryRow) summary() OrderSummary {
	return OrderSummary{
		ID: r.ID, OrderNumber: r.OrderNumber, CustomerName: r.CustomerName, CustomerEmail: r.CustomerEmail,
		SubtotalAmount: Amount(int64(math.Round(r.SubtotalCents))), ShippingMethod: r.ShippingMethod,
		ShippingAmount: Amount(int64(math.Round(r.ShippingCents))),
		TotalAmount:    Amount(int64(math.Round(r.TotalCents))), ItemCount: int(math.Round(r.ItemCount)),
		Status: r.Status, CreatedAt: wire.Stamp(r.Created),
	}
}

// summaryColumns are the columns of orderSummaryRow.
var summaryColumns = []string{"id", "orderNumber", "customerName", "customerEmail", "subtotalCents",
	"shippingMethod", "shippingCents", "totalCents", "itemCount", "status", "created"}

// listOrders reads order summaries, newest first, in one query.
func listOrders(app core.App, where dbx.Expression) ([]OrderSummary, error) {
	var rows []orderSummaryRow
	q := app.DB().Select(summaryColumns...).
		From(OrdersCollection).OrderBy("created DESC", "rowid DESC")
	if where != nil {
		q = q.Where(where)
	}
	if err := q.All(&rows); err != nil {
		return nil, err
	}
	out := make([]OrderSummary, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.summary())
	}
	return out, nil
}

// ListUserOrders returns the user's own orders, newest first.
func ListUserOrders(app core.App, userID string) ([]OrderSummary, error) {
	if userID == "" {
		return []OrderSummary{}, nil
	}
	return listOrders(app, dbx.HashExp{"user": userID})
}

// ListAllOrders returns every order, newest first (admins).
func ListAllOrders(app core.App) ([]OrderSummary, error) {
	return listOrders(app, nil)
}

// GetUserOrder returns one of the user's own orders; anyone else's is
// ErrOrderNotFound.
func GetUserOrder(app core.App, userID, orderID string) (*OrderDetail, error) {
	rec, err := findOrder(app, orderID)
	if err != nil {
		return nil, err
	}
	if userID == "" || rec.GetString("user") != userID {
		return nil, ErrOrderNotFound
	}
	return orderDetail(app, rec)
}

// GetOrder returns any order (admins).
func GetOrder(app core.App, orderID string) (*OrderDetail, error) {
	rec, err := findOrder(app, orderID)
	if err != nil {
		return nil, err
	}
	return orderDetail(app, rec)
}

// findOrder loads an order record or answers ErrOrderNotFound.
func findOrder(app core.App, orderID string) (*core.Record, error) {
	if orderID == "" {
		return nil, ErrOrderNotFound
	}
	rec, err := app.FindRecordById(OrdersCollection, orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrOrderNotFound
	}
	return rec, err
}

// orderItems reads the line snapshots of an order.
func orderItems(app core.App, orderID string) ([]*core.Record, error) {
	// In the order they were written (the cart's order); without ORDER BY
	// SQLite may follow whichever index it picks.
	recs := []*core.Record{}
	err := app.RecordQuery(OrderItemsCollection).Where(dbx.HashExp{"orderRef": orderID}).OrderBy("rowid ASC").All(&recs)
	return recs, err
}

// orderDetail reads an order's lines and builds its detail.
func orderDetail(app core.App, rec *core.Record) (*OrderDetail, error) {
	items, err := orderItems(app, rec.Id)
	if err != nil {
		return nil, err
	}
	d := &OrderDetail{OrderSummary: summaryOf(rec), Items: make([]OrderItem, 0, len(items)),
		TrackingNumber: rec.GetString("trackingNumber"), History: historyOf(rec)}
	_ = rec.UnmarshalJSONField("shipping", &d.Shipping)
	_ = rec.UnmarshalJSONField("billing", &d.Billing)
	for _, it := range items {
		name, _ := ParseLocalized(jsonValue(it.Get("productName")))
		d.Items = append(d.Items, OrderItem{
			ID:           it.Id,
			ProductID:    it.GetString("productId"),
			ProductName:  name,
			ProductImage: it.GetString("productImage"),
			Quantity:     it.GetInt("quantity"),
			UnitPrice:    Amount(int64(it.GetFloat("unitPriceCents"))),
			TotalPrice:   Amount(int64(it.GetFloat("totalCents"))),
		})
	}
	return d, nil
}

// SetOrderStatus changes an order's status (admins); see UpdateOrderStatus.
func SetOrderStatus(app core.App, orderID, status string) (*OrderDetail, error) {
	return UpdateOrderStatus(app, orderID, StatusUpdate{Status: status})
}

// OrderStockHook is the orders OnRecordUpdate hook that keeps stock in step
// with the status however an order is saved (our routes, the dashboard):
// moving into Cancelled returns the ordered units to stock, moving out of it
// takes them again with the conditional update (LineErrors when a product
// no longer has enough or was deleted). It runs in the save's transaction,
// or opens one, and compares with the status stored in the database, so a
// cancellation restocks exactly once.
func OrderStockHook(e *core.RecordEvent) error {
	newStatus := e.Record.GetString("status")
	if newStatus != StatusCancelled && e.Record.Original().GetString("status") != StatusCancelled {
		return e.Next() // neither side is Cancelled: nothing to do with stock
	}
	return withStoredStatus(e, func(txApp core.App, stored string) error {
		cancelling := newStatus == StatusCancelled && stored != StatusCancelled
		reviving := newStatus != StatusCancelled && stored == StatusCancelled
		if cancelling || reviving {
			if err := moveOrderStock(txApp, e.Record.Id, cancelling); err != nil {
				return err
			}
		}
		return e.Next()
	})
}

// OrderDeleteStockHook is the orders OnRecordDelete hook. Only superusers
// can delete an order (from the dashboard); when it had not shipped yet
// (Created, Processing, Processed) its units never left the shop, so they
// return to stock in the same transaction as the delete. Deleting a
// shipped, delivered or already cancelled order moves no stock.
func OrderDeleteStockHook(e *core.RecordEvent) error {
	return withStoredStatus(e, func(txApp core.App, stored string) error {
		switch stored {
		case StatusCreated, StatusProcessing, StatusProcessed:
			// Read the lines before e.Next() deletes them with the order.
			if err := moveOrderStock(txApp, e.Record.Id, true); err != nil {
				return err
			}
		}
		return e.Next()
	})
}

// withStoredStatus runs fn in the event's transaction (or a new one) with
// the order's status as stored in the database ("" when it is not stored
// yet), so the hooks above compare with what is committed, not with what
// the caller loaded earlier. e.App is the transaction while fn runs.
func withStoredStatus(e *core.RecordEvent, fn func(txApp core.App, stored string) error) error {
	originalApp := e.App
	defer func() { e.App = originalApp }()
	return e.App.RunInTransaction(func(txApp core.App) error {
		e.App = txApp
		var stored string
		err := txApp.DB().Select("status").From(OrdersCollection).
			Where(dbx.HashExp{"id": e.Record.Id}).Row(&stored)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return fn(txApp, stored)
	})
}

// moveOrderStock puts an order's units back into stock (restock true) or
// takes them out again.
func moveOrderStock(txApp core.App, orderID string, restock bool) error {
	items, err := orderItems(txApp, orderID)
	if err != nil {
		return err
	}
	qty := map[string]int{} // a product could appear on two lines of old data
	var ids []string
	for _, it := range items {
		pid := it.GetString("productId")
		if _, seen := qty[pid]; !seen {
			ids = append(ids, pid)
		}
		qty[pid] += it.GetInt("quantity")
	}
	failed := LineErrors{}
	for _, pid := range ids {
		if restock {
			if err := restockAndNotify(txApp, pid, qty[pid]); err != nil {
				return err
			}
			continue
		}
		stock, exists, err := currentStock(txApp, pid)
		if err != nil {
			return err
		}
		if !exists {
			failed[pid] = LineError{Deleted: true}
			continue
		}
		ok, err := takeStock(txApp, pid, qty[pid])
		if err != nil {
			return err
		}
		if !ok {
			failed[pid] = LineError{Short: true, Available: stock}
		}
	}
	if len(failed) > 0 {
		return failed
	}
	return nil
}
